// The split by protein: seed and exclude (seed-exclude.ts) over the exact neighbours of the
// candidates it looks at, then the audit (audit-split.ts) of test against train. The
// single-linkage groups of the cluster engine only order the seeds (stratified) and name the
// groups in split.json; which pairs are at the threshold is always decided by the exact
// identity, so neither engine can make the split leak.
import { ComplexIdentity } from '../../structures/grouping/complex-identity.ts';
import { linkageData } from '../../structures/grouping/protein-linkage.ts';
import { linkageItems } from './protein-clusters.ts';
import type { ComplexSequences } from './protein-sequences.ts';
import { auditSplit, type Audit } from './audit-split.ts';
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
}

export type ProteinSide = 'train' | 'test' | 'excluded';

export interface ProteinSplit {
  side: Map<string, ProteinSide>;
  nearest: Map<string, { id: string; identity: number; compared: 'whole' | 'pocket' } | null>;
  target: number;
  /** Complexes excluded by seed and exclude, and train complexes the audit moved to excluded (leaks). */
  excludedBySeeds: number;
  audit: Omit<Audit, 'nearest' | 'leaks' | 'moved'> & { leaks: { test: string; train: string; identity: number }[]; moved: string[] };
  work: { seeds: number; regions: number; rows: number; pairs: number; alignments: number; boundCells: number; cells: number };
}

const SIDE_NAMES: ProteinSide[] = ['train', 'test', 'excluded'];

export function splitByProtein(items: readonly ComplexSequences[], groupOf: ReadonlyMap<string, string>, o: ProteinSplitOptions): ProteinSplit {
  const { sorted, items: linkage } = linkageItems(items, o.minLength);
  const ids = sorted.map((s) => s.id);
  const ci = new ComplexIdentity(linkageData(linkage, { threshold: o.threshold }));
  // Group of every complex, named by the index of its first member.
  const firstOf = new Map<string, number>();
  const group = Int32Array.from(ids, (id, i) => {
    const g = groupOf.get(id) ?? id;
    if (!firstOf.has(g)) firstOf.set(g, i);
    return firstOf.get(g)!;
  });
  const everyone = Int32Array.from(ids, (_, i) => i);
  const rows = new Map<number, Map<number, number>>();
  const neighbours = (i: number) => {
    let m = rows.get(i);
    if (!m) {
      const r = ci.row(i, everyone, o.threshold);
      m = new Map();
      r.identity.forEach((f, j) => {
        if (f >= o.threshold) m!.set(j, f);
      });
      rows.set(i, m);
    }
    return m;
  };
  const n = ids.length;
  const target = Math.round(n * o.testShare);
  const s = seedAndExclude(group, neighbours, {
    seed: o.seed, target, maxExcluded: Math.floor(n * (o.maxExcluded ?? DEFAULT_MAX_EXCLUDED)), nearDuplicate: o.nearDuplicate ?? NEAR_DUPLICATE,
  });
  const excludedBySeeds = s.side.reduce((a, x) => a + (x === EXCLUDED ? 1 : 0), 0);
  const work = { seeds: s.seeds, regions: s.regions, rows: rows.size, ...pick(ci.stats) };
  const a = auditSplit(new ComplexIdentity(linkageData(linkage, { threshold: o.threshold })), s.side, o.threshold, true);
  return {
    side: new Map(ids.map((id, i) => [id, SIDE_NAMES[s.side[i]]])),
    nearest: nearestByIds(a, ids),
    target,
    excludedBySeeds,
    audit: { pairs: a.pairs, leaks: a.leaks.map((l) => ({ test: ids[l.test], train: ids[l.train], identity: l.identity })), moved: a.moved.map((i) => ids[i]) },
    work,
  };
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
