// Single linkage over given candidate pairs of chains only (the hits of MMseqs2's k-mer
// prefilter, for the mmseqs engine of the split): each candidate of the right kind (whole
// chains when both items have them, pockets otherwise) whose items are not yet joined is
// bounded and, if need be, aligned exactly as in linkage-rows.ts. So every link made is a
// link of the exact engine; what can differ from it is only a pair the prefilter did not
// offer (a missed link).
import { ChainLinker, clusterRoots, hasWholeChains, type LinkageData } from './linkage-rows.ts';

export interface CandidateStats {
  /** Candidate chain pairs given (both orders and self pairs included), and those of the right kind, once each. */
  candidates: number;
  kept: number;
  /** Kept pairs skipped because their items were already joined. */
  skippedJoined: number;
  bounded: number;
  alignments: number;
  cells: number;
  boundCells: number;
}

/**
 * Links items over the chain pairs (queries[k], targets[k]) of `d`; returns each item's
 * cluster root. `first` (optional) marks the pairs to compare before all others (the
 * prefilter's best hits, likely links: the more is joined early, the more is skipped later);
 * the order changes the work, never the clusters.
 */
export function linkCandidates(
  d: LinkageData,
  queries: Int32Array,
  targets: Int32Array,
  first?: Uint8Array,
): { root: Int32Array; stats: CandidateStats } {
  const hasWhole = (i: number) => hasWholeChains(d, i);
  const isWhole = (c: number) => c >= d.wholeStart[0];
  const keys: number[][] = [[], []];
  const SHIFT = 2 ** 21;
  if (d.chainItem.length >= SHIFT) throw new RangeError(`linkCandidates: ${d.chainItem.length} chains, at most ${SHIFT - 1}`);
  for (let k = 0; k < queries.length; k++) {
    let x = queries[k],
      y = targets[k];
    const i = d.chainItem[x],
      j = d.chainItem[y];
    if (i === j) continue;
    const whole = hasWhole(i) && hasWhole(j);
    if (isWhole(x) !== whole || isWhole(y) !== whole) continue;
    if (i > j) [x, y] = [y, x]; // the query is the chain of the smaller item, as in linkRows
    keys[first?.[k] ? 0 : 1].push(x * SHIFT + y);
  }
  const linker = new ChainLinker(d);
  const stats: CandidateStats = {
    candidates: queries.length,
    kept: 0,
    skippedJoined: 0,
    bounded: 0,
    alignments: 0,
    cells: 0,
    boundCells: 0,
  };
  const early = new Set<number>();
  for (const phase of [0, 1]) {
    const sorted = Float64Array.from(keys[phase]).sort();
    let query = -1;
    for (let k = 0; k < sorted.length; k++) {
      if (k > 0 && sorted[k] === sorted[k - 1]) continue;
      if (phase === 0) early.add(sorted[k]);
      else if (early.has(sorted[k])) continue;
      stats.kept++;
      const x = Math.floor(sorted[k] / SHIFT),
        y = sorted[k] - x * SHIFT;
      const i = d.chainItem[x];
      if (x !== query) {
        if (query >= 0) linker.end();
        linker.begin(i, x);
        query = x;
      }
      if (linker.joined(i, d.chainItem[y])) stats.skippedJoined++;
      else linker.offer(y);
    }
    if (query >= 0) linker.end();
  }
  for (const key of ['bounded', 'alignments', 'cells', 'boundCells'] as const) stats[key] = linker.stats[key];
  return { root: clusterRoots(d), stats };
}
