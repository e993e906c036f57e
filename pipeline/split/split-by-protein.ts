// The split by protein: seed and exclude (seed-exclude.ts) over the exact neighbours of the
// candidates it looks at, then the audit (audit-split.ts) of test against train. The
// single-linkage groups of the cluster engine only order the seeds (stratified) and name the
// groups in split.json; which pairs are at the threshold is always decided by the exact
// identity, so neither engine can make the split leak. The rows of seed and exclude keep
// their proven bounds, which the audit reuses for the pairs of test complexes (every test
// complex had its row): it then only aligns. The rows and the search: neighbour-rows.ts.

import { EXCLUDED as EXCLUDED_SIDE, type Side, TEST as TEST_SPLIT, TRAIN as TRAIN_SPLIT, VAL } from '../../qa/split-names.ts';
import { ComplexIdentity } from '../../structures/grouping/complex-identity.ts';
import { linkageData } from '../../structures/grouping/protein-linkage.ts';
import { type Audit, auditSplit } from './audit-split.ts';
import { NeighbourRows } from './neighbour-rows.ts';
import { linkageItems } from './protein-clusters.ts';
import type { ComplexSequences } from './protein-sequences.ts';
import { EXCLUDED, seedAndExclude, TEST, TRAIN } from './seed-exclude.ts';

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

export { roundUp, SCAFFOLD_LINK } from './neighbour-rows.ts';

/** A complex's side in the split by protein: `val` is an excluded complex made a validation
 * split (`--buffer val`). */
export type ProteinSide = Side;

/** What becomes of the excluded complexes: nothing (no questions), or a validation split. */
export type BufferSide = 'none' | typeof VAL;
export const BUFFERS: readonly BufferSide[] = ['none', VAL];

/** With `--buffer val` every excluded complex becomes val (in place); `none` leaves them. */
export function applyBuffer(side: Map<string, ProteinSide>, buffer: BufferSide = 'none'): void {
  if (buffer !== VAL) return;
  for (const [id, s] of side) if (s === EXCLUDED_SIDE) side.set(id, VAL);
}

export interface ProteinSplit {
  side: Map<string, ProteinSide>;
  nearest: Map<string, { id: string; identity: number; compared: 'whole' | 'pocket' } | null>;
  target: number;
  /** Complexes excluded by seed and exclude, and train complexes the audit moved to excluded (leaks). */
  excludedBySeeds: number;
  audit: Omit<Audit, 'nearest' | 'leaks' | 'moved'> & { leaks: { test: string; train: string; identity: number }[]; moved: string[] };
  work: {
    seeds: number;
    regions: number;
    rows: number;
    searches: number;
    searchesFound: number;
    searchesToRow: number;
    pairs: number;
    alignments: number;
    boundCells: number;
    cells: number;
    threads: number;
    seedSeconds: number;
    auditSeconds: number;
  };
}

/** Side names by seed-exclude.ts's side numbers (TRAIN, TEST, EXCLUDED). */
const SIDE_NAMES: ProteinSide[] = [];
SIDE_NAMES[TRAIN] = TRAIN_SPLIT;
SIDE_NAMES[TEST] = TEST_SPLIT;
SIDE_NAMES[EXCLUDED] = EXCLUDED_SIDE;

export function splitByProtein(
  items: readonly ComplexSequences[],
  groupOf: ReadonlyMap<string, string>,
  o: ProteinSplitOptions,
): ProteinSplit {
  const { sorted, items: linkage } = linkageItems(items, o.minLength);
  const ids = sorted.map((s) => s.id);
  const ci = new ComplexIdentity(linkageData(linkage, { threshold: o.threshold }), { threads: o.threads });
  try {
    return split(ids, ci, groupOf, o);
  } finally {
    ci.close();
  }
}

/** Group of every complex (its id when `groupOf` has none), named by the index of its first member. */
export function groupIndex(ids: readonly string[], groupOf: ReadonlyMap<string, string>): Int32Array {
  const firstOf = new Map<string, number>();
  return Int32Array.from(ids, (id, i) => {
    const g = groupOf.get(id) ?? id;
    if (!firstOf.has(g)) firstOf.set(g, i);
    return firstOf.get(g)!;
  });
}

function split(ids: string[], ci: ComplexIdentity, groupOf: ReadonlyMap<string, string>, o: ProteinSplitOptions): ProteinSplit {
  const n = ids.length;
  const scaffoldMates = scaffoldLinks(ids, o.scaffoldOf);
  const rows = new NeighbourRows(n, ci, o.threshold, scaffoldMates);
  const target = Math.round(n * o.testShare);
  const t0 = Date.now();
  const s = seedAndExclude(
    groupIndex(ids, groupOf),
    (i) => rows.neighbours(i),
    {
      seed: o.seed,
      target,
      maxExcluded: Math.floor(n * (o.maxExcluded ?? DEFAULT_MAX_EXCLUDED)),
      nearDuplicate: o.nearDuplicate ?? NEAR_DUPLICATE,
      // A complex without a chain to compare cannot be shown held out: it stays in train.
      seedable: (i) => ci.comparable(i),
    },
    o.fullRows ? undefined : (b, wanted) => rows.someNeighbour(b, wanted),
  );
  const excludedBySeeds = s.side.reduce((a, x) => a + (x === EXCLUDED ? 1 : 0), 0);
  const t1 = Date.now();
  const a = auditSplit(ci, s.side, o.threshold, true, o.scaffoldOf && scaffoldMates, rows.known);
  const work = {
    seeds: s.seeds,
    regions: s.regions,
    rows: rows.rowCount,
    searches: rows.search.asked,
    searchesFound: rows.search.found,
    searchesToRow: rows.search.rows,
    ...pick(ci.stats),
    threads: ci.threadCount,
    seedSeconds: (t1 - t0) / 1000,
    auditSeconds: (Date.now() - t1) / 1000,
  };
  return {
    side: new Map(ids.map((id, i) => [id, SIDE_NAMES[s.side[i]]])),
    nearest: nearestByIds(a, ids),
    target,
    excludedBySeeds,
    audit: {
      pairs: a.pairs,
      leaks: a.leaks.map((l) => ({ test: ids[l.test], train: ids[l.train], identity: l.identity })),
      moved: a.moved.map((i) => ids[i]),
    },
    work,
  };
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
  for (const [i, x] of a.nearest)
    out.set(ids[i], x && x.compared !== 'none' ? { id: ids[x.index], identity: x.identity, compared: x.compared } : null);
  return out;
}

export { EXCLUDED, TEST, TRAIN };
