// The tiny set: a fixed number of test questions per task (50, as the original's quick
// evaluation set), drawn at random but deterministically: the test questions sorted by id
// are shuffled by the generator of (seed, TINY, task) and the first 50 kept, then sorted
// by id again. Fewer test questions than that: all of them.
import { shuffled } from '../../qa/random.ts';
import { TINY } from '../../qa/split-names.ts';
import { generatorFor } from '../generate/seeds.ts';

export const TINY_PER_TASK = 50;

export function tinySubset<T extends { id: string }>(testQuestions: readonly T[], seed: number, task: string, size = TINY_PER_TASK): T[] {
  const byId = (a: T, b: T) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
  const sorted = [...testQuestions].sort(byId);
  return shuffled(generatorFor([seed, TINY, task]), sorted)
    .slice(0, size)
    .sort(byId);
}
