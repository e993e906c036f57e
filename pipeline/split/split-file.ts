// split.json: how the complexes of a dataset were split, written by `generate` and `split`.
//   { by, seed, testShare, threshold?, target, counts: {train, test, excluded?, val?}, groups: {train, test},
//     achieved?, complexes: [{id, side, group, nearest?}] }   (complexes sorted by id)
// and the leak check run on it, and on the questions written with it. The split by protein
// adds the side `excluded` (no questions), `nearest` per test complex and `achieved`; with
// `--buffer val` the excluded complexes are the side `val` instead (a validation split).
import { readFile } from 'node:fs/promises';
import { conforms, z } from '../../qa/record-problems.ts';
import { type BaseSplit, EXCLUDED, SIDE_ORDER, type Side, TEST, TRAIN, VAL } from '../../qa/split-names.ts';
import { SideCountsSchema } from '../dataset/manifest-type.ts';
import type { SideAssignment } from './assign-sides.ts';
import { SPLIT_BY_ORDER, type SplitBy } from './split-by.ts';
import type { ProteinSplit } from './split-by-protein.ts';
import type { TimeSplit } from './time-split.ts';

/** A complex's side: train or test, or (split by protein) excluded, or val (`--buffer val`). */
export type { Side };

/** What the split by protein reached, and what its audit did. */
export const AchievedSchema = z.object({
  aimed: z.number(),
  test: z.number(),
  train: z.number(),
  excluded: z.number(),
  val: z.number(),
  /** Test complexes short of the aim (0 when reached). */
  short: z.number().describe('Test complexes short of the aim (0 when reached)'),
  /** Most complexes that could be excluded (--max-excluded x complexes). */
  maxExcluded: z.number().describe('Most complexes that could be excluded (--max-excluded x complexes)'),
  engine: z.string(),
  threshold: z.number(),
  /** Test x train pairs the audit compared, the leaks it found, the train complexes it moved to excluded. */
  pairsAudited: z.number().describe('Test x train pairs the audit compared'),
  leaks: z.number(),
  moved: z.number().describe('Train complexes the audit moved to excluded'),
  /** Leaking pairs left with a complex in train (a split list applied without --fix-leaks). */
  leaksLeft: z.number().describe('Leaking pairs left with a complex in train (a split list applied without --fix-leaks)'),
});
export type Achieved = z.infer<typeof AchievedSchema>;

/** A test complex's closest train complex (the audit's, exact identity). */
export const NearestSchema = z.object({
  id: z.string(),
  identity: z.number(),
  compared: z.enum(['whole', 'pocket']),
});
export type Nearest = z.infer<typeof NearestSchema>;

export const SplitFileSchema = z
  .object({
    by: z.enum(SPLIT_BY_ORDER),
    seed: z.number(),
    testShare: z.number(),
    /** Identity threshold (fraction) of the split by protein. */
    threshold: z.number().optional().describe('Identity threshold (fraction) of the split by protein'),
    /** Test complexes aimed at: round(n * testShare). */
    target: z.number().describe('Test complexes aimed at: round(n * testShare)'),
    counts: SideCountsSchema,
    /** Number of distinct groups per side. */
    groups: z.object({ train: z.number(), test: z.number() }).describe('Number of distinct groups per side'),
    /** Split by protein: aim, sides and the audit. */
    achieved: AchievedSchema.optional().describe('Split by protein: aim, sides and the audit'),
    /** A split applied from a list (--split-from): its path. */
    from: z.string().optional().describe('A split applied from a list (--split-from): its path'),
    /** Time split: test is released on or after this date. */
    splitDate: z.string().optional().describe('Time split: test is released on or after this date'),
    /** Split by protein: `nearest` on every test complex (null: it has no chain to compare). */
    complexes: z
      .array(z.object({ id: z.string(), side: z.enum(SIDE_ORDER), group: z.string(), nearest: NearestSchema.nullable().optional() }))
      .describe('Every complex, sorted by id; split by protein: nearest on every test complex (null: no chain to compare)'),
  })
  .describe('split.json: how the complexes of a dataset were split');
export type SplitFile = z.infer<typeof SplitFileSchema>;

export function splitFile(a: SideAssignment, o: { by: SplitBy; seed: number; testShare: number; threshold?: number }): SplitFile {
  const groupsOn = (s: BaseSplit) => new Set(a.ids[s].map((id) => a.group.get(id))).size;
  return {
    by: o.by,
    seed: o.seed,
    testShare: o.testShare,
    ...(o.by !== 'complex' && o.by !== 'scaffold' && o.threshold !== undefined ? { threshold: o.threshold } : {}),
    target: a.target,
    counts: { train: a.ids.train.length, test: a.ids.test.length },
    groups: { train: groupsOn(TRAIN), test: groupsOn(TEST) },
    complexes: [...a.side.keys()].sort().map((id) => ({ id, side: a.side.get(id)!, group: a.group.get(id)! })),
  };
}

/**
 * A split.json as older misi-gen wrote it, in today's form: each complex's side was once
 * `split`, and before groups every complex was its own group. Anything else is left as read.
 */
export function upgradeSplitJson(value: unknown): unknown {
  if (!(value !== null && typeof value === 'object' && 'complexes' in value && Array.isArray(value.complexes))) return value;
  const complexes = value.complexes.map((c: unknown) => {
    if (c === null || typeof c !== 'object' || !('id' in c)) return c;
    const side = 'side' in c ? {} : 'split' in c ? { side: c.split } : {};
    const group = 'group' in c ? {} : { group: c.id };
    return Object.keys(side).length || Object.keys(group).length ? { ...c, ...side, ...group } : c;
  });
  return { ...value, complexes };
}

