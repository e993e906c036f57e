// The work of single linkage by sequence identity, shared by the main thread and the
// worker threads of protein-linkage.ts: rows of the upper triangle of pairs (i, j > i) are
// claimed one at a time from a shared counter; a pair whose two items are already in one
// cluster is skipped (its link would add nothing); for every other pair the chains of i are
// compared with those of j (identity-simd.ts: sixteen subjects at a time for the bound,
// eight for the alignment, taken in order of length): first an upper bound on the
// identity count, and only if it reaches the threshold the alignment itself; the two are joined as soon as one chain pair reaches the
// threshold (the pair's remaining chains are then skipped as joined). A pair is left out
// only when its bound, proven in identity-simd.wat, shows it below the threshold.
//
// The union-find lives in shared memory and only ever gains links: a parent pointer changes
// only from a root to a smaller index (compare-and-swap), or, when finding, to a grandparent
// (still an ancestor). So "same root" seen by any thread means "linked", a skip never drops
// a link, and the clusters are those of all pairs, whatever the threads' timing. Every root
// is the smallest index of its cluster.
import { BatchAligner, BOUND_LANES, LANES } from './identity-simd.ts';

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
  /** Chain c belongs to item chainItem[c]. */
  chainItem: Int32Array;
  /** Every pocket chain, and every whole chain, in order of length (then of chain index). */
  pocketOrder: Int32Array;
  wholeOrder: Int32Array;
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
  /** Chain pairs not aligned because the bound of identity-simd.ts stays below the threshold, and the cells of all bounds computed. */
  bounded: number;
  boundCells: number;
}

export const emptyStats = (): LinkageStats => ({
  pairs: 0,
  skippedJoined: 0,
  whole: 0,
  pocket: 0,
  alignments: 0,
  cells: 0,
  bounded: 0,
  boundCells: 0,
});

export function addStats(into: LinkageStats, s: LinkageStats): void {
  for (const k of Object.keys(into) as (keyof LinkageStats)[]) into[k] += s[k];
}

/** Whether item i has whole chains (pairs of two such items are compared on them). */
export function hasWholeChains(d: LinkageData, i: number): boolean {
  return d.wholeStart[i + 1] > d.wholeStart[i];
}

/** Every item's cluster root (the smallest index of its cluster), once no thread links any more. */
export function clusterRoots(d: LinkageData): Int32Array {
  const root = new Int32Array(d.parent.length);
  for (let i = 0; i < root.length; i++) root[i] = find(d.parent, i);
  return root;
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
    const ra = find(parent, a),
      rb = find(parent, b);
    if (ra === rb) return;
    const lo = Math.min(ra, rb),
      hi = Math.max(ra, rb);
    if (Atomics.compareExchange(parent, hi, hi, lo) === hi) return;
  }
}

/**
 * Compares one query chain of item i with subject chains of other items, as linkRows and
 * linkPairs offer them: the bound first, the alignment for those whose bound reaches the
 * threshold, i joined with every item whose chain does. Subjects are bounded in batches of
 * sixteen and aligned in batches of eight.
 */
export class ChainLinker {
  readonly stats = emptyStats();
  private readonly aligner: BatchAligner;
  private readonly counts = new Int32Array(LANES);
  private readonly bounds = new Int32Array(BOUND_LANES);
  private readonly candidates: number[] = []; // subject chains waiting for their bound
  private readonly batch: number[] = []; // subject chains whose bound reaches the threshold
  private item = -1;
  private query: Uint8Array = new Uint8Array(0);

  constructor(private readonly d: LinkageData) {
    this.aligner = new BatchAligner(d.gapOpen, d.gapExtend);
  }

  chain(c: number): Uint8Array {
    return this.d.residues.subarray(this.d.chainStart[c], this.d.chainStart[c + 1]);
  }

  /** Whether items i and j are in one cluster already. */
  joined(i: number, j: number): boolean {
    return find(this.d.parent, i) === find(this.d.parent, j);
  }

  /** Chain x of item i becomes the query (a pocket chain, or a whole chain). */
  begin(i: number, x: number): void {
    this.item = i;
    this.query = this.chain(x);
    this.aligner.setQuery(this.query);
  }

  /** Subject chain y (of an item not yet joined with the query's). */
  offer(y: number): void {
    this.candidates.push(y);
    if (this.candidates.length === BOUND_LANES) this.bound();
  }

  /** Finishes the query's comparisons. */
  end(): void {
    this.bound();
    this.align();
  }

  private reaches(identities: number, b: Uint8Array): boolean {
    const shorter = Math.min(this.query.length, b.length);
    return shorter > 0 && identities / shorter >= this.d.threshold;
  }

  private bound(): void {
    if (this.candidates.length === 0) return;
    const subjects = this.candidates.map((c) => this.chain(c));
    this.aligner.bounds(subjects, this.bounds);
    subjects.forEach((b, k) => {
      this.stats.boundCells += this.query.length * b.length;
      if (!this.reaches(this.bounds[k], b)) {
        this.stats.bounded++;
        return;
      }
      this.batch.push(this.candidates[k]);
      if (this.batch.length === LANES) this.align();
    });
    this.candidates.length = 0;
  }

  private align(): void {
    if (this.batch.length === 0) return;
    const subjects = this.batch.map((c) => this.chain(c));
    this.aligner.align(subjects, this.counts);
    subjects.forEach((b, k) => {
      this.stats.alignments++;
      this.stats.cells += this.query.length * b.length;
      if (this.reaches(this.counts[k], b)) union(this.d.parent, this.item, this.d.chainItem[this.batch[k]]);
    });
    this.batch.length = 0;
  }
}

/** Claims and does rows until none is left; returns what this thread did. */
export function linkRows(d: LinkageData): LinkageStats {
  const linker = new ChainLinker(d);
  const s = linker.stats;
  const n = d.parent.length;
  const hasWhole = (i: number) => hasWholeChains(d, i);
  // Per item j of the row: 0 not looked at yet, 1 compared at least once, 2 skipped as joined.
  const state = new Uint8Array(n);
  // Chains of i of one kind against the chains of that kind of every item j > i not yet
  // joined with i, subjects taken in order of length so that a batch's lanes are alike.
  const pass = (i: number, kind: 'pocket' | 'whole') => {
    const from = kind === 'whole' ? d.wholeStart : d.pocketStart;
    const order = kind === 'whole' ? d.wholeOrder : d.pocketOrder;
    const iWhole = hasWhole(i);
    for (let x = from[i]; x < from[i + 1]; x++) {
      linker.begin(i, x);
      for (let k = 0; k < order.length; k++) {
        const y = order[k];
        const j = d.chainItem[y];
        if (j <= i || (kind === 'pocket' && iWhole && hasWhole(j))) continue;
        if (linker.joined(i, j)) {
          if (state[j] === 0) state[j] = 2;
          continue;
        }
        state[j] = 1;
        linker.offer(y);
      }
      linker.end();
    }
  };
  for (;;) {
    const i = Atomics.add(d.nextRow, 0, 1);
    if (i >= n - 1) return s;
    state.fill(0, i + 1);
    pass(i, 'pocket');
    if (hasWhole(i)) pass(i, 'whole');
    for (let j = i + 1; j < n; j++) {
      s.pairs++;
      // Not looked at: no chain to compare (joined or not, as its root says).
      const st = state[j] || (linker.joined(i, j) ? 2 : 1);
      if (st === 2) s.skippedJoined++;
      else if (hasWhole(i) && hasWhole(j)) s.whole++;
      else s.pocket++;
    }
  }
}
