// Figures of a generated dataset, read from its qa/ files, annotations and manifest by the
// dataset reader (pipeline/dataset/read-dataset.ts): per task the
// question count per split (the tiny set, a subset of test, shown apart and not added), answer histograms (by axis and value for commands, by letter
// for choices, decoy schemes; those a task declares of its own, e.g. the pair choices' axes,
// the H-bond tasks' verdicts per split, distances and bonds per complex: TaskModule.statsHistograms) and
// the number of draws replaced by checks; per task the image sizes (from the annotations: a
// dataset may draw its tasks at different sizes) and the label legibility; per geometric task
// what a careful observer can measure (pipeline/audit/observer-margins.ts): how many pixels
// apart the true answer's picture and its neighbours' are.

import { CommandsTruthSchema, LetterTruthSchema, parseTruth } from '../../qa/answer-kinds.ts';
import { BASE_SPLITS, isSplit, TINY } from '../../qa/split-names.ts';
import { taskById } from '../../qa/task-registry.ts';
import type { LabelRecord } from '../../renders/scene-labels.ts';
import type { MarginRecord } from '../audit/observer-margins.ts';
import { marginLines, observerMargins, type TaskMargins } from '../audit/task-margins.ts';
import { openDataset, readQaFile } from '../dataset/read-dataset.ts';
import { count } from '../plural.ts';
import { type CoverageFigures, CoverageTally, coverageLines, type ImageCoverage, imageCoverage } from './label-coverage.ts';
import {
  type LegibilityFigures,
  LegibilityTally,
  type LegibilityTarget,
  legibilityShares,
  legibilityTarget,
  referencedLabels,
} from './label-legibility.ts';

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
  /** How much of the molecule the labels hide (pipeline/generate/label-coverage.ts): images drawing the
   * pocket, and images of the ligand alone (docking's), when the annotations record atoms and labels. */
  coverage?: { whole: CoverageFigures; ligandAlone: CoverageFigures | null };
  /** Geometric tasks: pixels between the true answer's picture and its neighbours' (pipeline/audit/observer-margins.ts), when any question could be measured. */
  margins?: TaskMargins;
}

/** The parts of a record's meta the figures read (pipeline/generate/records.ts writes them). */
interface RecordMeta {
  replacements?: number;
  params?: Record<string, unknown>;
  decoySchemes?: string[];
}

function bump(h: Record<string, Record<string, number>>, name: string, key: string): void {
  h[name] ??= {};
  h[name][key] = (h[name][key] ?? 0) + 1;
}

/**
 * `annotations: false` leaves out what only the annotations give (image sizes, label
 * legibility): no annotation is read. `onProblem` takes each annotation or atom table that
 * could not be read (file and cause; the figures leave it out).
 */