/** A split.json anywhere (`generate --split-from`, `split`): what is wrong is named by file and field. */
export async function readSplitFile(path: string): Promise<SplitFile> {
  let value: unknown;
  try {
    value = JSON.parse(await readFile(path, 'utf8'));
  } catch (e) {
    throw new Error(`${path}: ${(e as NodeJS.ErrnoException).code === 'ENOENT' ? 'no such file' : 'not JSON'}`);
  }
  if (!(value !== null && typeof value === 'object' && 'complexes' in value && Array.isArray(value.complexes)))
    throw new Error(`${path}: no 'complexes' list (not a split.json)`);
  const problems: string[] = [];
  const upgraded = upgradeSplitJson(value);
  if (!conforms(SplitFileSchema, upgraded, problems)) throw new Error(`${path}: ${problems.join('; ')}`);
  return upgraded;
}

/** What a question needs for the leak check: its split, its complex, and the partners it shows. */
export interface QuestionSides {
  id: string;
  split: string;
  complex: string;
  meta?: { partners?: string[] } | Record<string, unknown>;
}

/**
 * Every way the split leaks, as plain sentences (empty when it does not): a group with
 * complexes on both sides, a complex without a side (or listed twice), a question filed under
 * a split other than its complex's side, a question showing a partner from the other side.
 */
export function splitLeaks(split: SplitFile, questions: Iterable<QuestionSides> = []): string[] {
  const problems: string[] = [];
  const side = new Map<string, Side>();
  const groupSides = new Map<string, Set<Side>>();
  for (const c of split.complexes) {
    if (side.has(c.id)) problems.push(`complex ${c.id} is listed twice`);
    side.set(c.id, c.side);
    const group = c.group ?? c.id; // a split.json from before groups: every complex its own
    const s = groupSides.get(group) ?? new Set<Side>();
    if (c.side !== EXCLUDED) s.add(c.side); // excluded is on no side
    groupSides.set(group, s);
  }
  // A split by protein with an audit spreads groups over the sides on purpose (seed and
  // exclude); its leaks are the audit's (achieved.leaks left in train when not fixed).
  if (split.achieved) {
    if (split.achieved.leaksLeft > 0)
      problems.push(`the audit found ${split.achieved.leaksLeft} test-train pairs at the threshold left in train`);
  } else {
    for (const [g, s] of groupSides) if (s.size > 1) problems.push(`group ${g} has complexes on both sides`);
  }
  for (const q of questions) {
    const own = side.get(q.complex);
    if (own === undefined) problems.push(`question ${q.id}: complex ${q.complex} is not in split.json`);
    else if (own === EXCLUDED) problems.push(`question ${q.id}: complex ${q.complex} is excluded`);
    else if (own !== q.split) problems.push(`question ${q.id} is in ${q.split} but complex ${q.complex} is ${own}`);
    const partners = (q.meta as { partners?: unknown })?.partners;
    for (const p of Array.isArray(partners) ? partners : []) {
      const ps = side.get(String(p));
      if (ps !== q.split) problems.push(`question ${q.id} (${q.split}) shows partner ${p} from ${ps ?? 'no side'}`);
    }
  }
  return problems;
}

/** split.json of a split by protein (seed and exclude, audited). */
export function proteinSplitFile(
  p: ProteinSplit,
  group: ReadonlyMap<string, string>,
  o: { by?: SplitBy; seed: number; testShare: number; threshold: number; engine: string; maxExcluded: number; from?: string },
): SplitFile {
  const ids = [...p.side.keys()].sort();
  const on = (s: Side) => ids.filter((id) => p.side.get(id) === s);
  const groupsOn = (s: Side) => new Set(on(s).map((id) => group.get(id))).size;
  const val = on(VAL).length;
  const counts = { train: on(TRAIN).length, test: on(TEST).length, excluded: on(EXCLUDED).length, ...(val ? { val } : {}) };
  return {
    by: o.by ?? 'protein',
    seed: o.seed,
    testShare: o.testShare,
    threshold: o.threshold,
    target: p.target,
    counts,
    groups: { train: groupsOn(TRAIN), test: groupsOn(TEST) },
    achieved: {
      aimed: p.target,
      ...counts,
      val,
      short: Math.max(0, p.target - counts.test),
      maxExcluded: o.maxExcluded,
      engine: o.engine,
      threshold: o.threshold,
      pairsAudited: p.audit.pairs,
      leaks: p.audit.leaks.length,
      moved: p.audit.moved.length,
      leaksLeft: p.audit.leaks.filter((l) => p.side.get(l.train) === TRAIN).length,
    },
    ...(o.from ? { from: o.from } : {}),
    complexes: ids.map((id) => {
      const side = p.side.get(id)!;
      return side === TEST
        ? { id, side, group: group.get(id) ?? id, nearest: p.nearest.get(id) ?? null }
        : { id, side, group: group.get(id) ?? id };
    }),
  };
}

/** split.json of a time split (group: the release date, or `no date`). */
export function timeSplitFile(t: TimeSplit, group: ReadonlyMap<string, string>, o: { seed: number; splitDate: string }): SplitFile {
  const ids = [...t.side.keys()].sort();
  const on = (s: Side) => ids.filter((id) => t.side.get(id) === s);
  const groupsOn = (s: Side) => new Set(on(s).map((id) => group.get(id))).size;
  const counts = { train: on(TRAIN).length, test: on(TEST).length, excluded: on(EXCLUDED).length };
  return {
    by: 'time',
    seed: o.seed,
    testShare: counts.test / Math.max(1, ids.length),
    target: counts.test,
    splitDate: o.splitDate,
    counts,
    groups: { train: groupsOn(TRAIN), test: groupsOn(TEST) },
    complexes: ids.map((id) => ({ id, side: t.side.get(id)!, group: group.get(id) ?? 'no date' })),
  };
}
