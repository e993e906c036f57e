// Builds the bonded atom graph from a Complex the way ChimeraX's readers would, in ChimeraX's
// bond order (docs/hbond-criteria.md section 2, generic acceptors): template bonds inside standard
// residues with their hydrogens attached by name, C(i)-N(i+1) peptide links for consecutive
// residues of a chain (a missing-structure pseudobond where a same-chain gap follows: pocket
// files carry no TER records), disulfides, the ligand's own bonds, distance bonds inside
// groups without a template, and last the hydrogens no template names (Asp/Glu carboxyl H),
// bonded to the nearest heavy atom whatever their name says. Each atom records its model.
import type { Atom, Complex, Ligand } from '../model.ts';
import type { AtomGraph, AtomGroup, GraphAtom, GraphSide, ResidueRef } from './atom-graph.ts';
import { findRings } from './atom-graph.ts';
import { distanceBonds, nearestHeavy } from './covalent-bonds.ts';
import { residueTemplate, templateName, UNTEMPLATED_HYDROGENS, WATER_NAMES } from './residue-templates.ts';
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
  /** Hydrogens that no template names: bonded by distance after all other bonds. */
  const byDistance: { h: number; group: AtomGroup }[] = [];
  // One source file (a whole entry) is one model; otherwise the ligand file is a second one.
  const ligandModel = complex.sources.some((s) => s.role === 'entry') ? 0 : 1;
  const addGroup = (ref: ResidueRef, members: Atom[], side: GraphSide, model: number): AtomGroup => {
    const group: AtomGroup = { side, residue: ref, template: null, atoms: [] };
    members.forEach((a) => {
      const index = atoms.length;
      atoms.push({
        index,
        name: a.name,
        templateAtomName: a.name,
        element: a.element,
        xyz: a.xyz,
        isH: a.isHydrogen,
        side,
        model,
        residue: ref,
        group: groups.length,
        nbrs: [],
        gapLinks: 0,
        type: '',
        templated: false,
        truncated: false,
      });
      group.atoms.push(index);
    });
    groups.push(group);
    return group;
  };
  const refOf = (res: { chain: string; name: string; number: number; insertionCode: string }): ResidueRef => ({
    chain: res.chain,
    name: res.name,
    number: res.number,
    insertionCode: res.insertionCode,
  });

  for (const res of complex.pocket) {
    const group = addGroup(refOf(res), res.atoms, 'pocket', 0);
    const template = residueTemplate(res.name);
    if (template && !res.hetero) {
      group.template = templateName(res.name);
      bondByTemplate(atoms, group, template.bonds, bond, byDistance);
    } else {
      bondByDistance(atoms, group, bond);
    }
  }
  linkPeptides(atoms, groups, bond);
  linkDisulfides(atoms, groups, bond);

  // The ligand's atoms stay in file order; a peptide ligand's groups interleave if need be.
  const lig = complex.ligand;
  const ligStart = atoms.length;
  const ligGroups = ligandGroups(lig);
  const firstGroup = groups.length;
  const memberOf: number[] = [];
  ligGroups.forEach(({ members }, n) => members.forEach((k) => (memberOf[k] = n)));
  for (const { template } of ligGroups) groups.push({ side: 'ligand', residue: refOf(lig), template, atoms: [] });
  lig.atoms.forEach((a, k) => {
    const group = groups[firstGroup + memberOf[k]];
    const templateAtom = group.template ? a.substructure!.atomName : a.name;
    group.atoms.push(atoms.length);
    atoms.push({
      index: atoms.length,
      name: a.name,
      templateAtomName: templateAtom,
      element: a.element,
      xyz: a.xyz,
      isH: a.isHydrogen,
      side: 'ligand',
      model: ligandModel,
      residue: group.residue,
      group: firstGroup + memberOf[k],
      nbrs: [],
      gapLinks: 0,
      type: '',
      templated: false,
      truncated: false,
    });
  });
  const ligAtom = lig.atoms.map((_, k) => ligStart + k);
  for (const b of lig.bonds) bond(ligAtom[b.a], ligAtom[b.b]);
  lig.atoms.forEach((a, k) => {
    if (a.aromatic !== undefined) atoms[ligAtom[k]].aromatic = a.aromatic;
  });

  if (options.waters) {
    for (const w of complex.waters) {
      const group = addGroup(refOf(w), w.atoms, 'water', 0);
      group.template = 'HOH';
      bondByDistance(atoms, group, bond);
    }
  }
  for (const m of complex.metals) addGroup(refOf(m), m.atoms, 'metal', 0);

  for (const { h, group } of byDistance) {
    const heavy = group.atoms.filter((i) => !atoms[i].isH);
    const k = nearestHeavy(
      heavy.map((i) => atoms[i]),
      atoms[h].xyz,
      1.6,
    );
    if (k >= 0) bond(heavy[k], h);
  }
  const { rings, ringsOf } = findRings(atoms);
  return { atoms, rings, ringsOf, groups };
}

/**
 * The ligand's typing groups: one group typed by geometry, or, for a mol2 ligand with a
 * substructure named like a standard residue (a peptide ligand), one group per substructure
 * (same name and id) typed by its residue template, and the rest typed from geometry
 * together (docs/hbond-criteria.md section 1).
 */
function ligandGroups(lig: Ligand): { template: string | null; members: number[] }[] {
  const all = lig.atoms.map((_, k) => k);
  const named = (k: number) => lig.atoms[k].substructure;
  const isPeptideName = (name: string) => residueTemplate(name) !== null && !WATER_NAMES.has(name);
  if (!all.some((k) => named(k) && isPeptideName(named(k)!.name))) return [{ template: null, members: all }];
  // Template residues one group each; every other atom in one group typed from geometry.
  const byKey = new Map<string, number[]>();
  for (const k of all) {
    const s = named(k);
    const key = s && isPeptideName(s.name) ? `${s.name}\t${s.id}` : '';
    byKey.set(key, [...(byKey.get(key) ?? []), k]);
  }
  return [...byKey].map(([key, members]) => {
    const name = key.split('\t')[0];
    return { template: key && isPeptideName(name) ? templateName(name) : null, members };
  });
}

function bondByTemplate(
  atoms: GraphAtom[],
  group: AtomGroup,
  bonds: [string, string][],
  bond: (i: number, j: number) => void,
  byDistance: { h: number; group: AtomGroup }[],
): void {
  const byName = new Map<string, number>();
  for (const i of group.atoms) if (!atoms[i].isH) byName.set(atoms[i].templateAtomName, i);
  for (const [a, b] of bonds) {
    const i = byName.get(a);
    const j = byName.get(b);
    if (i !== undefined && j !== undefined) bond(i, j);
  }
  const untemplated = UNTEMPLATED_HYDROGENS[group.template ?? ''] ?? [];
  for (const h of group.atoms) {
    if (!atoms[h].isH) continue;
    const name = atoms[h].templateAtomName;
    const parent = untemplated.includes(name) ? undefined : hydrogenParentByName(name, byName);
    if (parent !== undefined && distance(atoms[parent].xyz, atoms[h].xyz) <= 2.5) bond(parent, h);
    else byDistance.push({ h, group });
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
