// The atoms behind a canonical hydrogen-bond pair (structures/hbonds/canonical-format.ts):
// the pocket residue a pair belongs to and the two heavy atoms it joins, looked up on the
// complex by (chain, number, insertion code, residue name, atom name) and ligand atom name.

import type { CanonicalPair } from '../structures/hbonds/canonical-format.ts';
import type { Atom, Complex, Residue } from '../structures/model.ts';

/** A pocket residue's identity as the `residue:` subset and the canonical pairs name it. */
export interface ResidueId {
  chain: string;
  number: number;
  insertionCode: string;
}

/** `A:25`, `_:227A`: a residue's identity as the `residue:` subset and the records' params write it (blank chain `_`). */
export const residueIdText = (r: ResidueId): string => `${r.chain || '_'}:${r.number}${r.insertionCode}`;

export function pairResidueId(p: CanonicalPair): ResidueId {
  return { chain: p.chain, number: p.residueNumber, insertionCode: p.insertionCode };
}

/** `ASP 25 (chain A)`, `GLY 227A (no chain id)`: how questions name a residue. */
export function residueLabel(name: string, r: ResidueId): string {
  return `${name} ${r.number}${r.insertionCode} (${r.chain ? `chain ${r.chain}` : 'no chain id'})`;
}

export function findPocketResidue(complex: Complex, p: CanonicalPair): Residue | undefined {
  return complex.pocket.find(
    (r) => r.chain === p.chain && r.number === p.residueNumber && r.insertionCode === p.insertionCode && r.name === p.residueName,
  );
}

/** The pocket atom and the ligand atom of a pair; throws naming what is missing. */
export function bondAtoms(complex: Complex, p: CanonicalPair): { pocket: Atom; ligand: Atom } {
  const residue = findPocketResidue(complex, p);
  const pocket = residue?.atoms.find((a) => a.name === p.residueAtom);
  if (!pocket)
    throw new Error(
      `${complex.id}: no pocket atom ${p.residueName} ${residueIdText(pairResidueId(p))} ${p.residueAtom} for a stored H-bond`,
    );
  const ligand = complex.ligand.atoms.find((a) => a.name === p.ligandAtom);
  if (!ligand) throw new Error(`${complex.id}: no ligand atom ${p.ligandAtom} for a stored H-bond`);
  return { pocket, ligand };
}
