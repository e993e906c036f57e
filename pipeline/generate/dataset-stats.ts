// Figures of a generated dataset, read from its qa/ files and manifest: per task the
// question count per split (the tiny set, a subset of test, shown apart and not added), answer histograms (by axis and value for commands, by letter
// for choices; for the H-bond tasks verdicts per split, distances and bonds per complex) and
// the number of draws replaced by checks; per task the image sizes (from the annotations: a
// dataset may draw its tasks at different sizes) and the label legibility.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { legibilityTarget, LegibilityTally, legibilityShares, referencedLabels, type LegibilityFigures, type LegibilityTarget } from './label-legibility.ts';
import type { LabelRecord } from '../../renders/scene-labels.ts';

export interface TaskStats {
  task: string;
  count: Record<string, number>;
  /** Histograms by name: `letter`, `axis`, `roll x`, `move x`... -> value -> count. */
  histograms: Record<string, Record<string, number>>;
  /** Replacements in the written questions (meta), and in the whole run (manifest, rejects included). */
  replacements: { written: number; run: number | null };
  /** Distinct images by size (`512` for 512 x 512, else `W x H`), from the annotations. */
  imageSizes?: Record<string, number>;
  /** Label legibility (pipeline/generate/label-legibility.ts), when the annotations record labels. */
  legibility?: LegibilityFigures & { shares: ReturnType<typeof legibilityShares>; target?: LegibilityTarget };
}

export class DatasetError extends Error {}

function bump(h: Record<string, Record<string, number>>, name: string, key: string): void {
  h[name] ??= {};
  h[name][key] = (h[name][key] ?? 0) + 1;
}

function readRecords(path: string): any[] {
  const lines = readFileSync(path, 'utf8').split('\n');
  return lines.flatMap((line, i) => {
    if (!line.trim()) return [];
    try {
      return [JSON.parse(line)];
    } catch {
      throw new DatasetError(`${path} line ${i + 1}: not valid JSON`);
    }
  });
}

