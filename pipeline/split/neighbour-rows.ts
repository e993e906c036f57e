// The neighbours the split by protein asks about, and what it has learnt of them: a complex's
// row (its exact identity against every complex without a row yet, which is all the row needs
// since rows are symmetric), what earlier rows found about each complex, each row's proven
// bounds (the audit reuses them), and a cheaper search for "has b a neighbour j with
// wanted(j)" that tries the likeliest complexes first (kmer-order.ts) before b's row decides.
// State that used to live in closures of split-by-protein.ts, held here in one object.
import type { ComplexIdentity } from '../../structures/grouping/complex-identity.ts';
import { KmerOrder, likeliest } from '../../structures/grouping/kmer-order.ts';
import type { KnownBound } from './audit-split.ts';

/** The value a scaffold-only link has among a complex's neighbours (not an identity: never a near duplicate). */
export const SCAFFOLD_LINK = -1;

/** A search for one neighbour: complexes in its first step (then twice as many), and its steps (16 + 32 + 64 complexes). */
const FIRST_STEP = 16;
const SEARCH_STEPS = 3;

export class NeighbourRows {
  /** Rows computed, by complex index: neighbour index -> identity (or SCAFFOLD_LINK). */
  private readonly rows = new Map<number, Map<number, number>>();
  /** What earlier rows found about each complex (its neighbours among them). */
  private readonly found: Map<number, number>[];
  /** 1 once a complex has its row. */
  private readonly rowed: Uint8Array;
  /** Every row's bounds (roundUp), NaN where the pair was not in that row. */
  private readonly bounds = new Map<number, Float32Array>();
  private kmers: KmerOrder | null = null;
  /** Searches asked, those that found a neighbour, those that fell back to the row. */
  readonly search = { asked: 0, found: 0, rows: 0 };

  constructor(
    private readonly n: number,
    private readonly ci: ComplexIdentity,
    private readonly threshold: number,
    private readonly scaffoldMates: (i: number) => number[],
  ) {
    this.found = Array.from({ length: n }, () => new Map<number, number>());
    this.rowed = new Uint8Array(n);
  }

  /** Rows computed so far. */
  get rowCount(): number {
    return this.rows.size;
  }

  /** Complex i's neighbours at the threshold (and its scaffold mates), computing its row once. */
  neighbours(i: number): Map<number, number> {
    const known = this.rows.get(i);
    if (known) return known;
    const others: number[] = [];
    for (let j = 0; j < this.n; j++) if (!this.rowed[j] && j !== i) others.push(j);
    const r = this.ci.row(i, others, this.threshold);
    const kept = new Float32Array(this.n).fill(NaN);
    const m = this.found[i];
    r.identity.forEach((f, k) => {
      kept[others[k]] = roundUp(r.bound[k]);
      if (f < this.threshold) return;
      m.set(others[k], f);
      this.found[others[k]].set(i, f);
    });
    this.bounds.set(i, kept);
    this.rowed[i] = 1;
    for (const j of this.scaffoldMates(i)) if (!m.has(j)) m.set(j, SCAFFOLD_LINK);
    this.rows.set(i, m);
    return m;
  }

  /**
   * Whether b has a neighbour j with wanted(j), as its row would say, without the row where
   * one is found sooner: what earlier rows found about b and its scaffold mates, then b
   * against the likeliest of the complexes without a row (the pairs only b's row would
   * compare), in SEARCH_STEPS growing steps; when none of those is one, b's row decides.
   */
  someNeighbour(b: number, wanted: (j: number) => boolean): boolean {
    const m = this.rows.get(b);
    if (m) return [...m.keys()].some(wanted);
    this.search.asked++;
    for (const j of this.found[b].keys()) if (wanted(j)) return true;
    for (const j of this.scaffoldMates(b)) if (wanted(j)) return true;
    const open: number[] = [];
    for (let j = 0; j < this.n; j++) if (!this.rowed[j] && j !== b && wanted(j)) open.push(j);
    this.kmers ??= new KmerOrder(this.ci.d);
    const order = likeliest(this.kmers.complexScores(b, open), FIRST_STEP * (2 ** SEARCH_STEPS - 1));
    for (let from = 0, step = FIRST_STEP; from < order.length; from += step, step *= 2) {
      const chunk = order.slice(from, from + step).map((k) => open[k]);
      if (this.ci.row(b, chunk, this.threshold).identity.some((f) => f >= this.threshold)) {
        this.search.found++;
        return true;
      }
    }
    this.search.rows++;
    return [...this.neighbours(b).keys()].some(wanted);
  }

  /** A proven bound of the pair from the row of either complex (see audit-split.ts); undefined: in neither. */
  readonly known: KnownBound = (i, j) => this.inRow(i, j) ?? this.inRow(j, i);

  private inRow(i: number, j: number): number | undefined {
    const f = this.bounds.get(i)?.[j];
    return f === undefined || Number.isNaN(f) ? undefined : f;
  }
}

const f32 = new Float32Array(1);
const f32Bits = new Int32Array(f32.buffer);
/** x as a float32 no smaller than x (a bound stays a bound). */
export function roundUp(x: number): number {
  const f = Math.fround(x);
  if (f >= x) return f;
  if (f === 0) return 1.401298464324817e-45; // the smallest float32 above 0
  f32[0] = f;
  f32Bits[0] += f > 0 ? 1 : -1; // the next float32 towards +infinity
  return f32[0];
}
