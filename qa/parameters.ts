// Parameter ranges and bins of the spatial tasks, as docs/tasks.md gives them
// ("How the spatial tasks draw their parameters"). Distances in angstrom, angles in degrees, in the screen frame of the front view
// (x right, y up, z toward the viewer). No value is zero.
import type { Axis, Command } from '../renders/commands.ts';
import { drawOne, drawOther, type Rng } from './random.ts';

/** Whole angstrom magnitudes of a translation (tasks 1 and 5): 1-4, either sign. */
export const TRANSLATION_MAGNITUDES = [1, 2, 3, 4] as const;
/** Translation axes (screen plane only). */
export const TRANSLATION_AXES: readonly Axis[] = ['x', 'y'];
/** Rotation magnitudes in 15 degree steps (tasks 2, 5, 6, 7): 15-90, either sign. */
export const ROTATION_MAGNITUDES = [15, 30, 45, 60, 75, 90] as const;
export const ROTATION_AXES: readonly Axis[] = ['x', 'y', 'z'];
/** Zoom distances along z (task 3): every whole angstrom from 40 to 60. */
export const ZOOM_DISTANCES: readonly number[] = Array.from({ length: 21 }, (_, i) => 40 + i);

const SIGNS = [1, -1] as const;

export function move(axis: Axis, amount: number): Command {
  return { kind: 'move', axis, amount };
}

export function roll(axis: Axis, amount: number): Command {
  return { kind: 'roll', axis, amount };
}

/** `move <axis> d` with d a whole 1-4 A of either sign. */
export function drawTranslation(rng: Rng, axis: Axis): Command {
  return move(axis, drawOne(rng, SIGNS) * drawOne(rng, TRANSLATION_MAGNITUDES));
}

/** `roll <axis> a` with a in +-15..90 in 15 degree steps. */
export function drawRotation(rng: Rng, axis: Axis): Command {
  return roll(axis, drawOne(rng, SIGNS) * drawOne(rng, ROTATION_MAGNITUDES));
}

/** `move z d` with d a whole 40-60 A. */
export function drawZoom(rng: Rng): Command {
  return move('z', drawOne(rng, ZOOM_DISTANCES));
}

/** A roll as the random baseline guesses it, as text: any axis, either sign, any magnitude. */
export function randomRoll(rng: Rng): string {
  const axis = drawOne(rng, ROTATION_AXES);
  return `roll ${axis} ${drawOne(rng, [1, -1]) * drawOne(rng, ROTATION_MAGNITUDES)}`;
}

/** The same command with another magnitude from its range, sign and axis kept. */
export function changeMagnitude(rng: Rng, c: Command): Command {
  const range: readonly number[] = c.kind === 'move' ? TRANSLATION_MAGNITUDES : ROTATION_MAGNITUDES;
  const m = drawOther(rng, range, (v) => v === Math.abs(c.amount));
  return { ...c, amount: Math.sign(c.amount) * m };
}

export function flipSign(c: Command): Command {
  return { ...c, amount: -c.amount };
}

/** The same command on another axis of its kind's range, none of `avoid`. */
export function changeAxis(rng: Rng, c: Command, avoid: readonly Axis[] = []): Command {
  const axes = c.kind === 'move' ? TRANSLATION_AXES : ROTATION_AXES;
  return { ...c, axis: drawOther(rng, axes, (a) => a === c.axis || avoid.includes(a)) };
}

/** The commands that undo `commands`: the inverse of each, in reverse order. */
export function undoCommands(commands: readonly Command[]): Command[] {
  return commands
    .slice()
    .reverse()
    .map((c) => ({ ...c, amount: c.amount === 0 ? 0 : -c.amount }));
}

/** Every `move <axis> d` of a translation's range: d = 1..4, then -1..-4 (the decks' order). */
export function signedMoves(axis: Axis): Command[] {
  return SIGNS.flatMap((s) => TRANSLATION_MAGNITUDES.map((m) => move(axis, s * m)));
}

/** Every `roll <axis> a` of a rotation's range: a = 15..90 in 15 degree steps, then -15..-90. */
export function signedRolls(axis: Axis): Command[] {
  return SIGNS.flatMap((s) => ROTATION_MAGNITUDES.map((m) => roll(axis, s * m)));
}
