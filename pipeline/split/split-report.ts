// What `split` (and `stats`) print about a split by protein, from its split.json: aim and
// achievement, the histogram of every test complex's identity to its nearest train complex
// (the audit's), and where the largest single-linkage groups went.

import { TEST } from '../../qa/split-names.ts';
import { readSplitJson } from '../dataset/read-dataset.ts';
import type { SplitFile } from './split-file.ts';

/** The shortfall sentence when test is short of the aim (null when reached). */
export function shortfall(f: SplitFile): string | null {
  const a = f.achieved;
  if (!a || a.short <= 0) return null;
  return `test holds ${a.test} complexes, ${a.short} short of the ${a.aimed} aimed at (${pct(a.short / a.aimed)} short), with ${a.excluded} excluded of at most ${a.maxExcluded}; raise --max-excluded, lower --test-share, or accept it with --allow-short`;
}

const pct = (x: number) => `${(100 * x).toFixed(1)} %`;

/** Aimed vs achieved and the audit, one line. */
export function achievedLine(f: SplitFile): string | null {
  const a = f.achieved;
  if (!a) return null;
  const n = a.test + a.train + a.excluded + a.val;
  return `aimed ${a.aimed} test, got ${a.test}; train ${a.train}, excluded ${a.excluded} (${pct(a.excluded / Math.max(1, n))}, at most ${a.maxExcluded})${a.val ? `, val ${a.val}` : ''}; audit: ${a.pairsAudited} test x train pairs, ${a.leaks} at the threshold${a.moved ? `, ${a.moved} train complexes moved to excluded` : ''}${a.leaksLeft ? `, ${a.leaksLeft} left in train (use --fix-leaks)` : ''}`;
}

/** Test complexes by their nearest train identity, in 10-point bins (and those with nothing to compare). */
export function nearestHistogram(f: SplitFile): string[] {
  const bins = new Array(11).fill(0);
  let none = 0;
  for (const c of f.complexes) {
    if (c.side !== TEST || c.nearest === undefined) continue;
    if (c.nearest === null) none++;
    else bins[Math.min(10, Math.floor(c.nearest.identity * 10 + 1e-9))]++;
  }
  const total = bins.reduce((a, b) => a + b, 0) + none;
  if (!total) return [];
  const lines = ['nearest train identity of the test complexes:'];
  bins.forEach((k, b) => {
    if (k)
      lines.push(
        `  ${String(b * 10).padStart(3)}-${b === 10 ? '100' : String(b * 10 + 10).padStart(3)} %  ${String(k).padStart(6)}  ${'#'.repeat(Math.ceil((40 * k) / total))}`,
      );
  });
  if (none) lines.push(`  no chain to compare  ${none}`);
  return lines;
}

/** The largest groups and how many of each went to test, train and excluded (val). */
export function largestGroups(f: SplitFile, count = 5): string[] {
  const by = new Map<string, Record<string, number>>();
  for (const c of f.complexes) {
    const g = by.get(c.group) ?? {};
    g[c.side] = (g[c.side] ?? 0) + 1;
    by.set(c.group, g);
  }
  const size = (g: Record<string, number>) => Object.values(g).reduce((a, b) => a + b, 0);
  const top = [...by].sort((a, b) => size(b[1]) - size(a[1]) || (a[0] < b[0] ? -1 : 1)).slice(0, count);
  return [
    `largest groups (single linkage): size, test / train / excluded${f.counts.val ? ' / val' : ''}`,
    ...top.map(
      ([g, s]) =>
        `  ${g.padEnd(12)} ${String(size(s)).padStart(6)}  ${s.test ?? 0} / ${s.train ?? 0} / ${s.excluded ?? 0}${f.counts.val ? ` / ${s.val ?? 0}` : ''}`,
    ),
  ];
}

/** For `stats`: the audit and the nearest-identity histogram of a dataset's split.json (none without an audit). */
export function splitAuditLines(dir: string): string[] {
  let f: SplitFile | null;
  try {
    f = readSplitJson(dir);
  } catch (e) {
    return [(e as Error).message];
  }
  if (!f) return [];
  const line = achievedLine(f);
  return line ? [`split: ${line}`, ...nearestHistogram(f)] : [];
}
