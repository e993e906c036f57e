// The rings that can stack or hold a cation above them (structures/interactions/criteria.ts):
// 5- and 6-membered rings of one residue or of the ligand that are aromatic (RDKit's flag on
// every ligand atom of the ring; Phe, Tyr, Trp, His in the pocket) or planar within
// RING_PLANARITY degrees (PLIP takes planar rings as aromatic), each with its centre and normal.

import type { AtomGraph } from '../hbonds/atom-graph.ts';
import { add, angleBetween, cross, normalize, scale, sub } from '../hbonds/vector-math.ts';
import type { Vec3 } from '../model.ts';
import { RING_PLANARITY, RING_SIZES } from './criteria.ts';

/** Residues whose side-chain ring is aromatic whatever its geometry. */
export const AROMATIC_RESIDUES: ReadonlySet<string> = new Set(['PHE', 'TYR', 'TRP', 'HIS']);

export interface Ring {
  /** Graph atom indices, in ring order. */
  atoms: number[];
  side: 'pocket' | 'ligand';
  /** The graph group (residue or ligand) the ring lies in. */
  group: number;
  centre: Vec3;
  /** Unit normal of the ring's mean plane (its sign is arbitrary). */
  normal: Vec3;
  /** Why the ring counts: 'aromatic' (RDKit or the residue) or 'planar'. */
  basis: 'aromatic' | 'planar';
}

/** The local normal at each ring atom: cross product of the bonds to its two ring neighbours. */
function localNormals(g: AtomGraph, ring: number[]): Vec3[] {
  return ring.map((i, k) => {
    const prev = g.atoms[ring[(k + ring.length - 1) % ring.length]].xyz;
    const next = g.atoms[ring[(k + 1) % ring.length]].xyz;
    const here = g.atoms[i].xyz;
    return cross(sub(next, here), sub(prev, here));
  });
}

/** Every pair of local normals within RING_PLANARITY degrees of parallel (or antiparallel). */
export function ringIsPlanar(g: AtomGraph, ring: number[]): boolean {
  const normals = localNormals(g, ring);
  for (let x = 0; x < normals.length; x++)
    for (let y = x + 1; y < normals.length; y++) {
      const a = angleBetween(normals[x], normals[y]);
      if (a > RING_PLANARITY && a < 180 - RING_PLANARITY) return false;
    }
  return true;
}

function ringGeometry(g: AtomGraph, ring: number[]): { centre: Vec3; normal: Vec3 } {
  let centre: Vec3 = [0, 0, 0];
  for (const i of ring) centre = add(centre, g.atoms[i].xyz);
  centre = scale(centre, 1 / ring.length);
  // Local normals in ring order all point the same way; their sum is the mean plane's normal.
  let sum: Vec3 = [0, 0, 0];
  for (const n of localNormals(g, ring)) sum = add(sum, n);
  return { centre, normal: normalize(sum) };
}

/** The stacking-capable rings of the pocket and the ligand. */
export function findRings(g: AtomGraph): Ring[] {
  const found: Ring[] = [];
  for (const ring of g.rings) {
    if (!RING_SIZES.has(ring.length)) continue;
    const first = g.atoms[ring[0]];
    if (first.side !== 'pocket' && first.side !== 'ligand') continue;
    if (!ring.every((i) => g.atoms[i].side === first.side && (first.side === 'ligand' || g.atoms[i].group === first.group))) continue;
    const aromatic =
      first.side === 'ligand'
        ? ring.every((i) => g.atoms[i].aromatic === true)
        : AROMATIC_RESIDUES.has(g.groups[first.group].template ?? g.groups[first.group].residue.name);
    const basis = aromatic ? 'aromatic' : ringIsPlanar(g, ring) ? 'planar' : null;
    if (!basis) continue;
    found.push({ atoms: ring, side: first.side, group: first.group, ...ringGeometry(g, ring), basis });
  }
  return found;
}
