// The identity of one complex against others, as the split by protein measures it (the
// rules of linkage-rows.ts: whole chains when both complexes have them, pocket chains
// otherwise; the identity of two complexes is the highest of their chain pairs; identity
// over the shorter chain, identity-kernel.ts's alignment). Used where only some rows of the
// pair matrix are needed: the neighbours of test candidates (pipeline/split/seed-exclude.ts)
// and the audit of test against train (pipeline/split/audit-split.ts).
//
// Every chain pair is first bounded (identity-simd.ts's proven upper bound on the identity
// count) and aligned only when its bound could reach what is asked, so every identity given
// is the exact one: the bound only saves work.
import { BatchAligner, LANES } from './identity-simd.ts';
import { hasWholeChains, type LinkageData } from './linkage-rows.ts';

/** How two complexes were compared: on whole chains, on pockets, or not at all (no chain of 30 residues). */
export type Compared = 'whole' | 'pocket' | 'none';

export interface RowStats {
  /** Complex pairs looked at; chain pairs bounded and aligned, and their cells. */
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

export class ComplexIdentity {
  readonly stats: RowStats = { pairs: 0, bounded: 0, alignments: 0, cells: 0, boundCells: 0 };
  // The bound's bonus as in linkage-rows.ts: 6 for pockets, 3 for whole chains.
  private readonly aligners: Record<'pocket' | 'whole', BatchAligner>;
  private readonly out = new Int32Array(LANES);

  constructor(readonly d: LinkageData) {
    this.aligners = { pocket: new BatchAligner(d.gapOpen, d.gapExtend, 6), whole: new BatchAligner(d.gapOpen, d.gapExtend, 3) };
  }

  get size(): number {
    return this.d.parent.length;
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

  private chain(c: number): Uint8Array {
    return this.d.residues.subarray(this.d.chainStart[c], this.d.chainStart[c + 1]);
  }

  /**
   * Complex i against each of `others` (i itself is skipped): every chain pair bounded, and
   * aligned when its bound reaches `floor`, so `identity` is exact wherever it reaches floor.
   */
  row(i: number, others: ArrayLike<number>, floor: number): Row {
    const bound = new Float64Array(others.length).fill(-1);
    const identity = new Float64Array(others.length).fill(-1);
    const iWhole = hasWholeChains(this.d, i);
    // Subject chains per kind: [chain, position in others].
    const subjects: Record<'pocket' | 'whole', [number, number][]> = { pocket: [], whole: [] };
    for (let k = 0; k < others.length; k++) {
      const j = others[k];
      if (j === i) continue;
      this.stats.pairs++;
      const whole = iWhole && hasWholeChains(this.d, j);
      for (const y of this.chains(j, whole)) subjects[whole ? 'whole' : 'pocket'].push([y, k]);
    }
    for (const kind of ['pocket', 'whole'] as const) {
      const list = subjects[kind];
      if (!list.length) continue;
      const len = (c: number) => this.d.chainStart[c + 1] - this.d.chainStart[c];
      list.sort((a, b) => len(a[0]) - len(b[0]) || a[0] - b[0]);
      const aligner = this.aligners[kind];
      for (const x of this.chains(i, kind === 'whole')) {
        const query = this.chain(x);
        aligner.setQuery(query);
        const toAlign: [number, number][] = [];
        const alignBatch = () => {
          const batch = toAlign.splice(0, LANES);
          const chains = batch.map(([y]) => this.chain(y));
          aligner.align(chains, this.out);
          chains.forEach((b, m) => {
            this.stats.alignments++;
            this.stats.cells += query.length * b.length;
            const f = this.out[m] / Math.min(query.length, b.length);
            const k = batch[m][1];
            if (f >= floor && f > identity[k]) identity[k] = f;
          });
        };
        for (let s = 0; s < list.length; s += LANES) {
          const batch = list.slice(s, s + LANES);
          const chains = batch.map(([y]) => this.chain(y));
          aligner.bounds(chains, this.out);
          chains.forEach((b, m) => {
            this.stats.boundCells += query.length * b.length;
            const f = this.out[m] / Math.min(query.length, b.length);
            const k = batch[m][1];
            if (f > bound[k]) bound[k] = f;
            if (f >= floor) toAlign.push(batch[m]);
            else this.stats.bounded++;
          });
          if (toAlign.length >= LANES) alignBatch();
        }
        while (toAlign.length) alignBatch();
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
}
