// Task 5, translation + rotation (4-way choice, 11 images): f1 (a move on x or y) then f2
// (a roll) turn the reference complex; the options show a second complex of the same
// split (the partner, drawn from this question's generator over the split's sorted ids)
// after four transforms, one of them (f1, f2) itself.
import { drawRotation, drawTranslation, ROTATION_AXES, TRANSLATION_AXES } from '../parameters.ts';
import { drawOne } from '../random.ts';
import { scene, threeViews } from '../scenes.ts';
import { choiceScorer } from '../scoring/task-scorers.ts';
import type { TaskModule } from '../task.ts';
import { drawSeparatedChoice, pairChoicePlan } from './pair-choice.ts';

export const translationRotationTask: TaskModule = {
  id: 'translation_rotation',
  format: 'choice',
  imageCount: 11,
  defaultCounts: { train: 6, test: 3 },
  template: 'translation_rotation',
  scorer: choiceScorer(),
  leftOutOfPaperAverage: true,
  plan({ rng, subject, splitIds, complexById, style }) {
    const others = splitIds.filter((id) => id !== subject.complex.id);
    if (others.length === 0) return { ok: false, reason: 'no other complex in this split to pair with', replacements: 0 };
    const partner = complexById(drawOne(rng, others));
    const got = drawSeparatedChoice(
      rng,
      () => [drawTranslation(rng, drawOne(rng, TRANSLATION_AXES)), drawRotation(rng, drawOne(rng, ROTATION_AXES))],
      (commands) => scene(partner, style, { transform: commands }),
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
