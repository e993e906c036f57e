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
  /** `protein,scaffold`: every complex's scaffold group; complexes sharing one are neighbours too. */
  scaffoldOf?: ReadonlyMap<string, string>;
}

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
  work: { seeds: number; regions: number; rows: number; pairs: number; alignments: number; boundCells: number; cells: number; seedSeconds: number; auditSeconds: number };
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
  // Rows are symmetric: a row is computed only against complexes without a row yet; what the
  // earlier rows found about i is kept in `found[i]`.
  const scaffoldMates = scaffoldLinks(ids, o.scaffoldOf);
  const rows = new Map<number, Map<number, number>>();
  const found = ids.map(() => new Map<number, number>());
  const rowed = new Uint8Array(ids.length);
  const neighbours = (i: number) => {
    let m = rows.get(i);
    if (!m) {
      const others: number[] = [];
      for (let j = 0; j < ids.length; j++) if (!rowed[j] && j !== i) others.push(j);
      const r = ci.row(i, others, o.threshold);
      m = found[i];
      r.identity.forEach((f, k) => {
        if (f < o.threshold) return;
        m!.set(others[k], f);
        found[others[k]].set(i, f);
      });
      rowed[i] = 1;
      for (const j of scaffoldMates(i)) if (!m.has(j)) m.set(j, SCAFFOLD_LINK);
      rows.set(i, m);
    }
    return m;
  };
  const n = ids.length;
  const target = Math.round(n * o.testShare);
  const t0 = Date.now();
  const s = seedAndExclude(group, neighbours, {
    seed: o.seed, target, maxExcluded: Math.floor(n * (o.maxExcluded ?? DEFAULT_MAX_EXCLUDED)), nearDuplicate: o.nearDuplicate ?? NEAR_DUPLICATE,
  });
  const excludedBySeeds = s.side.reduce((a, x) => a + (x === EXCLUDED ? 1 : 0), 0);
  const t1 = Date.now();
  const a = auditSplit(new ComplexIdentity(linkageData(linkage, { threshold: o.threshold })), s.side, o.threshold, true, o.scaffoldOf && scaffoldMates);
  const work = { seeds: s.seeds, regions: s.regions, rows: rows.size, ...pick(ci.stats), seedSeconds: (t1 - t0) / 1000, auditSeconds: (Date.now() - t1) / 1000 };
  return {
    side: new Map(ids.map((id, i) => [id, SIDE_NAMES[s.side[i]]])),
    nearest: nearestByIds(a, ids),
    target,
    excludedBySeeds,
    audit: { pairs: a.pairs, leaks: a.leaks.map((l) => ({ test: ids[l.test], train: ids[l.train], identity: l.identity })), moved: a.moved.map((i) => ids[i]) },
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
  for (const [i, x] of a.nearest) out.set(ids[i], x && x.compared !== 'none' ? { id: ids[x.index], identity: x.identity, compared: x.compared } : null);
  return out;
}

export { TEST, TRAIN, EXCLUDED };
