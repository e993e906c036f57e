// The one decision per interaction kind: given a candidate pair (two atoms, two rings, a ring
// and a charge...), is it an interaction of that kind, and by which measure. The finder keeps
// the pairs accepted here, and `interactions --explain` prints the same verdicts, so every
// threshold of criteria.ts is applied in exactly one place.

import type { AtomGraph } from '../hbonds/atom-graph.ts';
import { angle, angleBetween, cross, distance, dot, scale, sub } from '../hbonds/vector-math.ts';
import type { Vec3 } from '../model.ts';
import type { ChargedGroup } from './charged-groups.ts';
import {
  AMINE_PLANE_ANGLE,
  CATION_PI_DISTANCE,
  HALOGEN_ACCEPTOR_ANGLE,
  HALOGEN_ANGLE_DEVIATION,
  HALOGEN_DISTANCE,
  HALOGEN_DONOR_ANGLE,
  HYDROPHOBIC_DISTANCE,
  METAL_DISTANCE,
  MIN_DISTANCE,
  RING_OFFSET,
  SALT_BRIDGE_DISTANCE,
  STACKING_ANGLE_DEVIATION,
  STACKING_DISTANCE,
} from './criteria.ts';
import type { Ring } from './rings.ts';

export interface Verdict {
  found: boolean;
  /** The distance the kind measures (atom-atom, centre-centre), angstrom. */
  distance: number;
  /** Angle between ring planes (stacking), at the halogen (halogen bond), degrees. */
  angle?: number;
  /** Ring offset (stacking, cation-pi), angstrom. */
  offset?: number;
  /** Stacking geometry. */
  geometry?: 'face-to-face' | 'edge-to-face';
  /** The first test failed, in words ('' when found). */
  reason: string;
}

const within = (d: number, max: number) => d > MIN_DISTANCE && d < max;
const fmt = (x: number) => x.toFixed(2);

/** Hydrophobic contact between two hydrophobic carbons (roles.ts says which carbons are). */
export function decideHydrophobic(g: AtomGraph, p: number, l: number): Verdict {
  const d = distance(g.atoms[p].xyz, g.atoms[l].xyz);
  const found = within(d, HYDROPHOBIC_DISTANCE);
  return { found, distance: d, reason: found ? '' : `C-C ${fmt(d)} A not under ${HYDROPHOBIC_DISTANCE} A` };
}

/** Salt bridge between a positive and a negative group. */
export function decideSaltBridge(pos: ChargedGroup, neg: ChargedGroup): Verdict {
  const d = distance(pos.centre, neg.centre);
  const found = pos.sign !== neg.sign && within(d, SALT_BRIDGE_DISTANCE);
  return { found, distance: d, reason: found ? '' : `charge centres ${fmt(d)} A apart, not under ${SALT_BRIDGE_DISTANCE} A` };
}

/** Distance from `centre` to the foot of `point` on the plane through `centre` with `normal`. */
function offsetOf(centre: Vec3, normal: Vec3, point: Vec3): number {
  const v = sub(point, centre);
  const inPlane = sub(v, scale(normal, dot(v, normal)));
  return Math.hypot(...inPlane);
}

/** Pi-stacking of a pocket ring and a ligand ring: face-to-face (planes near parallel) or edge-to-face (near perpendicular). */
export function decideStacking(a: Ring, b: Ring): Verdict {
  const d = distance(a.centre, b.centre);
  const raw = angleBetween(a.normal, b.normal);
  const planes = Math.min(raw, 180 - raw);
  const offset = Math.min(offsetOf(a.centre, a.normal, b.centre), offsetOf(b.centre, b.normal, a.centre));
  const base = { distance: d, angle: planes, offset };
  if (!within(d, STACKING_DISTANCE))
    return { ...base, found: false, reason: `centres ${fmt(d)} A apart, not under ${STACKING_DISTANCE} A` };
  if (!(offset < RING_OFFSET)) return { ...base, found: false, reason: `offset ${fmt(offset)} A, not under ${RING_OFFSET} A` };
  if (planes < STACKING_ANGLE_DEVIATION) return { ...base, found: true, geometry: 'face-to-face', reason: '' };
  if (planes > 90 - STACKING_ANGLE_DEVIATION) return { ...base, found: true, geometry: 'edge-to-face', reason: '' };
  return { ...base, found: false, reason: `planes at ${planes.toFixed(0)} deg: neither within ${STACKING_ANGLE_DEVIATION} of 0 nor of 90` };
}

