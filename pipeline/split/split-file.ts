// split.json: how the complexes of a dataset were split, written by `generate` and `split`.
//   { by, seed, testShare, threshold?, target, counts: {train, test}, groups: {train, test},
//     complexes: [{id, side, group}] }   (complexes sorted by id)
// and the leak check run on it, and on the questions written with it.
import { readFile } from 'node:fs/promises';
import type { Split } from '../../qa/task.ts';
import type { SideAssignment } from './assign-sides.ts';
import type { SplitBy } from './group-complexes.ts';

export interface SplitFile {
  by: SplitBy;
  seed: number;
  testShare: number;
  /** Identity threshold (fraction) of the split by protein. */
  threshold?: number;
  /** Test complexes aimed at: round(n * testShare). */
  target: number;
  counts: Record<Split, number>;
  /** Number of distinct groups per side. */
  groups: Record<Split, number>;
  complexes: { id: string; side: Split; group: string }[];
}

export function splitFile(a: SideAssignment, o: { by: SplitBy; seed: number; testShare: number; threshold?: number }): SplitFile {
  const groupsOn = (s: Split) => new Set(a.ids[s].map((id) => a.group.get(id))).size;
  return {
    by: o.by,
    seed: o.seed,
    testShare: o.testShare,
    ...(o.by === 'protein' && o.threshold !== undefined ? { threshold: o.threshold } : {}),
    target: a.target,
    counts: { train: a.ids.train.length, test: a.ids.test.length },
    groups: { train: groupsOn('train'), test: groupsOn('test') },
    complexes: [...a.side.keys()].sort().map((id) => ({ id, side: a.side.get(id)!, group: a.group.get(id)! })),
  };
}

export async function readSplitFile(path: string): Promise<SplitFile> {
  let value: any;
  try {
    value = JSON.parse(await readFile(path, 'utf8'));
  } catch (e) {
    throw new Error(`${path}: ${(e as NodeJS.ErrnoException).code === 'ENOENT' ? 'no such file' : 'not JSON'}`);
  }
  if (!Array.isArray(value?.complexes)) throw new Error(`${path}: no 'complexes' list (not a split.json)`);
  return value as SplitFile;
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
  const side = new Map<string, Split>();
  const groupSides = new Map<string, Set<Split>>();
  for (const c of split.complexes) {
    if (side.has(c.id)) problems.push(`complex ${c.id} is listed twice`);
    side.set(c.id, c.side);
    const group = c.group ?? c.id; // a split.json from before groups: every complex its own
    const s = groupSides.get(group) ?? new Set<Split>();
    s.add(c.side);
    groupSides.set(group, s);
  }
  for (const [g, s] of groupSides) if (s.size > 1) problems.push(`group ${g} has complexes on both sides`);
  for (const q of questions) {
    const own = side.get(q.complex);
    if (own === undefined) problems.push(`question ${q.id}: complex ${q.complex} is not in split.json`);
    else if (own !== q.split) problems.push(`question ${q.id} is in ${q.split} but complex ${q.complex} is ${own}`);
    const partners = (q.meta as { partners?: unknown })?.partners;
    for (const p of Array.isArray(partners) ? partners : []) {
      const ps = side.get(String(p));
      if (ps !== q.split) problems.push(`question ${q.id} (${q.split}) shows partner ${p} from ${ps ?? 'no side'}`);
    }
  }
  return problems;
}
