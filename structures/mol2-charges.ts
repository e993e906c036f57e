// mol2 files carry SYBYL types and bond orders but no formal charges, and write charged
// groups (carboxylate, phosphate, amidinium) with "ar" bonds outside rings. Before RDKit can
// read such a molecule, those groups get one Kekule form and charges follow from valence.
import type { Bond, LigandAtom } from './model.ts';

export interface KekuleGuess {
  bonds: Bond[];
  charges: number[];
}

/** The delocalised groups: centre atom -> its terminal partners written with "ar" bonds. */
function delocalisedGroups(atoms: LigandAtom[], bonds: Bond[], terminalType: string): Map<number, number[]> {
  const groups = new Map<number, number[]>();
  bonds.forEach((b, i) => {
    if (b.order !== 1.5) return;
    for (const [t, c] of [
      [b.a, b.b],
      [b.b, b.a],
    ]) {
      if (atoms[t].sybylType === terminalType) groups.set(c, [...(groups.get(c) ?? []), i]);
    }
  });
  return groups;
}

/** Guesses a Kekule form and formal charges for a mol2 molecule; see aromaticNPlus below. */
export function guessMol2Charges(atoms: LigandAtom[], bondsIn: Bond[], aromaticNPlus: boolean): KekuleGuess {
  const bonds = bondsIn.map((b) => ({ ...b }));
  const charges = atoms.map(() => 0);
  // Carboxylate, phosphate, sulfonate oxygens: one double bond, the others single and -1.
  for (const bondIdx of delocalisedGroups(atoms, bonds, 'O.co2').values()) {
    bondIdx.forEach((bi, k) => {
      bonds[bi].order = k === 0 ? 2 : 1;
      const b = bonds[bi];
      const o = atoms[b.a].sybylType === 'O.co2' ? b.a : b.b;
      if (k > 0) charges[o] = -1;
    });
  }
  // Amidinium / guanidinium: one N double-bonded and +1, the others single.
  for (const [centre, bondIdx] of delocalisedGroups(atoms, bonds, 'N.pl3')) {
    if (atoms[centre].sybylType !== 'C.cat') continue;
    bondIdx.forEach((bi, k) => {
      bonds[bi].order = k === 0 ? 2 : 1;
      const b = bonds[bi];
      if (k === 0) charges[atoms[b.a].sybylType === 'N.pl3' ? b.a : b.b] = 1;
    });
  }
  // Remaining charges from valence, for atoms without aromatic bonds.
  const valence = atoms.map(() => 0);
  const aromatic = atoms.map(() => false);
  for (const b of bonds) {
    for (const i of [b.a, b.b]) {
      valence[i] += b.order;
      if (b.order === 1.5) aromatic[i] = true;
    }
  }
  atoms.forEach((a, i) => {
    if (charges[i] !== 0 || aromatic[i]) return;
    if (a.element === 'N' && valence[i] === 4) charges[i] = 1;
    else if (a.element === 'O' && valence[i] === 1 && a.sybylType !== 'O.2') charges[i] = -1;
    else if (a.element === 'O' && valence[i] === 3) charges[i] = 1;
    else if (a.element === 'S' && valence[i] === 1 && a.sybylType !== 'S.2') charges[i] = -1;
  });
  // An aromatic ring N with three neighbours is either pyrrole-type (neutral) or
  // pyridinium-type (+1); valence cannot tell, so the caller tries both.
  atoms.forEach((a, i) => {
    if (!aromaticNPlus || a.element !== 'N' || !aromatic[i] || charges[i] !== 0) return;
    if (Math.abs(valence[i] - 4) < 1e-9) charges[i] = 1;
  });
  return { bonds, charges };
}
