// Four-way choice questions built from transforms: the truth plus three decoys, each made
// by one of the spec's schemes, placed under letters A-D with the correct letter drawn
// uniformly, and accepted only when the four option images look different.
import { type Command, formatCommands } from '../renders/commands.ts';
import type { SceneSpec } from '../renders/scene-spec.ts';
import { annotationOf, leastSeparation, separationThreshold } from './option-separation.ts';
import { changeAxis, changeMagnitude, flipSign } from './parameters.ts';
import { drawIndex, type Rng, shuffled } from './random.ts';
import type { ChoiceOption } from './task.ts';

export const LETTERS = ['A', 'B', 'C', 'D'] as const;

/** The decoy schemes of tasks 5 and 6, each applied to a pair (f1, f2). */
export type DecoyScheme = 'magnitude_both' | 'sign_f1_magnitude_f2' | 'axis_f1_magnitude_f2';
export const DECOY_SCHEMES: readonly DecoyScheme[] = ['magnitude_both', 'sign_f1_magnitude_f2', 'axis_f1_magnitude_f2'];

/**
 * One decoy of the pair [f1, f2]: (1) other magnitudes for both; (2) f1's sign flipped,
 * f2 another magnitude; (3) f1 on another axis (never f2's, so two rolls stay on different
 * axes), f2 another magnitude.
 */
export function makeDecoy(rng: Rng, scheme: DecoyScheme, [f1, f2]: readonly [Command, Command]): [Command, Command] {
  if (scheme === 'magnitude_both') return [changeMagnitude(rng, f1), changeMagnitude(rng, f2)];
  if (scheme === 'sign_f1_magnitude_f2') return [flipSign(f1), changeMagnitude(rng, f2)];
  const avoid = f1.kind === f2.kind ? [f2.axis] : [];
  return [changeAxis(rng, f1, avoid), changeMagnitude(rng, f2)];
}

export interface ChoiceDraft {
  options: { letter: string; commands: Command[]; scheme: string }[];
  letter: string;
  /** The hidden anchor of an anchored set (qa/anchored-options.ts); absent for the paper's. */
  anchor?: Command[];
}

/** Places the truth under a uniformly drawn letter and one decoy per scheme, in drawn order, under the rest. */
export function draftChoice(rng: Rng, truth: readonly [Command, Command]): ChoiceDraft {
  const at = drawIndex(rng, LETTERS.length);
  const schemes = shuffled(rng, DECOY_SCHEMES);
  const options = LETTERS.map((letter, i) => {
    if (i === at) return { letter, commands: [...truth], scheme: 'truth' };
    const scheme = schemes.shift()!;
    return { letter, commands: makeDecoy(rng, scheme, truth), scheme };
  });
  return { options, letter: LETTERS[at] };
}

/** True when the four option transforms are different as command texts. */
export function distinctTransforms(d: ChoiceDraft): boolean {
  return new Set(d.options.map((o) => formatCommands(o.commands))).size === d.options.length;
}

/** The least mean on-screen displacement between the option scenes, and whether it passes. */
export function optionsLookDifferent(scenes: readonly SceneSpec[]): { separation: number; ok: boolean } {
  const separation = leastSeparation(scenes.map(annotationOf));
  return { separation, ok: separation >= separationThreshold(scenes[0].camera.width) };
}

export function choiceOptions(d: ChoiceDraft, firstImage: number): ChoiceOption[] {
  return d.options.map((o, i) => ({ letter: o.letter, image: firstImage + i, commands: o.commands, scheme: o.scheme }));
}

/** How many draws a choice question may replace before it is rejected. */
export const MAX_REPLACEMENTS = 50;
