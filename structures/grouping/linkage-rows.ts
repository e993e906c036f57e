// The work of single linkage by sequence identity, shared by the main thread and the
// worker threads of protein-linkage.ts: rows of the upper triangle of pairs (i, j > i) are
// claimed one at a time from a shared counter; a pair whose two items are already in one
// cluster is skipped (its link would add nothing); any other pair is aligned chain by chain
// until one chain pair reaches the threshold, and then joined.
//
// The union-find lives in shared memory and only ever gains links: a parent pointer changes
// only from a root to a smaller index (compare-and-swap), or, when finding, to a grandparent
// (still an ancestor). So "same root" seen by any thread means "linked", a skip never drops
// a link, and the clusters are those of all pairs, whatever the threads' timing. Every root
// is the smallest index of its cluster.
import { identityCount } from './identity-kernel.ts';

/** Items and their chains, flattened into (shareable) typed arrays. */
export interface LinkageData {
  /** Every chain's residues (identity-kernel.ts's codes), one after another. */
  residues: Uint8Array;
  /** Chain c is residues[chainStart[c], chainStart[c + 1]). */
  chainStart: Int32Array;
  /** Item i's pocket chains are chains pocketStart[i] .. pocketStart[i + 1] - 1. */
  pocketStart: Int32Array;
  /** Item i's whole chains are chains wholeStart[i] .. wholeStart[i + 1] - 1 (none: no whole protein). */
  wholeStart: Int32Array;
  /** Union-find parents, one per item. */
  parent: Int32Array;
  /** Next row to claim (one counter). */
  nextRow: Int32Array;
  threshold: number;
  gapOpen: number;
  gapExtend: number;
}

export interface LinkageStats {
  /** Pairs of items looked at (i < j). */
  pairs: number;
  /** Pairs skipped because both items were already in one cluster. */
  skippedJoined: number;
  /** Pairs compared on whole chains, and on pocket sequences. */
  whole: number;
  pocket: number;
  /** Chain-against-chain alignments run, and their dynamic-programming cells. */
  alignments: number;
  cells: number;
}

export const emptyStats = (): LinkageStats => ({ pairs: 0, skippedJoined: 0, whole: 0, pocket: 0, alignments: 0, cells: 0 });

export function addStats(into: LinkageStats, s: LinkageStats): void {
  for (const k of Object.keys(into) as (keyof LinkageStats)[]) into[k] += s[k];
}

function find(parent: Int32Array, x: number): number {
  for (;;) {
    const p = Atomics.load(parent, x);
    if (p === x) return x;
    const g = Atomics.load(parent, p);
    if (g !== p) Atomics.compareExchange(parent, x, p, g); // path halving: g is still an ancestor
    x = p;
  }
}

function union(parent: Int32Array, a: number, b: number): void {
  for (;;) {
    const ra = find(parent, a), rb = find(parent, b);
    if (ra === rb) return;
    const lo = Math.min(ra, rb), hi = Math.max(ra, rb);
    if (Atomics.compareExchange(parent, hi, hi, lo) === hi) return;
  }
}

/** Claims and does rows until none is left; returns what this thread did. */
export function linkRows(d: LinkageData): LinkageStats {
  const s = emptyStats();
  const n = d.parent.length;
  const chain = (c: number) => d.residues.subarray(d.chainStart[c], d.chainStart[c + 1]);
  // Any chain of i against any chain of j (i's chains as rows, as alignSequences(i's, j's)).
  const linked = (from: Int32Array, i: number, j: number): boolean => {
    for (let x = from[i]; x < from[i + 1]; x++) {
      const a = chain(x);
      for (let y = from[j]; y < from[j + 1]; y++) {
        const b = chain(y);
        s.alignments++;
        s.cells += a.length * b.length;
        const shorter = Math.min(a.length, b.length);
        const identity = shorter === 0 ? 0 : identityCount(a, b, d.gapOpen, d.gapExtend) / shorter;
        if (identity >= d.threshold) return true;
      }
    }
    return false;
  };
  for (;;) {
    const i = Atomics.add(d.nextRow, 0, 1);
    if (i >= n - 1) return s;
    const iWhole = d.wholeStart[i + 1] > d.wholeStart[i];
    for (let j = i + 1; j < n; j++) {
      s.pairs++;
      if (find(d.parent, i) === find(d.parent, j)) {
        s.skippedJoined++;
        continue;
      }
      const both = iWhole && d.wholeStart[j + 1] > d.wholeStart[j];
      if (both) s.whole++;
      else s.pocket++;
      if (linked(both ? d.wholeStart : d.pocketStart, i, j)) union(d.parent, i, j);
    }
  }
}
