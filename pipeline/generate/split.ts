// The split, decided before any question is drawn from the seed, the sorted complex ids and
// their groups only (pipeline/split/): by complex (each complex its own group, the
// original's), by ligand scaffold, or by protein sequence cluster. Whole groups go to one
// side (pipeline/split/assign-sides.ts); partners of a question are drawn from its own side.
import type { Complex } from '../../structures/model.ts';
import type { Split } from '../../qa/task.ts';
import { assignSides } from '../split/assign-sides.ts';
import { groupComplexes, type ClusterEngine, type ComplexLoader, type Grouping, type SplitBy } from '../split/group-complexes.ts';
import { splitFile, type SplitFile } from '../split/split-file.ts';

/** The original's share: 490 test complexes of 3,993. */
export const DEFAULT_TEST_SHARE = 490 / 3993;

export interface SplitAssignment {
  /** Side of every complex id. */
  side: Map<string, Split>;
  /** Sorted ids per side. */
  ids: Record<Split, string[]>;
  /** Group of every complex id (the id itself in a split by complex). */
  group?: Map<string, string>;
}

/** The split by complex: the sorted ids shuffled by the split generator, the first round(n * share) test. */
export function decideSplit(complexIds: readonly string[], seed: number, testShare = DEFAULT_TEST_SHARE): SplitAssignment {
  const ids = [...new Set(complexIds)];
  return assignSides(new Map(ids.map((id) => [id, id])), seed, testShare);
}

export interface SplitOptions {
  by: SplitBy;
  seed: number;
  testShare: number;
  /** Identity threshold (fraction) for the split by protein. */
  threshold?: number;
  /** Cluster engine of the split by protein (default exact). */
  engine?: ClusterEngine;
}

export interface ComplexSplit extends SplitAssignment {
  group: Map<string, string>;
  grouping: Grouping;
  /** The content of split.json. */
  file: SplitFile;
}

/**
 * Groups the complexes as `by` says and puts whole groups on one side. `complexes` is the
 * list itself, or the ids with a loader (a run reads them back one at a time).
 */
export async function splitComplexes(complexes: readonly Complex[] | { ids: readonly string[]; load: ComplexLoader }, o: SplitOptions): Promise<ComplexSplit> {
  const { ids, load } = Array.isArray(complexes) ? listLoader(complexes as readonly Complex[]) : (complexes as { ids: readonly string[]; load: ComplexLoader });
  return splitFromGrouping(await groupComplexes(ids, load, { by: o.by, threshold: o.threshold, engine: o.engine }), o);
}

/** Whole groups to sides, and split.json's content. */
export function splitFromGrouping(grouping: Grouping, o: SplitOptions): ComplexSplit {
  const a = assignSides(grouping.groupOf, o.seed, o.testShare);
  return { ...a, grouping, file: splitFile(a, { by: o.by, seed: o.seed, testShare: o.testShare, threshold: grouping.threshold }) };
}

function listLoader(list: readonly Complex[]): { ids: string[]; load: ComplexLoader } {
  const byId = new Map(list.map((c) => [c.id, c]));
  return { ids: list.map((c) => c.id), load: (id) => byId.get(id)! };
}
