// Seeds: every random draw of a run comes from a seedrandom generator whose seed is a
// sha256 of (global seed, purpose...), so a draw never depends on run order, worker count
// or shard. Questions use (seed, task id, complex id, question index); the split uses
// (seed, 'split').
import { createHash } from 'node:crypto';
import seedrandom from 'seedrandom';
import type { Rng } from '../../qa/random.ts';

export const DEFAULT_SEED = 0;

/** The hex sha256 of the JSON of `parts`, used as a seedrandom seed. */
export function seedKey(parts: readonly (string | number)[]): string {
  return createHash('sha256').update(JSON.stringify(parts)).digest('hex');
}

export function generatorFor(parts: readonly (string | number)[]): Rng {
  return seedrandom(seedKey(parts));
}

/** The generator of one question. `index` counts within (task, complex, split). */
export function questionGenerator(seed: number, task: string, complex: string, index: number): Rng {
  return generatorFor([seed, task, complex, index]);
}
