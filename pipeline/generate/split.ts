// The split, decided before any question is drawn from the seed, the sorted complex ids and
// their groups only (pipeline/split/): by complex (each complex its own group, the
// original's), by ligand scaffold, or by protein sequence cluster. Whole groups go to one
// side (pipeline/split/assign-sides.ts), except in the split by protein: seed and exclude,
// then the audit (pipeline/split/split-by-protein.ts), where train neighbours of test are
// excluded (no questions), or with `--buffer val` a validation split with questions like
// test's. Partners of a question are drawn from its own side.

import { EXCLUDED, TEST, TRAIN, VAL } from '../../qa/split-names.ts';
import type { Split } from '../../qa/task.ts';
import type { Complex } from '../../structures/model.ts';
import { assignSides } from '../split/assign-sides.ts';
import {
  byProtein,
  type ClusterEngine,
  type ComplexLoader,
  type Grouping,
  groupComplexes,
  type SplitBy,
} from '../split/group-complexes.ts';
import { applyBuffer, type BufferSide, DEFAULT_MAX_EXCLUDED, type ProteinSplit, splitByProtein } from '../split/split-by-protein.ts';
import { proteinSplitFile, type SplitFile, splitFile, timeSplitFile } from '../split/split-file.ts';
import { splitByTime } from '../split/time-split.ts';

/** The original's share: 490 test complexes of 3,993. */
export const DEFAULT_TEST_SHARE = 490 / 3993;

export interface SplitAssignment {
  /** Side of every complex id. */
  side: Map<string, Split>;
  /** Sorted ids per side (val: `--buffer val` only). */
  ids: { train: string[]; test: string[]; val?: string[] };
  /** Group of every complex id (the id itself in a split by complex). */
  group?: Map<string, string>;
  /** Complexes on neither side (split by protein), which get no questions. */
  excluded?: string[];
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
  /** Split by protein: share of the complexes that may be excluded (default 0.2). */
  maxExcluded?: number;
  /** Time split: the date (YYYY-MM-DD) test starts at, and release years from a PDBbind index by id. */
  splitDate?: string;
  indexYears?: ReadonlyMap<string, string>;
  /** Split by protein: `val` makes the excluded complexes a validation split (default none). */
  buffer?: BufferSide;
  /** Split by protein: threads of the exact identity (default one per core); the split does not depend on it. */
  threads?: number;
}

export interface ComplexSplit extends SplitAssignment {
  group: Map<string, string>;
  grouping: Grouping;
  /** Complexes on neither side (split by protein: train neighbours of test), sorted. */
  excluded: string[];
  /** Split by protein: what seed and exclude and the audit did. */
  protein?: ProteinSplit;
  /** The content of split.json. */
  file: SplitFile;
}

/**
 * Groups the complexes as `by` says and puts whole groups on one side. `complexes` is the
 * list itself, or the ids with a loader (a run reads them back one at a time).
 */
export async function splitComplexes(
  complexes: readonly Complex[] | { ids: readonly string[]; load: ComplexLoader },
  o: SplitOptions,
): Promise<ComplexSplit> {
  const { ids, load } = Array.isArray(complexes)
    ? listLoader(complexes as readonly Complex[])
    : (complexes as { ids: readonly string[]; load: ComplexLoader });
  return splitFromGrouping(await groupComplexes(ids, load, { by: o.by, threshold: o.threshold, engine: o.engine }), o);
}

/** Whole groups to sides, and split.json's content. */
export function splitFromGrouping(grouping: Grouping, o: SplitOptions): ComplexSplit {
  if (byProtein(grouping.by) && grouping.sequences) {
    const threshold = grouping.threshold!;
    const maxExcluded = o.maxExcluded ?? DEFAULT_MAX_EXCLUDED;
    const p = splitByProtein(grouping.sequences, grouping.groupOf, {
      seed: o.seed,
      testShare: o.testShare,
      threshold,
      maxExcluded,
      scaffoldOf: grouping.scaffoldOf,
      threads: o.threads,
    });
    applyBuffer(p.side, o.buffer);
    const sorted = [...p.side.keys()].sort();
    const on = (s: string) => sorted.filter((id) => p.side.get(id) === s);
    const ids = { train: on(TRAIN), test: on(TEST), ...(o.buffer === VAL ? { val: on(VAL) } : {}) };
    const side = new Map<string, Split>(
      sorted.flatMap((id) => {
        const s = p.side.get(id);
        return s !== undefined && s !== EXCLUDED ? [[id, s] as const] : [];
      }),
    );
    const file = proteinSplitFile(p, grouping.groupOf, {
      by: grouping.by,
      seed: o.seed,
      testShare: o.testShare,
      threshold,
      engine: grouping.engine ? `${grouping.engine.name} ${grouping.engine.version}` : 'exact',
      maxExcluded: Math.floor(sorted.length * maxExcluded),
    });
    return { side, ids, group: new Map(grouping.groupOf), grouping, excluded: on(EXCLUDED), protein: p, file };
  }
  if (grouping.by === 'time' && grouping.times) {
    if (!o.splitDate) throw new Error('the time split needs a split date');
    const t = splitByTime(grouping.times, o.splitDate, o.indexYears);
    const sorted = [...t.side.keys()].sort();
    const on = (s: string) => sorted.filter((id) => t.side.get(id) === s);
    const ids = { train: on(TRAIN), test: on(TEST) };
    const side = new Map<string, Split>([...ids.train.map((id) => [id, TRAIN] as const), ...ids.test.map((id) => [id, TEST] as const)]);
    grouping.notes.push(...t.notes);
    const file = timeSplitFile(t, grouping.groupOf, { seed: o.seed, splitDate: o.splitDate });
    return { side, ids, group: new Map(grouping.groupOf), grouping, excluded: on(EXCLUDED), file };
  }
  const a = assignSides(grouping.groupOf, o.seed, o.testShare);
  return {
    ...a,
    grouping,
    excluded: [],
    file: splitFile(a, { by: o.by, seed: o.seed, testShare: o.testShare, threshold: grouping.threshold }),
  };
}

function listLoader(list: readonly Complex[]): { ids: string[]; load: ComplexLoader } {
  const byId = new Map(list.map((c) => [c.id, c]));
  return { ids: list.map((c) => c.id), load: (id) => byId.get(id)! };
}
