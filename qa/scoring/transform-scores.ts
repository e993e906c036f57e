// Scores for the command answers (docs/scoring.md, "Metrics"). Every score lies in [0, 1].
//
// Translation and rotation: 0 unless the verb and axis are right, then 1 - |error| / range,
// floored at 0; range 8 A for translation (answers span -4..4) and 180 degrees for rotation
// (-90..90). The error is the plain difference of the numbers: angles are not wrapped, so
// `roll y 345` is 330 degrees away from `roll y -15` (answers are asked within -90..90).
// Docking: the roll and the move count half each; the roll as in rotation, the move only
// when its axis and sign are right, then 1 - |error| / |true distance|, floored at 0.
import type { Command } from '../../renders/commands.ts';

/** Angstrom: the width of the translation answer range, -4..4. */
export const TRANSLATION_RANGE = 8;
/** Degrees: the width of the rotation answer range, -90..90. */
export const ROTATION_RANGE = 180;

/** 1 - |error| / range for a command of the right verb and axis, else 0. */
export function rangeScore(predicted: Command | undefined, truth: Command, range: number): number {
  if (!predicted || predicted.kind !== truth.kind || predicted.axis !== truth.axis) return 0;
  return Math.max(0, 1 - Math.abs(predicted.amount - truth.amount) / range);
}

export const translationScore = (predicted: Command | undefined, truth: Command) => rangeScore(predicted, truth, TRANSLATION_RANGE);
export const rotationScore = (predicted: Command | undefined, truth: Command) => rangeScore(predicted, truth, ROTATION_RANGE);

/** The docking move: 0 unless axis and sign are right, then 1 - |error| / |true distance|. */
export function dockingMoveScore(predicted: Command | undefined, truth: Command): number {
  if (predicted?.kind !== 'move' || predicted.axis !== truth.axis) return 0;
  if (truth.amount === 0 || Math.sign(predicted.amount) !== Math.sign(truth.amount)) return 0;
  return Math.max(0, 1 - Math.abs(predicted.amount - truth.amount) / Math.abs(truth.amount));
}

export interface DockingParts {
  roll: Command | undefined;
  move: Command | undefined;
}

/**
 * Splits a docking answer into its roll and its move: the first of each kind, in whatever
 * order they were written (the roll turns the ligand about its own centre, which travels
 * with the move, so the two commute and the order does not change the pose).
 */
export function dockingParts(commands: readonly Command[]): DockingParts {
  return { roll: commands.find((c) => c.kind === 'roll'), move: commands.find((c) => c.kind === 'move') };
}

export function dockingScore(predicted: DockingParts, truth: { roll: Command; move: Command }): number {
  return 0.5 * rotationScore(predicted.roll, truth.roll) + 0.5 * dockingMoveScore(predicted.move, truth.move);
}
