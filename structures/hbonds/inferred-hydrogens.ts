// Hydrogen positions a donor is tested with (hbond-criteria.md section 4): the file's own
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
  const dirs = bondDirections(d.xyz, heavy.map((j) => g.atoms[j].xyz));
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
  return tetrahedralFreeSites(bondDirections(a.xyz, a.nbrs.map((j) => g.atoms[j].xyz)));
}
