// Small vector helpers for the H-bond geometry. Positions are in angstrom (model frame),
// angles are returned in degrees.
import type { Vec3 } from '../model.ts';

export function sub(a: Vec3, b: Vec3): Vec3 {
  return [a[0] - b[0], a[1] - b[1], a[2] - b[2]];
}

export function add(a: Vec3, b: Vec3): Vec3 {
  return [a[0] + b[0], a[1] + b[1], a[2] + b[2]];
}

export function scale(a: Vec3, s: number): Vec3 {
  return [a[0] * s, a[1] * s, a[2] * s];
}

export function dot(a: Vec3, b: Vec3): number {
  return a[0] * b[0] + a[1] * b[1] + a[2] * b[2];
}

export function cross(a: Vec3, b: Vec3): Vec3 {
  return [a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2], a[0] * b[1] - a[1] * b[0]];
}

export function length(a: Vec3): number {
  return Math.sqrt(dot(a, a));
}

export function distance(a: Vec3, b: Vec3): number {
  return length(sub(a, b));
}

/** Unit vector along `a`; the zero vector stays zero. */
export function normalize(a: Vec3): Vec3 {
  const l = length(a);
  return l > 0 ? scale(a, 1 / l) : [0, 0, 0];
}

export function midpoint(a: Vec3, b: Vec3): Vec3 {
  return [(a[0] + b[0]) / 2, (a[1] + b[1]) / 2, (a[2] + b[2]) / 2];
}

/** Angle a-b-c at vertex b, degrees (0 when a leg has zero length). */
export function angle(a: Vec3, b: Vec3, c: Vec3): number {
  const u = sub(a, b);
  const v = sub(c, b);
  const lu = length(u);
  const lv = length(v);
  if (lu === 0 || lv === 0) return 0;
  const cos = Math.max(-1, Math.min(1, dot(u, v) / (lu * lv)));
  return (Math.acos(cos) * 180) / Math.PI;
}

/** Angle between two direction vectors, degrees. */
export function angleBetween(u: Vec3, v: Vec3): number {
  return angle(u, [0, 0, 0], v);
}

/** A plane through `point` with unit `normal`; null when the three points are collinear. */
export interface Plane {
  point: Vec3;
  normal: Vec3;
}

export function planeThrough(a: Vec3, b: Vec3, c: Vec3): Plane | null {
  const n = cross(sub(b, a), sub(c, a));
  const l = length(n);
  if (l < 1e-6) return null;
  return { point: a, normal: scale(n, 1 / l) };
}

/** Orthogonal projection of `p` onto `plane`. */
export function projectOntoPlane(p: Vec3, plane: Plane): Vec3 {
  const d = dot(sub(p, plane.point), plane.normal);
  return sub(p, scale(plane.normal, d));
}

/** The part of `v` perpendicular to the unit vector `axis`. */
export function perpendicularPart(v: Vec3, axis: Vec3): Vec3 {
  return sub(v, scale(axis, dot(v, axis)));
}

/** Rotates `v` about the unit vector `axis` by `degrees` (right-hand rule). */
export function rotateAbout(v: Vec3, axis: Vec3, degrees: number): Vec3 {
  const t = (degrees * Math.PI) / 180;
  const c = Math.cos(t);
  const s = Math.sin(t);
  const k = dot(axis, v) * (1 - c);
  const x = cross(axis, v);
  return [v[0] * c + x[0] * s + axis[0] * k, v[1] * c + x[1] * s + axis[1] * k, v[2] * c + x[2] * s + axis[2] * k];
}