export function datasetStats(dir: string): TaskStats[] {
  let files: string[];
  try {
    files = readdirSync(join(dir, 'qa')).filter((f) => /^[\w-]+\.[\w-]+\.jsonl$/.test(f)).sort();
  } catch {
    throw new DatasetError(`${dir}: no qa/ folder (not a generate output?)`);
  }
  let manifest: any = null;
  try {
    manifest = JSON.parse(readFileSync(join(dir, 'manifest.json'), 'utf8'));
  } catch {
    manifest = null;
  }
  const order: string[] = manifest?.options?.tasks ?? [];
  const byTask = new Map<string, TaskStats>();
  const tallies = new Map<string, LegibilityTally>();
  const annotationCache = new Map<string, { labels: LabelRecord[] | null; size: string | null }>();
  const annotationOf = (image: string) => {
    let hit = annotationCache.get(image);
    if (!hit) {
      const key = image.replace(/^.*\//, '').replace(/\.\w+$/, '');
      hit = { labels: null, size: null };
      try {
        const a = JSON.parse(readFileSync(join(dir, 'annotations', `${key}.json`), 'utf8'));
        hit.labels = a.labels ?? null;
        const w = a.camera?.width, h = a.camera?.height;
        if (typeof w === 'number' && typeof h === 'number') hit.size = w === h ? String(w) : `${w} x ${h}`;
      } catch {
        // no annotation: no labels or size to count
      }
      annotationCache.set(image, hit);
    }
    return hit;
  };
  const labelsOf = (image: string): LabelRecord[] | null => annotationOf(image).labels;
  const sizedImages = new Map<string, Set<string>>();
  for (const f of files) {
    const [task, split] = f.replace(/\.jsonl$/, '').split('.');
    const s: TaskStats = byTask.get(task) ?? { task, count: {}, histograms: {}, replacements: { written: 0, run: manifest?.replacements?.[task] ?? null } };
    byTask.set(task, s);
    const records = readRecords(join(dir, 'qa', f));
    s.count[split] = (s.count[split] ?? 0) + records.length;
    // The tiny set repeats test questions: counted above, left out of the histograms and
    // replacement totals so no question is counted twice.
    if (split === 'tiny') continue;
    for (const r of records) {
      s.replacements.written += Number(r.meta?.replacements ?? 0);
      const images = (r.images ?? []).map((im: string) => ({ key: im, labels: labelsOf(im) }));
      for (const im of r.images ?? []) {
        const size = annotationOf(im).size;
        if (size === null) continue;
        const seen = sizedImages.get(task) ?? new Set<string>();
        sizedImages.set(task, seen);
        if (seen.has(im)) continue;
        seen.add(im);
        s.imageSizes ??= {};
        s.imageSizes[size] = (s.imageSizes[size] ?? 0) + 1;
      }
      if (images.length && images.every((im: { labels: LabelRecord[] | null }) => im.labels)) {
        const tally = tallies.get(task) ?? new LegibilityTally();
        tallies.set(task, tally);
        tally.add(images as { key: string; labels: LabelRecord[] }[], referencedLabels(task, r.truth, r.meta?.params));
      }
      const t = r.truth ?? {};
      if (typeof t.letter === 'string') bump(s.histograms, 'letter', t.letter);
      if (Array.isArray(t.commands)) {
        for (const c of t.commands) {
          bump(s.histograms, `${c.kind} axis`, c.axis);
          bump(s.histograms, `${c.kind} ${c.axis}`, String(c.amount));
        }
      }
      for (const key of ['f1', 'f2']) {
        const text = r.meta?.params?.[key];
        if (typeof text === 'string') bump(s.histograms, `${key} axis`, text.split(' ').slice(0, 2).join(' '));
      }
      for (const scheme of r.meta?.decoySchemes ?? []) bump(s.histograms, 'decoy scheme', scheme);
      // H-bond tasks: residue-ligand positives/negatives per split and their least
      // residue-ligand distance (1 A bins, lower edge); pocket-ligand bonds per complex.
      const p = r.meta?.params ?? {};
      if (typeof p.verdict === 'string') {
        bump(s.histograms, `verdict ${split}`, p.verdict);
        if (typeof p.minDistance === 'number') bump(s.histograms, `distance ${p.verdict}`, String(Math.floor(p.minDistance)));
      }
      if (typeof p.complexBonds === 'number') bump(s.histograms, 'bonds/complex', String(p.complexBonds));
    }
  }
  for (const [task, tally] of tallies) {
    const target = legibilityTarget(task, tally.figures);
    byTask.get(task)!.legibility = { ...tally.figures, shares: legibilityShares(tally.figures), ...(target ? { target } : {}) };
  }
  const rank = (t: string) => (order.includes(t) ? order.indexOf(t) : order.length);
  return [...byTask.values()].sort((a, b) => rank(a.task) - rank(b.task) || (a.task < b.task ? -1 : 1));
}

const numericFirst = (a: string, b: string) => {
  const x = Number(a);
  const y = Number(b);
  return Number.isNaN(x) || Number.isNaN(y) ? (a < b ? -1 : a > b ? 1 : 0) : x - y;
};

export function formatStats(stats: TaskStats[]): string {
  const out: string[] = [];
  for (const s of stats) {
    // The tiny set is drawn from the test questions: shown apart, never added to the total.
    const total = Object.entries(s.count).filter(([k]) => k !== 'tiny').reduce((a, [, b]) => a + b, 0);
    const rankSplit = (k: string) => (k === 'train' ? 0 : k === 'test' ? 1 : 2);
    const sides = Object.entries(s.count).filter(([k]) => k !== 'tiny').sort(([a], [b]) => rankSplit(a) - rankSplit(b) || (a < b ? -1 : 1));
    const tiny = s.count.tiny === undefined ? '' : `; tiny ${s.count.tiny} of the test ones`;
    const splits = sides.map(([k, v]) => `${k} ${v}`).join(', ') + tiny;
    const run = s.replacements.run === null ? '' : ` (${s.replacements.run} in the run, rejected questions included)`;
    out.push(`${s.task}: ${total} questions (${splits}); replaced draws ${s.replacements.written}${run}`);
    for (const [name, h] of Object.entries(s.histograms).sort(([a], [b]) => (a < b ? -1 : 1))) {
      const cells = Object.keys(h).sort(numericFirst).map((k) => `${k}:${h[k]}`).join('  ');
      out.push(`  ${name.padEnd(14)} ${cells}`);
    }
    if (s.imageSizes) {
      const sizes = Object.keys(s.imageSizes).sort(numericFirst).map((k) => `${s.imageSizes![k]} at ${k} px`).join(', ');
      out.push(`  ${'images'.padEnd(14)} ${sizes}`);
    }
    const l = s.legibility;
    if (l) {
      const pc = (v: number | null) => (v === null ? '-' : `${(100 * v).toFixed(1)} %`);
      out.push(`  ${'labels'.padEnd(14)} ${l.labels} in ${l.images} images, ${pc(l.shares.colliding)} colliding`);
      if (l.referenced) out.push(`  ${'referenced'.padEnd(14)} ${l.referenced} labels, readable in all images ${pc(l.shares.referencedReadableInAll)}, in >= 4 ${pc(l.shares.referencedReadableInFour)}`);
      if (l.referenced && l.target) out.push(`  ${'target'.padEnd(14)} ${l.target.text}`);
    }
  }
  return out.join('\n') + '\n';
}
