// Seeds: every random draw of a run comes from a seedrandom generator whose seed is the
// sha256 of the JSON of (global seed, purpose...), so a draw never depends on run order,
// worker count or shard. A question draws from (seed, task id, complex id, question index);
// draws every question of one task on one complex must agree on (which residues
// residue_ligand asks about, which bonds interaction_location names, the parameter decks)
// from (seed, task id, complex id, purpose); a task's balanced slots from (seed, task id,
// complex id, 'slot'); the split from (seed, 'split'). The one place these are derived:
// pipeline/generate/seeds.ts and qa/complex-generator.ts hand these on.
import { createHash } from 'node:crypto';
import seedrandom from 'seedrandom';
import type { Rng } from './random.ts';

/** The hex sha256 of the JSON of `parts`, used as a seedrandom seed. */
export function seedKey(parts: readonly (string | number)[]): string {
  return createHash('sha256').update(JSON.stringify(parts)).digest('hex');
}

/** A generator seeded by seedKey(parts). */
export function generatorFor(parts: readonly (string | number)[]): Rng {
  return seedrandom(seedKey(parts));
}

/** The generator of one question. `index` counts within (task, complex, split). */
export function questionGenerator(seed: number, task: string, complex: string, index: number): Rng {
  return generatorFor([seed, task, complex, index]);
}

/** A generator for draws every question of one task on one complex must agree on: depends
 * on nothing else (not the split, the question index, run order or workers). */
export function complexGenerator(seed: number, task: string, complex: string, purpose: string): Rng {
  return generatorFor([seed, task, complex, purpose]);
}

/** The generator of a task's slot offset on one complex (TaskContext.slot). */
export function slotGenerator(seed: number, task: string, complex: string): Rng {
  return generatorFor([seed, task, complex, 'slot']);
}
