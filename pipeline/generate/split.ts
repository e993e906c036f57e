// The split by complex, decided before any question is drawn, from the seed and the sorted
// list of complex ids only: the ids are shuffled by the split generator and the first
// round(n * testShare) go to test.
import type { Split } from '../../qa/task.ts';
import { shuffled } from '../../qa/random.ts';
import { generatorFor } from './seeds.ts';

/** The original's share: 490 test complexes of 3,993. */
export const DEFAULT_TEST_SHARE = 490 / 3993;

export interface SplitAssignment {
  /** Side of every complex id. */
  side: Map<string, Split>;
  /** Sorted ids per side. */
  ids: Record<Split, string[]>;
}

export function decideSplit(complexIds: readonly string[], seed: number, testShare = DEFAULT_TEST_SHARE): SplitAssignment {
  if (!(testShare >= 0 && testShare <= 1)) throw new Error(`test share ${testShare} is not between 0 and 1`);
  const sorted = [...new Set(complexIds)].sort();
  const order = shuffled(generatorFor([seed, 'split']), sorted);
  const testCount = Math.round(sorted.length * testShare);
  const test = new Set(order.slice(0, testCount));
  const side = new Map<string, Split>(sorted.map((id) => [id, test.has(id) ? 'test' : 'train']));
  return {
    side,
    ids: { train: sorted.filter((id) => !test.has(id)), test: sorted.filter((id) => test.has(id)) },
  };
}
