// Task 5, translation + rotation (4-way choice, 11 images): f1 (a move on x or y) then f2
// (a roll) turn the reference complex; the options show a second complex of the same
// split (the partner, drawn from this question's generator over the split's sorted ids)
// after four transforms, one of them (f1, f2) itself. The truths of a complex's questions
// never repeat (by default; `--decoys paper` draws them as the paper did, with its decoys).
import type { Command } from '../../renders/commands.ts';
import { DECOYS_OPTION, decoyMode } from '../anchored-options.ts';
import { letterAnswer } from '../answer-kinds.ts';
import { LETTERS } from '../choice.ts';
import { drawRotation, drawTranslation, ROTATION_AXES, signedMoves, signedRolls, TRANSLATION_AXES } from '../parameters.ts';
import { drawOne } from '../random.ts';
import { scene, threeViews } from '../scenes.ts';
import { choiceScorer } from '../scoring/task-scorers.ts';
import type { TaskModule } from '../task.ts';
import { drawSeparatedChoice, PAIR_CHOICE_MOTION, pairChoicePlan, pairHistograms, truthFromDeck } from './pair-choice.ts';

/** Every truth of the task: a move on x or y (+-1..4 A), then a roll (+-15..90 on x, y or z): 576 pairs. */
const PAIRS: readonly [Command, Command][] = TRANSLATION_AXES.flatMap((a1) => signedMoves(a1)).flatMap((f1) =>
  ROTATION_AXES.flatMap((a2) => signedRolls(a2)).map((f2): [Command, Command] => [f1, f2]),
);

export const translationRotationTask: TaskModule = {
  id: 'translation_rotation',
  paperColumns: [{ name: 'TR' }],
  format: 'choice',
  statsHistograms: pairHistograms,
  summary: 'pick the target option that underwent the same move then roll as the reference',
  imageCount: 11,
  defaultCounts: { train: 6, test: 3 },
  template: 'translation_rotation',
  options: [DECOYS_OPTION],
  scorer: choiceScorer(),
  answer: letterAnswer,
  motion: PAIR_CHOICE_MOTION,
  leftOutOfPaperAverage: true,
  plan(ctx) {
    const { rng, subject, splitIds, complexById, style, options } = ctx;
    const mode = decoyMode(options);
    const others = splitIds.filter((id) => id !== subject.complex.id);
    if (others.length === 0) return { ok: false, reason: 'no other complex in this split to pair with', replacements: 0 };
    const partner = complexById(drawOne(rng, others));
    const got = drawSeparatedChoice(
      rng,
      (attempt) =>
        mode === 'anchored'
          ? truthFromDeck(ctx, 'translation_rotation', PAIRS, attempt)
          : [drawTranslation(rng, drawOne(rng, TRANSLATION_AXES)), drawRotation(rng, drawOne(rng, ROTATION_AXES))],
      (commands) => scene(partner, style, { transform: commands }),
      mode,
      ctx.slot(LETTERS.length),
    );
    if ('failed' in got) return { ok: false, reason: got.failed, replacements: got.replacements };
    const images = [
      ...threeViews(subject, style),
      scene(subject, style, { transform: got.pair }),
      ...threeViews(partner, style),
      ...got.optionScenes,
    ];
    return { ok: true, plan: pairChoicePlan(got, images, { params: { partner: partner.complex.id }, partners: [partner.complex.id] }) };
  },
};
