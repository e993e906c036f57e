// A generator for draws that every question of one task on one complex must agree on (which
// residues a complex's residue-ligand questions ask about, which bonds its interaction-
// location questions name): derived in qa/seeds.ts with every other seed of a run.
export { complexGenerator } from './seeds.ts';