export function datasetStats(dir: string, o: { annotations?: boolean; onProblem?: (problem: string) => void } = {}): TaskStats[] {
  const dataset = openDataset(dir);
  const manifest = dataset.manifest;
  const byTask = new Map<string, TaskStats>();
  const tallies = new Map<string, LegibilityTally>();
  // Of each image's annotation, its labels and size only (no annotation, or one without
  // labels or a camera: nothing to count).
  type Seen = { labels: LabelRecord[] | null; size: string | null; coverage: ImageCoverage | null; ligandAlone: boolean; omitted: number };
  const seenAnnotations = new Map<string, Seen>();
  const annotationOf = (image: string): Seen => {
    let hit = seenAnnotations.get(image);
    if (!hit && o.annotations === false) return { labels: null, size: null, coverage: null, ligandAlone: false, omitted: 0 };
    if (!hit) {
      const a = dataset.annotation(image);
      const w = a?.camera?.width,
        h = a?.camera?.height;
      hit = {
        labels: a?.labels ?? null,
        size: typeof w === 'number' && typeof h === 'number' ? (w === h ? String(w) : `${w} x ${h}`) : null,
        coverage: a?.atoms && a.labels ? imageCoverage(a.atoms, a.labels) : null,
        ligandAlone: a?.subset === 'ligand',
        omitted: a?.labelLayout?.omitted ?? 0,
      };
      seenAnnotations.set(image, hit);
    }
    return hit;
  };
  const coverage = new Map<string, { whole: CoverageTally; ligandAlone: CoverageTally }>();
  const labelsOf = (image: string) => annotationOf(image).labels;
  const sizeOf = (image: string) => annotationOf(image).size;
  const sizedImages = new Map<string, Set<string>>();
  const measured: MarginRecord[] = [];
  for (const file of dataset.files) {
    const { task, split } = file;
    const s: TaskStats = byTask.get(task) ?? {
      task,
      count: {},
      histograms: {},
      replacements: { written: 0, run: manifest?.replacements?.[task] ?? null },
    };
    byTask.set(task, s);
    const histogramsOf = taskById(task)?.statsHistograms;
    const records = readQaFile(file).map((q) => q.record);
    s.count[split] = (s.count[split] ?? 0) + records.length;
    // The tiny set repeats test questions: counted above, left out of the histograms and
    // replacement totals so no question is counted twice.
    if (split === TINY) continue;
    if (o.annotations !== false && dataset.annotationLayout !== 'none') measured.push(...records);
    for (const r of records) {
      const meta = r.meta as RecordMeta;
      s.replacements.written += Number(meta.replacements ?? 0);
      const images = r.images.map((im) => ({ key: im, labels: labelsOf(im) }));
      for (const im of r.images) {
        const size = sizeOf(im);
        if (size === null) continue;
        const seen = sizedImages.get(task) ?? new Set<string>();
        sizedImages.set(task, seen);
        if (seen.has(im)) continue;
        seen.add(im);
        s.imageSizes ??= {};
        s.imageSizes[size] = (s.imageSizes[size] ?? 0) + 1;
      }
      for (const im of r.images) {
        const a = annotationOf(im);
        if (!a.coverage) continue;
        const c = coverage.get(task) ?? { whole: new CoverageTally(), ligandAlone: new CoverageTally() };
        coverage.set(task, c);
        (a.ligandAlone ? c.ligandAlone : c.whole).addCounted(im, a.coverage, a.labels?.length ?? 0, a.omitted);
      }
      if (images.length && images.every((im) => im.labels)) {
        const tally = tallies.get(task) ?? new LegibilityTally();
        tallies.set(task, tally);
        tally.add(
          images as { key: string; labels: LabelRecord[] }[],
          referencedLabels(taskById(task), { truth: r.truth, params: meta.params ?? {} }),
        );
      }
      const choice = parseTruth(LetterTruthSchema, r.truth);
      if (choice) bump(s.histograms, 'letter', choice.letter);
      const commands = choice ? undefined : parseTruth(CommandsTruthSchema, r.truth);
      if (commands) {
        for (const c of commands.commands) {
          bump(s.histograms, `${c.kind} axis`, c.axis);
          bump(s.histograms, `${c.kind} ${c.axis}`, String(c.amount));
        }
      }
      // The task's own histograms (TaskModule.statsHistograms: the pair choices' axes, the H-bond tasks' verdicts, distances, bonds per complex).
      for (const [name, value] of histogramsOf?.({ split, params: meta.params ?? {} }) ?? []) bump(s.histograms, name, value);
      for (const scheme of meta.decoySchemes ?? []) bump(s.histograms, 'decoy scheme', scheme);
    }
  }
  for (const [task, tally] of tallies) {
    const target = legibilityTarget(taskById(task), tally.figures);
    byTask.get(task)!.legibility = { ...tally.figures, shares: legibilityShares(tally.figures), ...(target ? { target } : {}) };
  }
  for (const [task, c] of coverage) {
    const alone = c.ligandAlone.figures;
    byTask.get(task)!.coverage = { whole: c.whole.figures, ligandAlone: alone.images ? alone : null };
  }
  // A question may state what its answer needs when the run's task options say so (zooming's
  // camera distance: before that option, none did).
  const runOptions: Record<string, unknown> = { ...manifest?.options };
  for (const m of observerMargins(measured, (image) => dataset.annotation(image), runOptions)) {
    if (m.questions > 0) byTask.get(m.task)!.margins = m;
  }
  for (const p of dataset.annotationProblems) o.onProblem?.(p);
  return dataset.tasks.flatMap((t) => byTask.get(t) ?? []);
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
    const total = Object.entries(s.count)
      .filter(([k]) => k !== TINY)
      .reduce((a, [, b]) => a + b, 0);
    const rankSplit = (k: string) => (isSplit(k) && BASE_SPLITS.includes(k) ? BASE_SPLITS.indexOf(k) : BASE_SPLITS.length);
    const sides = Object.entries(s.count)
      .filter(([k]) => k !== TINY)
      .sort(([a], [b]) => rankSplit(a) - rankSplit(b) || (a < b ? -1 : 1));
    const tiny = s.count.tiny === undefined ? '' : `; tiny ${s.count.tiny} of the test ones`;
    const splits = sides.map(([k, v]) => `${k} ${v}`).join(', ') + tiny;
    const run = s.replacements.run === null ? '' : ` (${s.replacements.run} in the run, rejected questions included)`;
    out.push(`${s.task}: ${count(total, 'question')} (${splits}); replaced draws ${s.replacements.written}${run}`);
    for (const [name, h] of Object.entries(s.histograms).sort(([a], [b]) => (a < b ? -1 : 1))) {
      const cells = Object.keys(h)
        .sort(numericFirst)
        .map((k) => `${k}:${h[k]}`)
        .join('  ');
      out.push(`  ${name.padEnd(14)} ${cells}`);
    }
    if (s.imageSizes) {
      const sizes = Object.keys(s.imageSizes)
        .sort(numericFirst)
        .map((k) => `${s.imageSizes![k]} at ${k} px`)
        .join(', ');
      out.push(`  ${'images'.padEnd(14)} ${sizes}`);
    }
    const l = s.legibility;
    if (l) {
      const pc = (v: number | null) => (v === null ? '-' : `${(100 * v).toFixed(1)} %`);
      out.push(`  ${'labels'.padEnd(14)} ${l.labels} in ${l.images} images, ${pc(l.shares.colliding)} colliding`);
      if (l.referenced)
        out.push(
          `  ${'referenced'.padEnd(14)} ${l.referenced} labels, readable in all images ${pc(l.shares.referencedReadableInAll)}, in >= 4 ${pc(l.shares.referencedReadableInFour)}`,
        );
      if (l.referenced && l.target) out.push(`  ${'target'.padEnd(14)} ${l.target.text}`);
    }
    if (s.coverage)
      for (const line of coverageLines(s.coverage.whole, s.coverage.ligandAlone)) out.push(`  ${'labels hide'.padEnd(14)} ${line}`);
    if (s.margins) for (const line of marginLines(s.margins)) out.push(`  ${line}`);
  }
  return out.join('\n') + '\n';
}
