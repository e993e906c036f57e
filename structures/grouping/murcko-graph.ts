// The Bemis-Murcko scaffold worked out on a molecule graph in RDKit's JSON form (what
// RDKit-JS `get_json()` writes and `get_mol()` reads back). RDKit-JS has no Murcko call, so
// this file does on the graph what RDKit's C++ `MurckoDecompose` does on a molecule, and
// hands back a smaller JSON molecule for RDKit-JS to canonicalise.
//
// What is kept, as RDKit defines it:
// - ring atoms and linker atoms (every atom on a path between two ring atoms). That set is
//   the 2-core of the graph: what remains after stripping atoms of degree 0 or 1 until none
//   is left. RDKit marks ring atoms plus shortest paths between rings; for a molecule graph
//   both give the same atoms (a chain atom lies between two rings exactly when it is on a
//   path between them), and a ring-free fragment keeps nothing.
// - any other atom joined to a kept atom by a (non-aromatic) double bond, such as =O on a
//   ring or on a linker; what hangs off such an atom is dropped.
// Hydrogen bookkeeping on the atoms that lose a neighbour follows RDKit: an aromatic
// heteroatom (and an aromatic C+) ends with exactly one hydrogen ([nH]); any other atom gains
// one hydrogen per bond order lost, and a non-aromatic one loses its chiral tag.

export type JsonStereo = 'unspecified' | 'cw' | 'ccw' | 'other' | 'cis' | 'trans' | 'either' | string;

export interface JsonAtom {
  z?: number;
  impHs?: number;
  chg?: number;
  nRad?: number;
  isotope?: number;
  stereo?: JsonStereo;
}

export interface JsonBond {
  atoms: [number, number];
  bo?: number;
  stereo?: JsonStereo;
  stereoAtoms?: [number, number];
}

export interface JsonExtension {
  name: string;
  aromaticAtoms?: number[];
  aromaticBonds?: number[];
  atomRings?: number[][];
}

export interface JsonMolecule {
  atoms: JsonAtom[];
  bonds: JsonBond[];
  extensions?: JsonExtension[];
}

/** RDKit's JSON document (`rdkitjson` or `commonchem` header, defaults, molecules). */
export interface RdkitJsonDocument {
  defaults: { atom: Required<JsonAtom>; bond: { bo: number; stereo: JsonStereo } };
  molecules: JsonMolecule[];
  [header: string]: unknown;
}

/** Atoms that survive: ring atoms and linkers (the 2-core) plus atoms double-bonded to them. */
export function scaffoldAtoms(
  atomCount: number,
  bonds: Array<{ a: number; b: number; double: boolean }>,
): { core: boolean[]; kept: boolean[] } {
  const neighbours: number[][] = Array.from({ length: atomCount }, () => []);
  for (const { a, b } of bonds) {
    neighbours[a].push(b);
    neighbours[b].push(a);
  }
  const degree = neighbours.map((n) => n.length);
  const core = new Array<boolean>(atomCount).fill(true);
  const stack: number[] = [];
  for (let i = 0; i < atomCount; i++) if (degree[i] <= 1) stack.push(i);
  while (stack.length) {
    const i = stack.pop()!;
    if (!core[i]) continue;
    core[i] = false;
    for (const j of neighbours[i]) if (core[j] && --degree[j] <= 1) stack.push(j);
  }
  const kept = [...core];
  for (const { a, b, double } of bonds) {
    if (!double) continue;
    if (core[a] && !core[b]) kept[b] = true;
    if (core[b] && !core[a]) kept[a] = true;
  }
  return { core, kept };
}

/**
 * The scaffold of the first molecule of `doc` as a new JSON document (atoms in their
 * original order, bonds likewise), or null when nothing is kept (an acyclic molecule).
 * Aromatic flags are left out: the Kekulé bond orders RDKit writes are kept and RDKit
 * perceives aromaticity again when it reads the scaffold.
 */
