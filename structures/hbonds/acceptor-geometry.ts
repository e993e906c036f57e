// The acceptor-side geometry tests (docs/hbond-criteria.md section 2): PHI, SYNANTI, UPS, GEN,
// and the theta test they share. Rules arrive already relaxed (criteria.ts).
import type { Vec3 } from '../model.ts';
import type { AcceptorRule } from './acceptor-classes.ts';
import type { AtomGraph } from './atom-graph.ts';
import type { PhiNumbers, Tau } from './criteria.ts';
import { lonePairDirections } from './inferred-hydrogens.ts';
import {
  angle,
  angleBetween,
  distance,
  dot,
  midpoint,
  normalize,
  perpendicularPart,
  planeThrough,
  projectOntoPlane,
  sub,
} from './vector-math.ts';

/** Theta test: some hydrogen with angle D-H...A >= theta; passes when no H position is known. */
export function thetaOk(d: Vec3, hyds: Vec3[], a: Vec3, theta: number): boolean {
  if (!hyds.length) return true;
  return hyds.some((h) => angle(d, h, a) >= theta);
}

/**
 * Phi test: project the base point and D onto the plane through A, `p1`, `p2`; the angle
 * base-A-D must be >= phi. No plane (collinear points) means no test.
 */
export function phiOk(a: Vec3, p1: Vec3, p2: Vec3, base: Vec3, d: Vec3, phi: number): boolean {
  const plane = planeThrough(a, p1, p2);
  if (!plane) return true;
  return angle(projectOntoPlane(base, plane), a, projectOntoPlane(d, plane)) >= phi;
}

/**
 * Tau test: look down the axis from `p` to `centre`; the angle at `centre` between `target`
 * and each substituent. "le": some substituent within t; "ge": all at least t.
 */
export function tauOk(centre: Vec3, p: Vec3, substituents: Vec3[], target: Vec3, tau: Tau): boolean {
  if (!substituents.length) return true;
  const axis = normalize(sub(centre, p));
  const vt = perpendicularPart(sub(target, centre), axis);
  const angles = substituents.map((s) => angleBetween(perpendicularPart(sub(s, p), axis), vt));
  return tau.mode === 'le' ? angles.some((x) => x <= tau.t) : angles.every((x) => x >= tau.t);
}

/**
 * True when donor D (at `d`, with hydrogens `hyds`) passes acceptor A's test. `extra` is
 * added to the distance limit (sulfur donors).
 */
export function acceptorOk(g: AtomGraph, rule: AcceptorRule, ai: number, d: Vec3, hyds: Vec3[], extra: number): boolean {
  const a = g.atoms[ai].xyz;
  const xyz = (j: number) => g.atoms[j].xyz;
  const r = distance(a, d);
  switch (rule.fn) {
    case 'gen':
      if (r > rule.nums.r + extra) return false;
      return g.atoms[ai].nbrs.every((b) => angle(xyz(b), a, d) >= rule.nums.alpha);
    case 'phi':
      return phiRule(g, ai, rule.nums, rule.planeAtoms, d, hyds, r, extra);
    case 'synanti': {
      const x = xyz(rule.planeAtom);
      const s = xyz(rule.synAtom);
      const axis = normalize(sub(x, a));
      const syn = dot(sub(d, a), perpendicularPart(sub(s, x), axis)) > 0;
      const nums = syn ? rule.syn : rule.anti;
      if (r > nums.r + extra) return false;
      if (nums.phi !== null && !phiOk(a, x, s, x, d, nums.phi)) return false;
      return thetaOk(d, hyds, a, nums.theta);
    }
    case 'ups': {
      if (r > rule.nums.r + extra) return false;
      const { lo, hi } = rule.nums;
      if (rule.partner !== null) {
        const u = angle(xyz(rule.partner), a, d);
        if (u < lo || u > hi) return false;
      } else {
        const lps = lonePairDirections(g, ai);
        if (
          lps.length &&
          !lps.some((lp) => {
            const u = angle(sub(a, lp), a, d);
            return u >= lo && u <= hi;
          })
        )
          return false;
      }
      if (!thetaOk(d, hyds, a, rule.nums.theta)) return false;
      if (rule.tauFixed && rule.partner !== null) {
        const subs = g.atoms[rule.partner].nbrs.filter((k) => k !== ai).map(xyz);
        if (!tauOk(a, xyz(rule.partner), subs, d, rule.tauFixed)) return false;
      }
      return true;
    }
  }
}

function phiRule(
  g: AtomGraph,
  ai: number,
  nums: PhiNumbers,
  planeAtoms: number[],
  d: Vec3,
  hyds: Vec3[],
  r: number,
  extra: number,
): boolean {
  const a = g.atoms[ai].xyz;
  if (r > nums.r + extra) return false;
  if (nums.phi !== null && planeAtoms.length) {
    const b1 = g.atoms[planeAtoms[0]];
    if (planeAtoms.length >= 2) {
      const b2 = g.atoms[planeAtoms[1]].xyz;
      if (!phiOk(a, b1.xyz, b2, midpoint(b1.xyz, b2), d, nums.phi)) return false;
    } else {
      const other = b1.nbrs.find((k) => k !== ai);
      if (other !== undefined && !phiOk(a, b1.xyz, g.atoms[other].xyz, b1.xyz, d, nums.phi)) return false;
    }
  }
  return thetaOk(d, hyds, a, nums.theta);
}
