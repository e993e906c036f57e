// Task 6, rotation + rotation (4-way choice, 8 images): f1 then f2, rolls on different
// axes, turn the complex (image 4); the options show that state after four more pairs of
// rolls, one of them (f1, f2) again. The truths of a complex's questions never repeat (by
// default; `--decoys paper` draws them as the paper did, with the paper's decoys).
import type { Command } from '../../renders/commands.ts';
import { DECOYS_OPTION, decoyMode } from '../anchored-options.ts';
import { letterAnswer } from '../answer-kinds.ts';
import { LETTERS } from '../choice.ts';
import { drawRotation, ROTATION_AXES, signedRolls } from '../parameters.ts';
import { drawOne, drawOther } from '../random.ts';
import { scene, threeViews } from '../scenes.ts';
import { choiceScorer } from '../scoring/task-scorers.ts';
import type { TaskModule } from '../task.ts';
import { drawSeparatedChoice, PAIR_CHOICE_MOTION, pairChoicePlan, pairHistograms, truthFromDeck } from './pair-choice.ts';

/** Every truth of the task: two rolls on different axes, each +-15..90 (864 pairs). */
const PAIRS: readonly [Command, Command][] = ROTATION_AXES.flatMap((a1) =>
  ROTATION_AXES.filter((a2) => a2 !== a1).flatMap((a2) =>
    signedRolls(a1).flatMap((r1) => signedRolls(a2).map((r2): [Command, Command] => [r1, r2])),
  ),
);

export const rotationRotationTask: TaskModule = {
  id: 'rotation_rotation',
  paperColumns: [{ name: 'RR' }],
  format: 'choice',
  statsHistograms: pairHistograms,
  summary: 'pick the option that shows two more rolls applied after two given ones',
  imageCount: 8,
  defaultCounts: { train: 6, test: 3 },
  template: 'rotation_rotation',
  options: [DECOYS_OPTION],
  scorer: choiceScorer(),
  answer: letterAnswer,
  motion: PAIR_CHOICE_MOTION,
  leftOutOfPaperAverage: true,
  plan(ctx) {
    const { rng, subject, style, options } = ctx;
    const mode = decoyMode(options);
    let first = [] as Command[];
    const got = drawSeparatedChoice(
      rng,
      (attempt) => {
        if (mode === 'anchored') {
          const pair = truthFromDeck(ctx, 'rotation_rotation', PAIRS, attempt);
          first = pair ? [...pair] : [];
          return pair;
        }
        const a1 = drawOne(rng, ROTATION_AXES);
        const a2 = drawOther(rng, ROTATION_AXES, (a) => a === a1);
        first = [drawRotation(rng, a1), drawRotation(rng, a2)];
        return [first[0], first[1]];
      },
      (commands) => scene(subject, style, { transform: [...first, ...commands] }),
      mode,
      ctx.slot(LETTERS.length),
    );
    if ('failed' in got) return { ok: false, reason: got.failed, replacements: got.replacements };
    const images = [...threeViews(subject, style), scene(subject, style, { transform: got.pair }), ...got.optionScenes];
    return { ok: true, plan: pairChoicePlan(got, images) };
  },
};
