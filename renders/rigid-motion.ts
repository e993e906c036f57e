// Rigid motions of points with gl-matrix, in double precision. Matrices are 4 x 4,
// column-major (gl-matrix order), acting on column vectors: p' = M p.
import { mat4 } from 'gl-matrix';
import type { Vec3 } from '../structures/model.ts';
import type { Axis, Command } from './commands.ts';

export type Mat4 = Float64Array;

/** A fresh identity matrix in double precision. */
export function identity(): Mat4 {
  return mat4.identity(new Float64Array(16)) as Mat4;
}

/** a * b (b applied first). */
export function multiply(a: ArrayLike<number>, b: ArrayLike<number>): Mat4 {
  return mat4.multiply(new Float64Array(16), a as Mat4, b as Mat4) as Mat4;
}

export function invert(m: ArrayLike<number>): Mat4 {
  const out = mat4.invert(new Float64Array(16), m as Mat4);
  if (!out) throw new Error('matrix is not invertible');
  return out as Mat4;
}

export function translation(t: Vec3): Mat4 {
  return mat4.fromTranslation(new Float64Array(16), t) as Mat4;
}

/**
 * m * p for a point (w = 1), divided by the result's w as gl-matrix's vec3.transformMat4
 * does (the same operations in the same order, so the same doubles), without its
 * temporary: this runs for every atom of every image.
 */
export function transformPoint(m: ArrayLike<number>, p: Vec3): Vec3 {
  return transformInto([0, 0, 0], m, p);
}

/** transformPoint written into `out` (which may be reused: growBox's scratch). */
function transformInto(out: Vec3, m: ArrayLike<number>, p: Vec3): Vec3 {
  const x = p[0],
    y = p[1],
    z = p[2];
  const w = m[3] * x + m[7] * y + m[11] * z + m[15] || 1.0;
  out[0] = (m[0] * x + m[4] * y + m[8] * z + m[12]) / w;
  out[1] = (m[1] * x + m[5] * y + m[9] * z + m[13]) / w;
  out[2] = (m[2] * x + m[6] * y + m[10] * z + m[14]) / w;
  return out;
}

const scratch: Vec3 = [0, 0, 0];

export interface Box {
  min: Vec3;
  max: Vec3;
}

/** An empty box that `growBox` widens point by point. */
export function emptyBox(): Box {
  return { min: [Infinity, Infinity, Infinity], max: [-Infinity, -Infinity, -Infinity] };
}

/** Widens `box` to hold `m * p` (`p` when `m` is omitted), as transformPoint computes it. */
export function growBox(box: Box, p: Vec3, m?: ArrayLike<number>): void {
  const q = m ? transformInto(scratch, m, p) : p;
  const x = q[0],
    y = q[1],
    z = q[2];
  const { min, max } = box;
  if (x < min[0]) min[0] = x;
  if (x > max[0]) max[0] = x;
  if (y < min[1]) min[1] = y;
  if (y > max[1]) max[1] = y;
  if (z < min[2]) min[2] = z;
  if (z > max[2]) max[2] = z;
}

/** Axis-aligned bounding box of `points` after `m` (identity when omitted). */
export function boundingBox(points: readonly Vec3[], m?: ArrayLike<number>): Box {
  if (points.length === 0) throw new Error('bounding box of no points');
  const box = emptyBox();
  for (const p of points) growBox(box, p, m);
  return box;
}

export function boxCentre(b: Box): Vec3 {
  return [(b.min[0] + b.max[0]) / 2, (b.min[1] + b.max[1]) / 2, (b.min[2] + b.max[2]) / 2];
}

const AXIS_VECTOR: Record<Axis, Vec3> = { x: [1, 0, 0], y: [0, 1, 0], z: [0, 0, 1] };

/** Cosine and sine of `deg` degrees, exact at multiples of 90 so quarter turns stay exact. */
function cosSin(deg: number): [number, number] {
  const r = ((deg % 360) + 360) % 360;
  if (r === 0) return [1, 0];
  if (r === 90) return [0, 1];
  if (r === 180) return [-1, 0];
  if (r === 270) return [0, -1];
  const a = (deg * Math.PI) / 180;
  return [Math.cos(a), Math.sin(a)];
}

/** Rotation by `deg` degrees (right-hand rule) about the line through `centre` along `axis`. */
export function rotationAbout(axis: Axis, deg: number, centre: Vec3): Mat4 {
  const [c, s] = cosSin(deg);
  const r = identity();
  // Column-major: element [col * 4 + row].
  if (axis === 'x') {
    r[5] = c;
    r[6] = s;
    r[9] = -s;
    r[10] = c;
  }
  if (axis === 'y') {
    r[0] = c;
    r[2] = -s;
    r[8] = s;
    r[10] = c;
  }
  if (axis === 'z') {
    r[0] = c;
    r[1] = s;
    r[4] = -s;
    r[5] = c;
  }
  const back = translation(centre);
  const to = translation([-centre[0], -centre[1], -centre[2]]);
  return multiply(back, multiply(r, to));
}

/**
 * The matrix of a command sequence applied to `points` (already in the screen frame, after
 * `start`): each `move` translates along its screen axis, each `roll` turns about an axis
 * parallel to its screen axis through the centre of rotation. That centre is the centre of
 * the points' bounding box before the sequence, carried along by every earlier command of
 * the sequence (the spec: "the centre travels with earlier moves"). Carrying it, rather
 * than measuring the box again after each roll (an axis-aligned box of turned points has
 * another centre), makes every sequence exactly invertible: the docking answer undoes the
 * displacement to the last digit. Returns M such that the moved points are M * start * p.
 */
export function commandsMatrix(commands: readonly Command[], points: readonly Vec3[], start?: ArrayLike<number>): Mat4 {
  const base = start ? Float64Array.from(start as ArrayLike<number>) : identity();
  return commandsMatrixAbout(commands, () => boxCentre(boundingBox(points, base)));
}

/**
 * commandsMatrix with the centre of rotation before the sequence given (asked for only
 * when the sequence rolls): for callers that find the box without a list of points.
 */
export function commandsMatrixAbout(commands: readonly Command[], centre: () => Vec3): Mat4 {
  const centre0 = commands.some((c) => c.kind === 'roll') ? centre() : ([0, 0, 0] as Vec3);
  let m = identity();
  for (const c of commands) {
    if (c.kind === 'move') {
      const t: Vec3 = [0, 0, 0];
      t[AXIS_VECTOR[c.axis].indexOf(1)] = c.amount;
      m = multiply(translation(t), m);
    } else {
      m = multiply(rotationAbout(c.axis, c.amount, transformPoint(m, centre0)), m);
    }
  }
  return m;
}
