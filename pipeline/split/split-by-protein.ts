// The split by protein: seed and exclude (seed-exclude.ts) over the exact neighbours of the
// candidates it looks at, then the audit (audit-split.ts) of test against train. The
// single-linkage groups of the cluster engine only order the seeds (stratified) and name the
// groups in split.json; which pairs are at the threshold is always decided by the exact
// identity, so neither engine can make the split leak. The rows of seed and exclude keep
// their proven bounds, which the audit reuses for the pairs of test complexes (every test
// complex had its row): it then only aligns.
import { ComplexIdentity } from '../../structures/grouping/complex-identity.ts';
import { linkageData } from '../../structures/grouping/protein-linkage.ts';
import { linkageItems } from './protein-clusters.ts';
import type { ComplexSequences } from './protein-sequences.ts';
import { auditSplit, type Audit, type KnownBound } from './audit-split.ts';
import { EXCLUDED, seedAndExclude, TEST, TRAIN, type SomeNeighbour } from './seed-exclude.ts';
import { KmerOrder, likeliest } from '../../structures/grouping/kmer-order.ts';

/** Identity at which complexes are near duplicates (moved together); see docs/splits-export.md. */
export const NEAR_DUPLICATE = 0.9;
/** Share of the corpus that may be excluded (PLINDER's max_removed_fraction). */
export const DEFAULT_MAX_EXCLUDED = 0.2;

export interface ProteinSplitOptions {
  seed: number;
  testShare: number;
  threshold: number;
  /** Share of complexes that may be excluded (default 0.2). */
  maxExcluded?: number;
  nearDuplicate?: number;
  minLength?: number;
  /** `protein,scaffold`: every complex's scaffold group; complexes sharing one are neighbours too. */
  scaffoldOf?: ReadonlyMap<string, string>;
  /** Threads the exact identity runs on (default one per core); the split does not depend on it. */
  threads?: number;
  /** Answer whether a complex has a neighbour outside a region from its whole row, never by a search (the same split, more work; for tests). */
  fullRows?: boolean;
}

/** A search for one neighbour: complexes in its first step (then twice as many), and its steps (16 + 32 + 64 complexes). */
const FIRST_STEP = 16;
const SEARCH_STEPS = 3;

/** The value a scaffold-only link has among a complex's neighbours (not an identity: never a near duplicate). */
export const SCAFFOLD_LINK = -1;

/** `val`: an excluded complex made a validation split (`--buffer val`). */
export type ProteinSide = 'train' | 'test' | 'excluded' | 'val';

/** What becomes of the excluded complexes: nothing (no questions), or a validation split. */
export type Buffer = 'none' | 'val';
export const BUFFERS: readonly Buffer[] = ['none', 'val'];

/** With `--buffer val` every excluded complex becomes val (in place); `none` leaves them. */
export function applyBuffer(side: Map<string, ProteinSide>, buffer: Buffer = 'none'): void {
  if (buffer !== 'val') return;
  for (const [id, s] of side) if (s === 'excluded') side.set(id, 'val');
}

export interface ProteinSplit {
  side: Map<string, ProteinSide>;
  nearest: Map<string, { id: string; identity: number; compared: 'whole' | 'pocket' } | null>;
  target: number;
  /** Complexes excluded by seed and exclude, and train complexes the audit moved to excluded (leaks). */
  excludedBySeeds: number;
  audit: Omit<Audit, 'nearest' | 'leaks' | 'moved'> & { leaks: { test: string; train: string; identity: number }[]; moved: string[] };
  work: { seeds: number; regions: number; rows: number; searches: number; searchesFound: number; searchesToRow: number; pairs: number; alignments: number; boundCells: number; cells: number; threads: number; seedSeconds: number; auditSeconds: number };
}

const SIDE_NAMES: ProteinSide[] = ['train', 'test', 'excluded'];

export function splitByProtein(items: readonly ComplexSequences[], groupOf: ReadonlyMap<string, string>, o: ProteinSplitOptions): ProteinSplit {
  const { sorted, items: linkage } = linkageItems(items, o.minLength);
  const ids = sorted.map((s) => s.id);
  const ci = new ComplexIdentity(linkageData(linkage, { threshold: o.threshold }), { threads: o.threads });
  try {
    return split(ids, ci, groupOf, o);
  } finally {
    ci.close();
  }
}

