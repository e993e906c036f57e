// The draw-check-replace loop shared by the two choice tasks: draw a pair (f1, f2) and a
// set of four options (anchored by default, qa/anchored-options.ts; or the paper's decoys,
// qa/choice.ts), accept it when the four transforms differ and their images look different
// (option-separation.ts), else replace the whole set, truth included, by the next draw (so the
// accepted options stay four draws of one kind).
import { type Command, formatCommands } from '../../renders/commands.ts';
import type { SceneSpec } from '../../renders/scene-spec.ts';
import { anchoredOptions, type DecoyMode } from '../anchored-options.ts';
import {
  type ChoiceDraft,
  choiceOptions,
  DECOY_SCHEMES,
  distinctTransforms,
  draftChoice,
  MAX_REPLACEMENTS,
  makeDecoy,
  optionsLookDifferent,
} from '../choice.ts';
import { deckEntry } from '../draw-deck.ts';
import type { Rng } from '../random.ts';
import { drawOne } from '../random.ts';
import type { AnswerMotion, QuestionPlan, StatsQuestion, TaskContext } from '../task.ts';

/** The two pair-choice tasks' answers move the scene: the right option's image ends with its commands. */
export const PAIR_CHOICE_MOTION: AnswerMotion = {
  moves: 'scene',
  unstated: 'nothing for a choice among four pictures (the neighbours are what a decoy nearest the truth would show)',
};

/** A pair of commands one paper scheme away (qa/choice.ts): symmetric, so reversible on the uniform ranges. */
function pairChange(rng: Rng, from: [Command, Command]) {
  const scheme = drawOne(rng, DECOY_SCHEMES);
  return { value: makeDecoy(rng, scheme, from), scheme };
}

/** Four options for the truth `pair`: the paper's draft (its letter drawn), or an anchored set
 * with the truth under letter `at` (null when not distinct). */
function draftFor(rng: Rng, pair: [Command, Command], mode: DecoyMode, at: number): ChoiceDraft | null {
  if (mode === 'paper') return draftChoice(rng, pair);
  const set = anchoredOptions(rng, pair, pairChange, at, (p) => formatCommands(p));
  if (!set) return null;
  return {
    options: set.options.map((o) => ({ letter: o.letter, commands: [...o.value], scheme: o.scheme })),
    letter: set.options.find((o) => o.scheme === 'truth')!.letter,
    anchor: [...set.anchor],
  };
}

export interface AcceptedDraw {
  pair: [Command, Command];
  draft: ChoiceDraft;
  optionScenes: SceneSpec[];
  separation: number;
  replacements: number;
}

/**
 * The truth of attempt `attempt` of the question, drawn without replacement per complex: the
 * complex's deck of `space` (qa/draw-deck.ts) read at index + attempt x count, so no two
 * questions of the complex, nor two attempts, ever take the same truth. Undefined once the
 * deck runs out.
 */
export function truthFromDeck<T>(
  ctx: Pick<TaskContext, 'seed' | 'index' | 'count' | 'subject'>,
  task: string,
  space: readonly T[],
  attempt: number,
): T | undefined {
  return deckEntry(ctx.seed, task, ctx.subject.complex.id, 'truths', space, ctx.index + attempt * Math.max(1, ctx.count));
}

/**
 * `drawPair(attempt)` gives the truth of each attempt (0, 1, ...); `mode` how its options are
 * made; `at`, the letter of the truth in an anchored set: the question's balanced slot (the
 * paper's sets draw theirs), so letters are even per complex and no draw that decides
 * whether a set is kept can lean them.
 */
export function drawSeparatedChoice(
  rng: Rng,
  drawPair: (attempt: number) => [Command, Command] | undefined,
  optionScene: (commands: Command[]) => SceneSpec,
  mode: DecoyMode = 'paper',
  at = 0,
): AcceptedDraw | { failed: string; replacements: number } {
  let least = Infinity;
  for (let replacements = 0; replacements <= MAX_REPLACEMENTS; replacements++) {
    const pair = drawPair(replacements);
    if (!pair)
      return { failed: 'no more distinct truths for this complex (each question of a complex asks about another pair)', replacements };
    const draft = draftFor(rng, pair, mode, at);
    if (!draft || !distinctTransforms(draft)) continue;
    const optionScenes = draft.options.map((o) => optionScene(o.commands));
    const look = optionsLookDifferent(optionScenes);
    least = Math.min(least, look.separation);
    if (look.ok) return { pair, draft, optionScenes, separation: look.separation, replacements };
  }
  return {
    failed: `no draw in ${MAX_REPLACEMENTS + 1} gave four options that look different (best least separation ${least.toFixed(1)} px)`,
    replacements: MAX_REPLACEMENTS + 1,
  };
}

/**
 * The plan of an accepted choice draw: the question's images (the option scenes last, the
 * first of them at `firstOption`), the letter, the options as truth, and f1, f2 as params.
 */
export function pairChoicePlan(
  got: AcceptedDraw,
  images: SceneSpec[],
  extra: { params?: Record<string, unknown>; partners?: string[] } = {},
): QuestionPlan {
  const options = choiceOptions(got.draft, images.length - got.optionScenes.length);
  return {
    images,
    answer: got.draft.letter,
    truth: { kind: 'letter', letter: got.draft.letter, options },
    vars: {},
    params: {
      f1: formatCommands([got.pair[0]]),
      f2: formatCommands([got.pair[1]]),
      ...extra.params,
      ...(got.draft.anchor ? { anchor: formatCommands(got.draft.anchor) } : {}),
      leastSeparationPx: Math.round(got.separation * 10) / 10,
    },
    replacements: got.replacements,
    ...(extra.partners ? { partners: extra.partners } : {}),
  };
}

/** Stats' histograms of a pair choice's questions: the verb and axis of each of its pair's
 * transforms (`f1 axis` -> `roll x`, `f2 axis`), from the params pairChoicePlan writes. */
export function pairHistograms({ params }: StatsQuestion): [string, string][] {
  return (['f1', 'f2'] as const).flatMap((key): [string, string][] => {
    const text = params[key];
    return typeof text === 'string' ? [[`${key} axis`, text.split(' ').slice(0, 2).join(' ')]] : [];
  });
}
