// Charged groups: where a salt bridge or a cation-pi interaction can start.
//
// Pocket: by residue, as PLIP (Salentin et al. 2015) counts them: Arg (NE, NH1, NH2), Lys (NZ)
// and His (ND1, NE2) positive, Asp (OD1, OD2) and Glu (OE1, OE2) negative; the centre is the
// mean of the charged atoms present. His counts as positive, as in PLIP: whether it is
// protonated is not in the file.
// Ligand: from its chemistry, through the IDATM types the H-bond typing already gives
// (structures/hbonds/geometric-typing.ts) and the formal charges RDKit gave:
//  - carboxylate or carboxylic acid (a C with three heavy neighbours, two of them O bonded to
//    nothing else heavy: an ester is not one): the two O, centre their mean;
//  - phosphate (mono- or diester, as in a nucleotide's diphosphate), phosphonate: a P with two
//    or more such O; sulfate, sulfonate: an S with three or more (a sulfonamide, a sulfone or a
//    sulfamate has two): the P or S with those O, centre the P or S;
//  - amidinium / guanidinium (the N typed Ng+ around one C): centre the C;
//  - protonatable amine (N3+: an sp3 N with only sp3 carbons and hydrogens, or four
//    substituents) and any other N with a positive formal charge (not nitro, not an N-oxide):
//    centre the N;
//  - any other O, N or S with a negative formal charge (an acyl sulfamate, a tetrazolate), unless
//    a positive neighbour balances it (nitro, N-oxide): centre the atom.

import type { AtomGraph } from '../hbonds/atom-graph.ts';
import { add, scale } from '../hbonds/vector-math.ts';
import type { Vec3 } from '../model.ts';

export type ChargeSign = 'positive' | 'negative';

export interface ChargedGroup {
  sign: ChargeSign;
  side: 'pocket' | 'ligand';
  group: number;
  /** Graph atom indices of the charged atoms (the centre's atoms). */
  atoms: number[];
  centre: Vec3;
  /** What the group is, in words (`carboxylate`, `amine`, `Arg`). */
  label: string;
  /** For a tertiary ligand amine (three heavy substituents): the N's index, for the cation-pi facing test. */
  amineN?: number;
}

const POCKET_CHARGES: Record<string, { sign: ChargeSign; atoms: string[] }> = {
  ARG: { sign: 'positive', atoms: ['NE', 'NH1', 'NH2'] },
  LYS: { sign: 'positive', atoms: ['NZ'] },
  HIS: { sign: 'positive', atoms: ['ND1', 'NE2'] },
  ASP: { sign: 'negative', atoms: ['OD1', 'OD2'] },
  GLU: { sign: 'negative', atoms: ['OE1', 'OE2'] },
};

function centroid(g: AtomGraph, atoms: number[]): Vec3 {
  let c: Vec3 = [0, 0, 0];
  for (const i of atoms) c = add(c, g.atoms[i].xyz);
  return scale(c, 1 / atoms.length);
}

function pocketGroups(g: AtomGraph): ChargedGroup[] {
  const out: ChargedGroup[] = [];
  g.groups.forEach((grp, gi) => {
    if (grp.side !== 'pocket' || !grp.template) return;
    const rule = POCKET_CHARGES[grp.template];
    if (!rule) return;
    const atoms = grp.atoms.filter((i) => rule.atoms.includes(g.atoms[i].name));
    if (!atoms.length) return;
    out.push({ sign: rule.sign, side: 'pocket', group: gi, atoms, centre: centroid(g, atoms), label: grp.template });
  });
  return out;
}

const heavyDegree = (g: AtomGraph, i: number) => g.atoms[i].nbrs.filter((k) => !g.atoms[k].isH).length;
/** O neighbours of atom i with no other heavy neighbour (O-, =O or OH: the acid's protons are not kept at pH 7). */
const terminalOxygens = (g: AtomGraph, i: number) => g.atoms[i].nbrs.filter((j) => g.atoms[j].element === 'O' && heavyDegree(g, j) === 1);

function ligandGroups(g: AtomGraph, formalCharge: (i: number) => number): ChargedGroup[] {
  const out: ChargedGroup[] = [];
  const ligand = g.atoms.filter((a) => a.side === 'ligand' && !a.isH);
  const add1 = (sign: ChargeSign, atoms: number[], centre: Vec3, label: string, amineN?: number) =>
    out.push({ sign, side: 'ligand', group: g.atoms[atoms[0]].group, atoms, centre, label, amineN });
  const amidineCentres = new Set<number>();
  for (const a of ligand) {
    const o = a.element === 'C' || a.element === 'P' || a.element === 'S' ? terminalOxygens(g, a.index) : [];
    if (a.element === 'C' && o.length === 2 && heavyDegree(g, a.index) === 3) {
      add1('negative', o, centroid(g, o), 'carboxylate');
    } else if ((a.element === 'P' && o.length >= 2) || (a.element === 'S' && o.length >= 3)) {
      add1('negative', [a.index, ...o], a.xyz, a.element === 'P' ? 'phosphate' : 'sulfonate');
    } else if (a.type === 'Ng+') {
      for (const c of a.nbrs) {
        const ca = g.atoms[c];
        if (ca.element !== 'C' || amidineCentres.has(c)) continue;
        const ns = ca.nbrs.filter((j) => g.atoms[j].type === 'Ng+');
        if (ns.length < 2) continue;
        amidineCentres.add(c);
        add1('positive', ns, ca.xyz, ns.length >= 3 ? 'guanidinium' : 'amidinium');
      }
    } else if (a.element === 'N' && a.type !== 'Ntr') {
      const oxide = a.nbrs.some((j) => g.atoms[j].element === 'O' && formalCharge(j) < 0);
      const amine = a.type === 'N3+';
      if ((amine || formalCharge(a.index) > 0) && !oxide) {
        add1('positive', [a.index], a.xyz, amine ? 'amine' : 'cationic N', amine && heavyDegree(g, a.index) === 3 ? a.index : undefined);
      }
    }
  }
  // Any other O, N or S RDKit gives a negative formal charge (an acyl sulfamate's O, a
  // tetrazolate N), unless a positive neighbour balances it (nitro, N-oxide).
  const grouped = new Set(out.flatMap((q) => q.atoms));
  for (const a of ligand) {
    if (grouped.has(a.index) || !['O', 'N', 'S'].includes(a.element) || formalCharge(a.index) >= 0) continue;
    if (a.nbrs.some((j) => formalCharge(j) > 0)) continue;
    add1('negative', [a.index], a.xyz, 'anionic atom');
  }
  return out;
}

/** Every charged group of the pocket and the ligand; `formalCharge` gives a graph atom's formal charge (0 when unknown). */
export function findChargedGroups(g: AtomGraph, formalCharge: (i: number) => number): ChargedGroup[] {
  return [...pocketGroups(g), ...ligandGroups(g, formalCharge)];
}
