// Whole groups of complexes to one side of the split. The sorted group names are shuffled by
// the split generator (seed, 'split'); walking that order, a group goes to test when it still
// fits under the target round(n * testShare) complexes, else to train. Groups never straddle
// the split, so the test share is met exactly only when the group sizes allow it: a group
// larger than what is left of the target goes to train (large clusters tend to be train).
// With one complex per group this is exactly the plain random split by complex.

import { shuffled } from '../../qa/random.ts';
import { TEST, TRAIN } from '../../qa/split-names.ts';
import type { Split } from '../../qa/task.ts';
import { generatorFor } from '../generate/seeds.ts';

export interface SideAssignment {
  /** Side of every complex id. */
  side: Map<string, Split>;
  /** Sorted ids per side (val: `--buffer val` only). */
  ids: { train: string[]; test: string[]; val?: string[] };
  /** Group of every complex id. */
  group: Map<string, string>;
  /** Number of complexes the test side aimed at. */
  target: number;
}

const byText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** Sides for the complexes of `groupOf` (complex id -> group name), whole groups at a time. */
export function assignSides(groupOf: ReadonlyMap<string, string>, seed: number, testShare: number): SideAssignment {
  if (!(testShare >= 0 && testShare <= 1)) throw new Error(`test share ${testShare} is not between 0 and 1`);
  const members = new Map<string, string[]>();
  for (const [id, g] of groupOf) {
    const list = members.get(g);
    if (list) list.push(id);
    else members.set(g, [id]);
  }
  const total = groupOf.size;
  const target = Math.round(total * testShare);
  const order = shuffled(generatorFor([seed, 'split']), [...members.keys()].sort(byText));
  const side = new Map<string, Split>();
  let inTest = 0;
  for (const g of order) {
    const ids = members.get(g)!;
    const s: Split = inTest + ids.length <= target ? TEST : TRAIN;
    if (s === TEST) inTest += ids.length;
    for (const id of ids) side.set(id, s);
  }
  const sorted = [...groupOf.keys()].sort(byText);
  return {
    side,
    ids: { train: sorted.filter((id) => side.get(id) === TRAIN), test: sorted.filter((id) => side.get(id) === TEST) },
    group: new Map(sorted.map((id) => [id, groupOf.get(id)!])),
    target,
  };
}
