// A generator for draws that every question of one task on one complex must agree on (which
// residues a complex's residue-ligand questions ask about, which bonds its interaction-
// location questions name): seeded, like a question's own generator, by the sha256 of
// [seed, task, complex, purpose], so it depends on nothing else (not the split, the question
// index, run order or workers).
import { createHash } from 'node:crypto';
import seedrandom from 'seedrandom';
import type { Rng } from './random.ts';

export function complexGenerator(seed: number, task: string, complex: string, purpose: string): Rng {
  return seedrandom(createHash('sha256').update(JSON.stringify([seed, task, complex, purpose])).digest('hex'));
}
