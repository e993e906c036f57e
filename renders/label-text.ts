// What a residue label says: its name and number ("ASP 25", insertion letter kept:
// "GLY 227A"), and, where the complex's pocket holds residues of more than one chain, its
// chain after a dot ("ASP 25.B"; a residue without a chain id gets "_" as answers write it:
// "GLY 227A._"), so that no image shows two residue labels with the same text. Decided per
// complex (not per image), so one residue reads the same in every image of a complex.
// Single-chain pockets keep the short form. The only place this rule lives.
import type { Complex, Residue } from '../structures/model.ts';

/** The complex's pocket holds residues of more than one chain (chain ids compared as written). */
const multiChain = new WeakMap<Complex, boolean>();
export function pocketHasChains(complex: Complex): boolean {
  let hit = multiChain.get(complex);
  if (hit === undefined) {
    hit = new Set(complex.pocket.map((r) => r.chain)).size > 1;
    multiChain.set(complex, hit);
  }
  return hit;
}

/** The text of a residue's label in an image of `complex`. */
export function residueLabelText(complex: Complex, res: Pick<Residue, 'name' | 'number' | 'insertionCode' | 'chain'>): string {
  const base = `${res.name} ${res.number}${res.insertionCode}`;
  return pocketHasChains(complex) ? `${base}.${res.chain || '_'}` : base;
}