function split(ids: string[], ci: ComplexIdentity, groupOf: ReadonlyMap<string, string>, o: ProteinSplitOptions): ProteinSplit {
  // Group of every complex, named by the index of its first member.
  const firstOf = new Map<string, number>();
  const group = Int32Array.from(ids, (id, i) => {
    const g = groupOf.get(id) ?? id;
    if (!firstOf.has(g)) firstOf.set(g, i);
    return firstOf.get(g)!;
  });
  // Rows are symmetric: a row is computed only against complexes without a row yet; what the
  // earlier rows found about i is kept in `found[i]`, and every row's bounds in `bounds`.
  const scaffoldMates = scaffoldLinks(ids, o.scaffoldOf);
  const rows = new Map<number, Map<number, number>>();
  const found = ids.map(() => new Map<number, number>());
  const rowed = new Uint8Array(ids.length);
  const bounds = new Map<number, Float32Array>();
  const neighbours = (i: number) => {
    let m = rows.get(i);
    if (!m) {
      const others: number[] = [];
      for (let j = 0; j < ids.length; j++) if (!rowed[j] && j !== i) others.push(j);
      const r = ci.row(i, others, o.threshold);
      const kept = new Float32Array(ids.length).fill(NaN);
      m = found[i];
      r.identity.forEach((f, k) => {
        kept[others[k]] = roundUp(r.bound[k]);
        if (f < o.threshold) return;
        m!.set(others[k], f);
        found[others[k]].set(i, f);
      });
      bounds.set(i, kept);
      rowed[i] = 1;
      for (const j of scaffoldMates(i)) if (!m.has(j)) m.set(j, SCAFFOLD_LINK);
      rows.set(i, m);
    }
    return m;
  };
  const n = ids.length;
  // Whether b has a neighbour j with wanted(j), as its row would say, without the row where
  // one is found sooner: what earlier rows found about b and its scaffold mates, then b
  // against the likeliest (kmer-order.ts) of the complexes without a row (the pairs only b's
  // row would compare), in SEARCH_STEPS growing steps; when none of those is one, b's row
  // decides.
  let kmers: KmerOrder | null = null;
  const search = { asked: 0, found: 0, rows: 0 };
  const someNeighbour: SomeNeighbour = (b, wanted) => {
    const m = rows.get(b);
    if (m) return [...m.keys()].some(wanted);
    search.asked++;
    for (const j of found[b].keys()) if (wanted(j)) return true;
    for (const j of scaffoldMates(b)) if (wanted(j)) return true;
    const open: number[] = [];
    for (let j = 0; j < n; j++) if (!rowed[j] && j !== b && wanted(j)) open.push(j);
    kmers ??= new KmerOrder(ci.d);
    const order = likeliest(kmers.complexScores(b, open), FIRST_STEP * (2 ** SEARCH_STEPS - 1));
    for (let from = 0, step = FIRST_STEP; from < order.length; from += step, step *= 2) {
      const chunk = order.slice(from, from + step).map((k) => open[k]);
      if (ci.row(b, chunk, o.threshold).identity.some((f) => f >= o.threshold)) {
        search.found++;
        return true;
      }
    }
    search.rows++;
    return [...neighbours(b).keys()].some(wanted);
  };
  const target = Math.round(n * o.testShare);
  const t0 = Date.now();
  const s = seedAndExclude(group, neighbours, {
    seed: o.seed, target, maxExcluded: Math.floor(n * (o.maxExcluded ?? DEFAULT_MAX_EXCLUDED)), nearDuplicate: o.nearDuplicate ?? NEAR_DUPLICATE,
    // A complex without a chain to compare cannot be shown held out: it stays in train.
    seedable: (i) => ci.comparable(i),
  }, o.fullRows ? undefined : someNeighbour);
  const excludedBySeeds = s.side.reduce((a, x) => a + (x === EXCLUDED ? 1 : 0), 0);
  const t1 = Date.now();
  // A bound of a pair from the row of either complex (see audit-split.ts); NaN: not in that row.
  const inRow = (i: number, j: number) => {
    const f = bounds.get(i)?.[j];
    return f === undefined || Number.isNaN(f) ? undefined : f;
  };
  const known: KnownBound = (i, j) => inRow(i, j) ?? inRow(j, i);
  const a = auditSplit(ci, s.side, o.threshold, true, o.scaffoldOf && scaffoldMates, known);
  const work = { seeds: s.seeds, regions: s.regions, rows: rows.size, searches: search.asked, searchesFound: search.found, searchesToRow: search.rows, ...pick(ci.stats), threads: ci.threadCount, seedSeconds: (t1 - t0) / 1000, auditSeconds: (Date.now() - t1) / 1000 };
  return {
    side: new Map(ids.map((id, i) => [id, SIDE_NAMES[s.side[i]]])),
    nearest: nearestByIds(a, ids),
    target,
    excludedBySeeds,
    audit: { pairs: a.pairs, leaks: a.leaks.map((l) => ({ test: ids[l.test], train: ids[l.train], identity: l.identity })), moved: a.moved.map((i) => ids[i]) },
    work,
  };
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

/** Complexes sharing a scaffold group with each complex (none without scaffoldOf; `complex:` groups share nothing). */
export function scaffoldLinks(ids: readonly string[], scaffoldOf?: ReadonlyMap<string, string>): (i: number) => number[] {
  if (!scaffoldOf) return () => [];
  const members = new Map<string, number[]>();
  ids.forEach((id, i) => {
    const g = scaffoldOf.get(id);
    if (g === undefined || g.startsWith('complex:')) return;
    members.set(g, [...(members.get(g) ?? []), i]);
  });
  return (i) => (members.get(scaffoldOf.get(ids[i]) ?? '') ?? []).filter((j) => j !== i);
}

function pick(st: ComplexIdentity['stats']) {
  return { pairs: st.pairs, alignments: st.alignments, boundCells: st.boundCells, cells: st.cells };
}

/** The audit's nearest train complexes by id. */
export function nearestByIds(a: Audit, ids: readonly string[]): ProteinSplit['nearest'] {
  const out: ProteinSplit['nearest'] = new Map();
  for (const [i, x] of a.nearest) out.set(ids[i], x && x.compared !== 'none' ? { id: ids[x.index], identity: x.identity, compared: x.compared } : null);
  return out;
}

export { TEST, TRAIN, EXCLUDED };
