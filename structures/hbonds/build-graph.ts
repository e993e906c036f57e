// Builds the bonded atom graph from a Complex the way ChimeraX's PDB reader would: template
// bonds inside standard residues, hydrogens attached by name, C(i)-N(i+1) peptide links for
// consecutive residues of a chain, a missing-structure pseudobond where a same-chain gap
// follows (pocket files carry no TER records), disulfides, distance bonds inside groups
// without a template, and the ligand's own bonds.
import type { Complex, Residue } from '../model.ts';
import type { AtomGraph, GraphAtom, GraphSide, AtomGroup } from './atom-graph.ts';
import { findRings } from './atom-graph.ts';
import { residueTemplate, templateName } from './residue-templates.ts';
import { distanceBonds, nearestHeavy } from './covalent-bonds.ts';
import { distance } from './vector-math.ts';

/** Longest C(i)-N(i+1) distance still taken as a real peptide bond, angstrom. */
const PEPTIDE_BOND_MAX = 2.0;
/** Longest S-S distance taken as a disulfide, angstrom. */
const DISULFIDE_MAX = 2.5;

export interface GraphOptions {
  /** Include waters as H-bond partners. */
  waters: boolean;
}

export function buildAtomGraph(complex: Complex, options: GraphOptions): AtomGraph {
  const atoms: GraphAtom[] = [];
  const groups: AtomGroup[] = [];
  const bond = (i: number, j: number) => {
    if (i === j || atoms[i].nbrs.includes(j)) return;
    atoms[i].nbrs.push(j);
    atoms[j].nbrs.push(i);
  };
  const addGroup = (res: Residue, side: GraphSide): AtomGroup => {
    const ref = { chain: res.chain, name: res.name, number: res.number, insertionCode: res.insertionCode };
    const group: AtomGroup = { side, residue: ref, template: null, atoms: [] };
    for (const a of res.atoms) {
      const index = atoms.length;
      atoms.push({
        index, name: a.name, element: a.element, xyz: a.xyz, isH: a.isHydrogen, side, residue: ref,
        group: groups.length, nbrs: [], gapLinks: 0, type: '', templated: false, truncated: false,
      });
      group.atoms.push(index);
    }
    groups.push(group);
    return group;
  };

  for (const res of complex.pocket) {
    const group = addGroup(res, 'pocket');
    const template = residueTemplate(res.name);
    if (template && !res.hetero) {
      group.template = templateName(res.name);
      bondByTemplate(atoms, group, template.bonds, bond);
    } else {
      bondByDistance(atoms, group, bond);
    }
  }
  linkPeptides(atoms, groups, bond);
  linkDisulfides(atoms, groups, bond);

  const lig = complex.ligand;
  const ligRes: Residue = { chain: lig.chain, name: lig.name, number: lig.number, insertionCode: lig.insertionCode, hetero: true, atoms: lig.atoms };
  const ligGroup = addGroup(ligRes, 'ligand');
  for (const b of lig.bonds) bond(ligGroup.atoms[b.a], ligGroup.atoms[b.b]);
  lig.atoms.forEach((a, k) => {
    if (a.aromatic !== undefined) atoms[ligGroup.atoms[k]].aromatic = a.aromatic;
  });

  if (options.waters) {
    for (const w of complex.waters) {
      const group = addGroup(w, 'water');
      group.template = 'HOH';
      bondByDistance(atoms, group, bond);
    }
  }
  for (const m of complex.metals) addGroup(m, 'metal');

  const { rings, ringsOf } = findRings(atoms);
  return { atoms, rings, ringsOf, groups };
}

function bondByTemplate(atoms: GraphAtom[], group: AtomGroup, bonds: [string, string][], bond: (i: number, j: number) => void): void {
  const byName = new Map<string, number>();
  for (const i of group.atoms) if (!atoms[i].isH) byName.set(atoms[i].name, i);
  for (const [a, b] of bonds) {
    const i = byName.get(a);
    const j = byName.get(b);
    if (i !== undefined && j !== undefined) bond(i, j);
  }
  const heavy = group.atoms.filter((i) => !atoms[i].isH);
  for (const h of group.atoms) {
    if (!atoms[h].isH) continue;
    let parent = hydrogenParentByName(atoms[h].name, byName);
    if (parent === undefined || distance(atoms[parent].xyz, atoms[h].xyz) > 2.5) {
      const k = nearestHeavy(heavy.map((i) => atoms[i]), atoms[h].xyz, 1.6);
      parent = k >= 0 ? heavy[k] : undefined;
    }
    if (parent !== undefined) bond(parent, h);
  }
}

/**
 * The heavy atom a hydrogen belongs to by PDB naming: H/H1/H2/H3/HN -> N, HXT -> OXT,
 * otherwise the name without its leading H is matched against heavy-atom names without
 * their element letter, dropping trailing characters until one matches (HD21 -> ?D2,
 * HB3 -> ?B, HH12 -> ?H1). Old-style names (1HB) are read as HB1.
 */
export function hydrogenParentByName(hName: string, heavyByName: Map<string, number>): number | undefined {
  let name = hName;
  const old = /^(\d)(H.*)$/.exec(name);
  if (old) name = old[2] + old[1];
  const suffix = name.slice(1);
  if (/^\d*$/.test(suffix) || suffix === 'N') return heavyByName.get('N');
  for (let len = suffix.length; len > 0; len--) {
    const want = suffix.slice(0, len);
    for (const [heavyName, i] of heavyByName) {
      if (heavyName.slice(1) === want) return i;
    }
  }
  return undefined;
}

function bondByDistance(atoms: GraphAtom[], group: AtomGroup, bond: (i: number, j: number) => void): void {
  const local = group.atoms.map((i) => atoms[i]);
  for (const [a, b] of distanceBonds(local)) bond(group.atoms[a], group.atoms[b]);
}

function atomNamed(atoms: GraphAtom[], group: AtomGroup, name: string): number | undefined {
  return group.atoms.find((i) => atoms[i].name === name && !atoms[i].isH);
}

/** C(i)-N(i+1) for consecutive amino-acid-like residues of one chain; a gap pseudobond when too long. */
function linkPeptides(atoms: GraphAtom[], groups: AtomGroup[], bond: (i: number, j: number) => void): void {
  for (let k = 1; k < groups.length; k++) {
    const prev = groups[k - 1];
    const cur = groups[k];
    if (prev.residue.chain !== cur.residue.chain) continue;
    const c = atomNamed(atoms, prev, 'C');
    const n = atomNamed(atoms, cur, 'N');
    if (c === undefined || n === undefined) continue;
    if (atomNamed(atoms, prev, 'CA') === undefined || atomNamed(atoms, cur, 'CA') === undefined) continue;
    if (distance(atoms[c].xyz, atoms[n].xyz) <= PEPTIDE_BOND_MAX) bond(c, n);
    else {
      atoms[c].gapLinks++;
      atoms[n].gapLinks++;
    }
  }
}

function linkDisulfides(atoms: GraphAtom[], groups: AtomGroup[], bond: (i: number, j: number) => void): void {
  const sulfurs: number[] = [];
  for (const g of groups) {
    if (g.template !== 'CYS') continue;
    const s = atomNamed(atoms, g, 'SG');
    if (s !== undefined) sulfurs.push(s);
  }
  for (let x = 0; x < sulfurs.length; x++) {
    for (let y = x + 1; y < sulfurs.length; y++) {
      if (distance(atoms[sulfurs[x]].xyz, atoms[sulfurs[y]].xyz) <= DISULFIDE_MAX) bond(sulfurs[x], sulfurs[y]);
    }
  }
}
