// The bonded atom graph the H-bond finder works on: pocket residues, ligand, and (when asked)
// waters and metals, each atom with its neighbours and, after typing, its IDATM type.
import type { Vec3 } from '../model.ts';

export type GraphSide = 'pocket' | 'ligand' | 'water' | 'metal';

/** Which residue (or ligand) an atom belongs to, as written in answers. */
export interface ResidueRef {
  chain: string;
  name: string;
  number: number;
  insertionCode: string;
}

export interface GraphAtom {
  index: number;
  /** The atom's name in answers (a ligand's names are unique within the ligand). */
  name: string;
  /**
   * The name a residue template looks the atom up by: `name`, except for a mol2 peptide
   * ligand, whose atom names repeat from residue to residue (N, CA, C, O of each).
   */
  templateAtomName: string;
  element: string;
  xyz: Vec3;
  isH: boolean;
  side: GraphSide;
  /**
   * The ChimeraX model (source file) the atom came from: 0 = the receptor file (pocket or
   * protein, with its waters and metals), 1 = the ligand file; a whole PDB/mmCIF entry is
   * one model, so all its atoms are 0. Metals mark acceptors of their own model only.
   */
  model: number;
  residue: ResidueRef;
  /** Running index of the residue (or ligand/water/metal group) in the graph. */
  group: number;
  /** Bonded atoms (indices), hydrogens included. */
  nbrs: number[];
  /**
   * Missing-structure pseudobonds at a chain gap (C(i)...N(i+1) over-long). They are not
   * bonds for typing, but a class pattern sees them as an extra heavy neighbour.
   */
  gapLinks: number;
  /** IDATM type ('' = untyped: never a donor or acceptor). */
  type: string;
  /** Typed from a residue template (true) or from geometry (false). */
  templated: boolean;
  /**
   * A template atom with fewer intra-residue heavy neighbours than its template (truncated
   * side chain): typed, but never a donor or acceptor.
   */
  truncated: boolean;
  /** RDKit's aromaticity flag for ligand atoms, when the reader had one. */
  aromatic?: boolean;
}

export interface AtomGraph {
  atoms: GraphAtom[];
  /** Smallest rings (atom index lists, in ring order) through heavy atoms. */
  rings: number[][];
  /** For each atom, the indices into `rings` of the rings that contain it. */
  ringsOf: number[][];
  groups: AtomGroup[];
}

/** A residue, the ligand, a water or a metal ion: the atoms that share one ResidueRef. */
export interface AtomGroup {
  side: GraphSide;
  residue: ResidueRef;
  /** Template name (HIS for HID...) when typed from a template, else null. */
  template: string | null;
  atoms: number[];
}

export function heavyNbrs(g: AtomGraph, i: number): number[] {
  return g.atoms[i].nbrs.filter((j) => !g.atoms[j].isH);
}

export function hydrogenNbrs(g: AtomGraph, i: number): number[] {
  return g.atoms[i].nbrs.filter((j) => g.atoms[j].isH);
}

/** Types of tetrahedral (sp3) geometry, as the class patterns use the word. */
const TETRAHEDRAL = new Set(['C3', 'N3', 'N3+', 'O3', 'O3-', 'S3', 'S3+', 'S3-', 'P3+', 'Pac', 'Pox', 'Sac', 'Son', 'Sxd', 'Si']);
/** Types of trigonal-planar (sp2) geometry. */
const PLANAR = new Set(['C2', 'Car', 'Cac', 'Npl', 'N2', 'N2+', 'Ng+', 'Ntr', 'O2', 'O2-', 'Oar', 'S2', 'Sar']);

export function isTetrahedral(t: string): boolean {
  return TETRAHEDRAL.has(t);
}

export function isPlanar(t: string): boolean {
  return PLANAR.has(t);
}

/** Tetrahedral heavy atom or a hydrogen: the "sp3 or H" slot of several class patterns. */
export function isTetOrH(g: AtomGraph, i: number): boolean {
  const a = g.atoms[i];
  return a.isH || isTetrahedral(a.type);
}

/**
 * Smallest rings through each heavy-atom bond (rings up to `maxSize` atoms), deduplicated.
 * For a fused system this yields each small ring once; a fusion atom lies in two rings.
 */
export function findRings(atoms: GraphAtom[], maxSize = 8): { rings: number[][]; ringsOf: number[][] } {
  const seen = new Set<string>();
  const rings: number[][] = [];
  const heavy = (i: number) => !atoms[i].isH;
  for (const a of atoms) {
    if (a.isH) continue;
    for (const b of a.nbrs) {
      if (b <= a.index || !heavy(b)) continue;
      const ring = shortestPathAvoidingBond(atoms, b, a.index, maxSize);
      if (!ring) continue;
      const key = [...ring].sort((x, y) => x - y).join(',');
      if (seen.has(key)) continue;
      seen.add(key);
      rings.push(ring);
    }
  }
  const ringsOf: number[][] = atoms.map(() => []);
  rings.forEach((r, k) => r.forEach((i) => ringsOf[i].push(k)));
  return { rings, ringsOf };
}

/** Shortest path from `from` to `to` over heavy atoms not using the direct bond; as a ring. */
function shortestPathAvoidingBond(atoms: GraphAtom[], from: number, to: number, maxSize: number): number[] | null {
  const prev = new Map<number, number>([[from, -1]]);
  let frontier = [from];
  for (let depth = 1; depth < maxSize && frontier.length; depth++) {
    const next: number[] = [];
    for (const u of frontier) {
      for (const v of atoms[u].nbrs) {
        if (atoms[v].isH || prev.has(v)) continue;
        if (u === from && v === to) continue;
        prev.set(v, u);
        if (v === to) {
          const path: number[] = [];
          for (let x = to; x !== -1; x = prev.get(x)!) path.push(x);
          return path;
        }
        next.push(v);
      }
    }
    frontier = next;
  }
  return null;
}
