// Hydrogen positions a donor is tested with (docs/hbond-criteria.md section 4): the file's own
// hydrogens when the donor has any; otherwise inferred positions, only for types without
// lone pairs where the geometry fixes them (Npl/Ng+/N2+ and N3+).
import type { Vec3 } from '../model.ts';
import type { AtomGraph } from './atom-graph.ts';
import { heavyNbrs, hydrogenNbrs } from './atom-graph.ts';
import { INFERRED_XH } from './criteria.ts';
import { bondDirections, tetrahedralFreeSites, trigonalBisector, trigonalPairInPlane } from './free-sites.ts';
import { add, normalize, scale, sub } from './vector-math.ts';

export interface DonorHydrogen {
  xyz: Vec3;
  /** Atom name for a hydrogen from the file; null for an inferred one. */
  name: string | null;
}

const PLANAR_NO_LONE_PAIR = new Set(['Npl', 'Ng+', 'N2+']);

export function donorHydrogens(g: AtomGraph, i: number): DonorHydrogen[] {
  const explicit = hydrogenNbrs(g, i);
  if (explicit.length) return explicit.map((h) => ({ xyz: g.atoms[h].xyz, name: g.atoms[h].name }));
  const d = g.atoms[i];
  const heavy = heavyNbrs(g, i);
  const dirs = bondDirections(
    d.xyz,
    heavy.map((j) => g.atoms[j].xyz),
  );
  let sites: Vec3[] = [];
  if (PLANAR_NO_LONE_PAIR.has(d.type)) {
    if (heavy.length === 2) sites = [trigonalBisector(dirs)];
    else if (heavy.length === 1) {
      const p = g.atoms[heavy[0]];
      const q = p.nbrs.find((k) => k !== i);
      if (q !== undefined) sites = trigonalPairInPlane(dirs[0], normalize(sub(g.atoms[q].xyz, p.xyz)));
    }
  } else if (d.type === 'N3+' && (heavy.length === 2 || heavy.length === 3)) {
    sites = tetrahedralFreeSites(dirs);
  }
  return sites.map((s) => ({ xyz: add(d.xyz, scale(s, INFERRED_XH)), name: null }));
}

/** Lone-pair directions of a tetrahedral acceptor from all its neighbours (H included); [] when not determinate. */
export function lonePairDirections(g: AtomGraph, i: number): Vec3[] {
  const a = g.atoms[i];
  return tetrahedralFreeSites(
    bondDirections(
      a.xyz,
      a.nbrs.map((j) => g.atoms[j].xyz),
    ),
  );
}

/** Types whose free tetrahedral sites hold lone pairs. */
const TETRAHEDRAL_LONE_PAIR = new Set(['N3', 'O3', 'O3-', 'S3', 'S3-']);

/**
 * The substituent positions of atom p other than `except` (the tau test's reference points):
 * p's other neighbours (heavy atoms and H) plus points 1 A out along p's lone pairs, for the
 * tetrahedral N/O/S types and a two-neighbour N2 (in-plane lone pair).
 */
export function substituentPositions(g: AtomGraph, p: number, except: number): Vec3[] {
  const a = g.atoms[p];
  const out = a.nbrs.filter((k) => k !== except).map((k) => g.atoms[k].xyz);
  const dirs = bondDirections(
    a.xyz,
    a.nbrs.map((k) => g.atoms[k].xyz),
  );
  let lonePairs: Vec3[] = [];
  if (TETRAHEDRAL_LONE_PAIR.has(a.type)) lonePairs = tetrahedralFreeSites(dirs);
  else if (a.type === 'N2' && dirs.length === 2) lonePairs = [trigonalBisector(dirs)];
  return [...out, ...lonePairs.map((s) => add(a.xyz, s))];
}
