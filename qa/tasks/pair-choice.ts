// The draw-check-replace loop shared by the two choice tasks: draw a pair (f1, f2) and a
// draft of four options, accept it when the four transforms differ and their images look
// different (option-separation.ts), else replace it by the next draw of the same generator.
import { formatCommands, type Command } from '../../renders/commands.ts';
import type { SceneSpec } from '../../renders/scene-spec.ts';
import { choiceOptions, draftChoice, distinctTransforms, MAX_REPLACEMENTS, optionsLookDifferent, type ChoiceDraft } from '../choice.ts';
import type { QuestionPlan } from '../task.ts';
import type { Rng } from '../random.ts';

export interface AcceptedDraw {
  pair: [Command, Command];
  draft: ChoiceDraft;
  optionScenes: SceneSpec[];
  separation: number;
  replacements: number;
}

export function drawSeparatedChoice(
  rng: Rng,
  drawPair: () => [Command, Command],
  optionScene: (commands: Command[]) => SceneSpec,
): AcceptedDraw | { failed: string; replacements: number } {
  let least = Infinity;
  for (let replacements = 0; replacements <= MAX_REPLACEMENTS; replacements++) {
    const pair = drawPair();
    const draft = draftChoice(rng, pair);
    if (!distinctTransforms(draft)) continue;
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
export function pairChoicePlan(got: AcceptedDraw, images: SceneSpec[], extra: { params?: Record<string, unknown>; partners?: string[] } = {}): QuestionPlan {
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
      leastSeparationPx: Math.round(got.separation * 10) / 10,
    },
    replacements: got.replacements,
    ...(extra.partners ? { partners: extra.partners } : {}),
  };
}
