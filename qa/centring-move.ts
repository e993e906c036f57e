// Interaction location (task 8): the move that brings the centroid of a hydrogen bond's two
// heavy atoms to the screen centre, and the decoy moves of its options.
//
// Frame: the eye frame of the complex's camera in the front view (renders/camera.ts: x
// right, y up, z toward the viewer, camera at the origin looking down -z). The screen
// centre is the line x = y = 0, so `move x a, move y b` with a = -x, b = -y of the centroid
// puts it there at any depth; a and b are rounded to whole angstrom (a residual of at most
// 0.5 A on each axis).

import type { Camera } from '../renders/camera.ts';
import type { Command } from '../renders/commands.ts';
import { transformPoint } from '../renders/rigid-motion.ts';
import type { Vec3 } from '../structures/model.ts';
import { move } from './parameters.ts';
import { drawOne, type Rng } from './random.ts';

export interface CentringMove {
  /** Centroid of the two atoms in the front-view eye frame, angstrom. */
  centroid: Vec3;
  x: number;
  y: number;
}

const whole = (v: number) => {
  const r = Math.round(v);
  return r === 0 ? 0 : r;
};

export function centringMove(camera: Camera, a: Vec3, b: Vec3): CentringMove {
  const ea = transformPoint(camera.view, a);
  const eb = transformPoint(camera.view, b);
  const centroid: Vec3 = [(ea[0] + eb[0]) / 2, (ea[1] + eb[1]) / 2, (ea[2] + eb[2]) / 2];
  return { centroid, x: whole(-centroid[0]), y: whole(-centroid[1]) };
}

export const moveCommands = (x: number, y: number): Command[] => [move('x', x), move('y', y)];

/** Decoy schemes of task 8, each perturbing the true (x, y) move. */
export type LocationScheme = 'magnitude_both' | 'sign_x_magnitude_y' | 'magnitude_x_sign_y';
export const LOCATION_SCHEMES: readonly LocationScheme[] = ['magnitude_both', 'sign_x_magnitude_y', 'magnitude_x_sign_y'];

/** A magnitude change is 2 to 6 A (1 A would sit inside the rounding of the truth). */
export const MAGNITUDE_STEPS = [2, 3, 4, 5, 6] as const;

/**
 * Another magnitude, sign kept: |v| plus or minus 2-6 A, never below 0 (so it may become
 * 0; a zero component gets a magnitude of 2-6 with a drawn sign).
 */
export function otherMagnitude(rng: Rng, v: number): number {
  const m = Math.abs(v);
  const choices = MAGNITUDE_STEPS.flatMap((d) => [m + d, m - d]).filter((x) => x >= 0);
  const next = drawOne(rng, choices);
  const sign = v === 0 ? drawOne(rng, [1, -1] as const) : Math.sign(v);
  return sign * next || 0;
}

/** Sign flipped; a zero component has no sign, so it gets another magnitude instead. */
export function flippedSign(rng: Rng, v: number): number {
  return v === 0 ? otherMagnitude(rng, v) : -v;
}

export function locationDecoy(rng: Rng, scheme: LocationScheme, x: number, y: number): [number, number] {
  if (scheme === 'magnitude_both') return [otherMagnitude(rng, x), otherMagnitude(rng, y)];
  if (scheme === 'sign_x_magnitude_y') return [flippedSign(rng, x), otherMagnitude(rng, y)];
  return [otherMagnitude(rng, x), flippedSign(rng, y)];
}

/**
 * How often a true centring move takes each whole value on one axis, up to a factor: flat to
 * about 3 A, half at 4.1 A, under a tenth beyond 8 A. Fitted to the 2,110 axis values of the
 * truths of `generate --test-share 0.5` on the 299 PDBbind complexes of ../shared (both
 * splits; the complex camera of renders/scene-atoms.ts). The anchored options' steps
 * (locationChange) keep this distribution, so a decoy is no less typical than the truth.
 */
export function centringWeight(v: number): number {
  return 1 / (1 + (Math.abs(v) / 4.1) ** 3.65);
}

/** One Metropolis step on one axis: a sign flip or a shift of 2-6 A either way, taken with
 * probability min(1, weight ratio), else the value stays. Reversible with respect to
 * centringWeight (symmetric proposals). */
function axisStep(rng: Rng, v: number): { value: number; scheme: 'sign' | 'shift' | 'stay' } {
  const flip = rng() < 0.5;
  const proposed = flip ? -v || 0 : v + drawOne(rng, [1, -1] as const) * drawOne(rng, MAGNITUDE_STEPS);
  const take = rng() < Math.min(1, centringWeight(proposed) / centringWeight(v));
  if (!take || proposed === v) return { value: v, scheme: 'stay' };
  return { value: proposed, scheme: flip ? 'sign' : 'shift' };
}

/** One change of a move (x, y) for the anchored options (qa/anchored-options.ts): each axis one step. */
export function locationChange(rng: Rng, [x, y]: readonly [number, number]): { value: [number, number]; scheme: string } {
  const sx = axisStep(rng, x);
  const sy = axisStep(rng, y);
  return { value: [sx.value, sy.value], scheme: `x_${sx.scheme}_y_${sy.scheme}` };
}
