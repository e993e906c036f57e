// Directions of the free sites around an atom: tetrahedral or trigonal positions not taken by
// its bonded neighbours. Inferred hydrogens and lone pairs are both placed on these.
import type { Vec3 } from '../model.ts';
import { add, cross, normalize, rotateAbout, scale, sub } from './vector-math.ts';

/** Half the tetrahedral angle, degrees. */
const HALF_TETRAHEDRAL = 109.4712 / 2;

/** Unit vectors from `centre` toward each neighbour. */
export function bondDirections(centre: Vec3, nbrs: Vec3[]): Vec3[] {
  return nbrs.map((p) => normalize(sub(p, centre)));
}

/** Free tetrahedral directions for 3 or 2 neighbours; [] when not determinate (0 or 1). */
export function tetrahedralFreeSites(dirs: Vec3[]): Vec3[] {
  if (dirs.length === 3) return [normalize(scale(add(add(dirs[0], dirs[1]), dirs[2]), -1))];
  if (dirs.length !== 2) return [];
  const bis = normalize(scale(add(dirs[0], dirs[1]), -1));
  const perp = normalize(cross(dirs[0], dirs[1]));
  const c = Math.cos((HALF_TETRAHEDRAL * Math.PI) / 180);
  const s = Math.sin((HALF_TETRAHEDRAL * Math.PI) / 180);
  return [normalize(add(scale(bis, c), scale(perp, s))), normalize(sub(scale(bis, c), scale(perp, s)))];
}

/** The free in-plane direction of a trigonal atom with two neighbours (outward bisector). */
export function trigonalBisector(dirs: Vec3[]): Vec3 {
  return normalize(scale(add(dirs[0], dirs[1]), -1));
}

/**
 * The two free in-plane directions of a trigonal atom with one neighbour `toP`, in the plane
 * that also holds `pToQ` (a bond from that neighbour to one of its own neighbours); [] when
 * the two are parallel.
 */
export function trigonalPairInPlane(toP: Vec3, pToQ: Vec3): Vec3[] {
  const n = cross(toP, pToQ);
  const l = Math.hypot(n[0], n[1], n[2]);
  if (l < 1e-6) return [];
  const axis = scale(n, 1 / l);
  return [rotateAbout(toP, axis, 120), rotateAbout(toP, axis, -120)];
}