export function scaffoldDocument(doc: RdkitJsonDocument): RdkitJsonDocument | null {
  const mol = doc.molecules[0];
  const atomDefaults = doc.defaults.atom;
  const bondDefaults = doc.defaults.bond;
  const atoms = mol.atoms.map((a) => ({ ...atomDefaults, ...a }));
  const rep = mol.extensions?.find((e) => e.name === 'rdkitRepresentation');
  const aromaticAtom = new Set(rep?.aromaticAtoms ?? []);
  const aromaticBond = new Set(rep?.aromaticBonds ?? []);
  const bonds = mol.bonds.map((b, i) => ({
    ...b,
    bo: b.bo ?? bondDefaults.bo,
    stereo: b.stereo ?? bondDefaults.stereo,
    aromatic: aromaticBond.has(i),
  }));
  const { kept } = scaffoldAtoms(
    atoms.length,
    bonds.map((b) => ({ a: b.atoms[0], b: b.atoms[1], double: b.bo === 2 && !b.aromatic })),
  );
  if (!kept.some(Boolean)) return null;

  // Hydrogens and chirality of kept atoms that lose a neighbour.
  const hydrogens = atoms.map((a) => a.impHs);
  const setToOne = new Array<boolean>(atoms.length).fill(false);
  const chiralityCleared = new Array<boolean>(atoms.length).fill(false);
  for (const b of bonds) {
    const [x, y] = b.atoms;
    if (kept[x] === kept[y]) continue;
    const stay = kept[x] ? x : y;
    const a = atoms[stay];
    if (aromaticAtom.has(stay) && (a.z !== 6 || a.chg === 1)) setToOne[stay] = true;
    else hydrogens[stay] += b.bo;
    if (!aromaticAtom.has(stay)) chiralityCleared[stay] = true;
  }

  const newIndex = new Map<number, number>();
  const outAtoms: JsonAtom[] = [];
  atoms.forEach((a, i) => {
    if (!kept[i]) return;
    newIndex.set(i, outAtoms.length);
    outAtoms.push({
      z: a.z,
      impHs: setToOne[i] ? 1 : hydrogens[i],
      chg: a.chg,
      nRad: a.nRad,
      isotope: a.isotope,
      stereo: chiralityCleared[i] ? 'unspecified' : a.stereo,
    });
  });

  const outBonds: JsonBond[] = [];
  for (const b of bonds) {
    const [x, y] = b.atoms;
    if (!kept[x] || !kept[y]) continue;
    const out: JsonBond = { atoms: [newIndex.get(x)!, newIndex.get(y)!], bo: b.bo };
    const stereo = b.stereo === 'cis' || b.stereo === 'trans' ? keptDoubleBondStereo(b.stereo, b.stereoAtoms, x, y, kept, bonds) : null;
    if (stereo) {
      out.stereo = stereo.stereo;
      out.stereoAtoms = [newIndex.get(stereo.atoms[0])!, newIndex.get(stereo.atoms[1])!];
    }
    outBonds.push(out);
  }
  const { molecules: _molecules, ...header } = doc;
  return { ...header, defaults: doc.defaults, molecules: [{ atoms: outAtoms, bonds: outBonds }] };
}

/**
 * Cis/trans of a kept double bond whose reference atom on one end was removed: another kept
 * neighbour on that end stands in (cis and trans swap); with none left, that end now holds
 * two hydrogens and the bond has no stereo. This is what RDKit gives for a ligand read from
 * 3D coordinates, where every single bond next to the double bond carries a direction.
 * (From a SMILES whose only direction mark sat on the removed bond, RDKit drops the stereo.)
 */
function keptDoubleBondStereo(
  stereo: 'cis' | 'trans',
  refs: [number, number] | undefined,
  x: number,
  y: number,
  kept: boolean[],
  bonds: Array<{ atoms: [number, number] }>,
): { stereo: 'cis' | 'trans'; atoms: [number, number] } | null {
  if (!refs) return null;
  const ends: Array<[number, number]> = [
    [x, y],
    [y, x],
  ];
  let swaps = 0;
  const chosen: number[] = [];
  for (let k = 0; k < 2; k++) {
    if (kept[refs[k]]) {
      chosen.push(refs[k]);
      continue;
    }
    const [end, other] = ends[k];
    const standIn = bonds
      .filter((b) => b.atoms.includes(end))
      .map((b) => (b.atoms[0] === end ? b.atoms[1] : b.atoms[0]))
      .find((n) => n !== other && n !== refs[k] && kept[n]);
    if (standIn === undefined) return null;
    chosen.push(standIn);
    swaps++;
  }
  const flipped = swaps % 2 === 1 ? (stereo === 'cis' ? 'trans' : 'cis') : stereo;
  return { stereo: flipped, atoms: [chosen[0], chosen[1]] };
}
