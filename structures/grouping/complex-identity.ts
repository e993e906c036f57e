// The identity of one complex against others, as the split by protein measures it (the
// rules of linkage-rows.ts: whole chains when both complexes have them, pocket chains
// otherwise; the identity of two complexes is the highest of their chain pairs; identity
// over the shorter chain, identity-kernel.ts's alignment). Used where only some rows of the
// pair matrix are needed: the neighbours of test candidates (pipeline/split/seed-exclude.ts)
// and the audit of test against train (pipeline/split/audit-split.ts).
//
// Every chain pair is first bounded (identity-simd.ts's proven upper bound on the identity
// count) and aligned only when its bound could reach what is asked, so every identity given
// is the exact one: the bound only saves work. A row's chain pairs are computed on several
// threads (identity-rows.ts); each pair's result depends on the pair alone, so a row is the
// same on any number of threads.
import { RowThreads } from './identity-rows.ts';
import { hasWholeChains, type LinkageData } from './linkage-rows.ts';

/** How two complexes were compared: on whole chains, on pockets, or not at all (no chain of 30 residues). */
export type Compared = 'whole' | 'pocket' | 'none';

export interface RowStats {
  /** Complex pairs looked at; chain pairs bounded below the floor, aligned, and their cells. */
  pairs: number;
  bounded: number;
  alignments: number;
  cells: number;
  boundCells: number;
}

export interface Row {
  /** Per other complex (by position in the list given): the highest bound over its chain pairs (a fraction; -1: nothing to compare). */
  bound: Float64Array;
  /** Per other complex: its exact identity when it reaches the floor asked for, else -1. */
  identity: Float64Array;
}

/** Chains are numbered below this (a row's sort keys hold length * CHAINS + chain). */
const CHAINS = 2 ** 24;

export interface ComplexIdentityOptions {
  /** Threads a row is computed on, the calling one included (default: one per core; the rows do not depend on it). */
  threads?: number;
}

export class ComplexIdentity {
  private pairs = 0;
  private readonly threads: RowThreads;
  /** Position in `others` of every chain pair of the current row, and of every complex in it. */
  private position: Int32Array;
  private readonly positionOf: Int32Array;
  /** Residues of every chain. */
  private readonly lengths: Int32Array;

  constructor(
    readonly d: LinkageData,
    o: ComplexIdentityOptions = {},
  ) {
    // The most chain pairs a row can have: the most chains of a kind one complex has, against every chain of that kind.
    let pocket = 0,
      whole = 0;
    for (let i = 0; i < this.size; i++) {
      pocket = Math.max(pocket, d.pocketStart[i + 1] - d.pocketStart[i]);
      whole = Math.max(whole, d.wholeStart[i + 1] - d.wholeStart[i]);
    }
    const maxPairs = pocket * d.wholeStart[0] + whole * (d.chainItem.length - d.wholeStart[0]);
    this.threads = new RowThreads(d, maxPairs, { threads: o.threads });
    this.position = new Int32Array(maxPairs);
    this.positionOf = new Int32Array(this.size);
    this.lengths = Int32Array.from({ length: d.chainItem.length }, (_, c) => d.chainStart[c + 1] - d.chainStart[c]);
    if (d.chainItem.length >= CHAINS) throw new RangeError(`${d.chainItem.length} chains: at most ${CHAINS - 1}`);
  }

  get size(): number {
    return this.d.parent.length;
  }

  get stats(): RowStats {
    return { pairs: this.pairs, ...this.threads.stats() };
  }

  /** Threads the rows run on. */
  get threadCount(): number {
    return this.threads.threads;
  }

  /** Cells bounded by each thread, the calling one first. */
  cellsByThread(): number[] {
    return this.threads.cellsByThread();
  }

  /** How complexes i and j are compared. */
  compared(i: number, j: number): Compared {
    const whole = hasWholeChains(this.d, i) && hasWholeChains(this.d, j);
    const [a, b] = whole ? [this.chains(i, true), this.chains(j, true)] : [this.chains(i, false), this.chains(j, false)];
    return a.length && b.length ? (whole ? 'whole' : 'pocket') : 'none';
  }

  /** Whether complex i has a chain it can be compared by. */
  comparable(i: number): boolean {
    return this.chains(i, false).length > 0 || this.chains(i, true).length > 0;
  }

  private chains(i: number, whole: boolean): number[] {
    const from = whole ? this.d.wholeStart : this.d.pocketStart;
    return Array.from({ length: from[i + 1] - from[i] }, (_, k) => from[i] + k);
  }

  /**
   * Complex i against each of `others` (distinct; i itself is skipped): every chain pair
   * bounded, and aligned when its bound reaches `floor`, so `identity` is exact wherever it
   * reaches floor.
   */
  row(i: number, others: ArrayLike<number>, floor: number): Row {
    const d = this.d;
    const bound = new Float64Array(others.length).fill(-1);
    const identity = new Float64Array(others.length).fill(-1);
    const iWhole = hasWholeChains(d, i);
    // Subject chains per kind, in order of length then index (alike lanes), as numbers
    // length * CHAINS + chain, sorted natively.
    const keys: Record<'pocket' | 'whole', number[]> = { pocket: [], whole: [] };
    for (let k = 0; k < others.length; k++) {
      const j = others[k];
      if (j === i) continue;
      this.pairs++;
      this.positionOf[j] = k;
      const whole = iWhole && hasWholeChains(d, j);
      const from = whole ? d.wholeStart : d.pocketStart;
      const list = keys[whole ? 'whole' : 'pocket'];
      for (let y = from[j]; y < from[j + 1]; y++) list.push(this.lengths[y] * CHAINS + y);
    }
    const b = this.threads.b;
    let e = 0;
    for (const kind of ['pocket', 'whole'] as const) {
      if (!keys[kind].length) continue;
      const sorted = Float64Array.from(keys[kind]).sort();
      const from = kind === 'whole' ? d.wholeStart : d.pocketStart;
      for (let x = from[i]; x < from[i + 1]; x++) {
        for (let s = 0; s < sorted.length; s++) {
          const y = sorted[s] % CHAINS;
          b.query[e] = x;
          b.subject[e] = y;
          this.position[e++] = this.positionOf[d.chainItem[y]];
        }
      }
    }
    if (e === 0) return { bound, identity };
    this.threads.run(e, floor);
    const r = this.threads.b;
    for (let p = 0; p < e; p++) {
      const shorter = Math.min(this.lengths[r.query[p]], this.lengths[r.subject[p]]);
      const k = this.position[p];
      const f = r.bound[p] / shorter;
      if (f > bound[k]) bound[k] = f;
      if (r.count[p] >= 0) {
        const g = r.count[p] / shorter;
        if (g >= floor && g > identity[k]) identity[k] = g;
      }
    }
    return { bound, identity };
  }

  /**
   * The exact identity of complexes i and j when it is above `above` (chain pairs whose
   * bound cannot pass it are not aligned), else -1.
   */
  identity(i: number, j: number, above = -1): number {
    const r = this.row(i, [j], Math.max(0, above));
    const f = r.identity[0];
    return f > above ? f : -1;
  }

  /** Stops the worker threads (a row after this runs on the calling thread). */
  close(): void {
    this.threads.close();
  }
}