/** The plane normal of a tertiary amine N's three heavy substituents. */
function amineNormal(g: AtomGraph, n: number): Vec3 {
  const [p, q, r] = g.atoms[n].nbrs.filter((j) => !g.atoms[j].isH).map((j) => g.atoms[j].xyz);
  return cross(sub(q, p), sub(p, r));
}

/** Cation-pi between a ring and a positive group of the other side. */
export function decideCationPi(g: AtomGraph, ring: Ring, cation: ChargedGroup): Verdict {
  const d = distance(ring.centre, cation.centre);
  const offset = offsetOf(ring.centre, ring.normal, cation.centre);
  const base = { distance: d, offset };
  if (cation.sign !== 'positive') return { ...base, found: false, reason: 'the group is not a cation' };
  if (!within(d, CATION_PI_DISTANCE))
    return { ...base, found: false, reason: `${fmt(d)} A from the ring centre, not under ${CATION_PI_DISTANCE} A` };
  if (!(offset < RING_OFFSET)) return { ...base, found: false, reason: `offset ${fmt(offset)} A, not under ${RING_OFFSET} A` };
  if (cation.amineN !== undefined) {
    const raw = angleBetween(ring.normal, amineNormal(g, cation.amineN));
    const a = Math.min(raw, 180 - raw);
    if (a > AMINE_PLANE_ANGLE)
      return { ...base, angle: a, found: false, reason: `amine plane at ${a.toFixed(0)} deg to the ring, over ${AMINE_PLANE_ANGLE}` };
  }
  return { ...base, found: true, reason: '' };
}

/**
 * Halogen bond C-X...A-Y: ligand halogen `x` bonded to carbon `c`, pocket acceptor `acc` with
 * its one C/N/P/S neighbour `y` (roles.ts).
 */
export function decideHalogenBond(g: AtomGraph, x: number, c: number, acc: number, y: number): Verdict {
  const X = g.atoms[x].xyz;
  const A = g.atoms[acc].xyz;
  const d = distance(X, A);
  const donorAngle = angle(g.atoms[c].xyz, X, A);
  const accAngle = angle(X, A, g.atoms[y].xyz);
  const base = { distance: d, angle: donorAngle };
  if (!within(d, HALOGEN_DISTANCE)) return { ...base, found: false, reason: `X...A ${fmt(d)} A, not under ${HALOGEN_DISTANCE} A` };
  if (!(Math.abs(donorAngle - HALOGEN_DONOR_ANGLE) < HALOGEN_ANGLE_DEVIATION))
    return {
      ...base,
      found: false,
      reason: `C-X...A ${donorAngle.toFixed(0)} deg, not within ${HALOGEN_ANGLE_DEVIATION} of ${HALOGEN_DONOR_ANGLE}`,
    };
  if (!(Math.abs(accAngle - HALOGEN_ACCEPTOR_ANGLE) < HALOGEN_ANGLE_DEVIATION))
    return {
      ...base,
      found: false,
      reason: `X...A-Y ${accAngle.toFixed(0)} deg, not within ${HALOGEN_ANGLE_DEVIATION} of ${HALOGEN_ACCEPTOR_ANGLE}`,
    };
  return { ...base, found: true, reason: '' };
}

/** Metal coordination: a metal ion and a ligand N, O or S. */
export function decideMetal(g: AtomGraph, metal: number, l: number): Verdict {
  const d = distance(g.atoms[metal].xyz, g.atoms[l].xyz);
  const found = within(d, METAL_DISTANCE);
  return { found, distance: d, reason: found ? '' : `metal-ligand ${fmt(d)} A, not under ${METAL_DISTANCE} A` };
}
