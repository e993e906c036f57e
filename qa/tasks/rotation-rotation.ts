// Task 6, rotation + rotation (4-way choice, 8 images): f1 then f2, rolls on different
// axes, turn the complex (image 4); the options show that state after four more pairs of
// rolls, one of them (f1, f2) again.
import { drawRotation, ROTATION_AXES } from '../parameters.ts';
import { drawOne, drawOther } from '../random.ts';
import { scene, threeViews } from '../scenes.ts';
import { choiceScorer } from '../scoring/task-scorers.ts';
import type { TaskModule } from '../task.ts';
import { drawSeparatedChoice, pairChoicePlan } from './pair-choice.ts';

export const rotationRotationTask: TaskModule = {
  id: 'rotation_rotation',
  format: 'choice',
  imageCount: 8,
  defaultCounts: { train: 6, test: 3 },
  template: 'rotation_rotation',
  scorer: choiceScorer(),
  leftOutOfPaperAverage: true,
  plan({ rng, subject, style }) {
    let first = [] as ReturnType<typeof drawRotation>[];
    const got = drawSeparatedChoice(
      rng,
      () => {
        const a1 = drawOne(rng, ROTATION_AXES);
        const a2 = drawOther(rng, ROTATION_AXES, (a) => a === a1);
        first = [drawRotation(rng, a1), drawRotation(rng, a2)];
        return [first[0], first[1]];
      },
      (commands) => scene(subject, style, { transform: [...first, ...commands] }),
    );
    if ('failed' in got) return { ok: false, reason: got.failed, replacements: got.replacements };
    const images = [...threeViews(subject, style), scene(subject, style, { transform: got.pair }), ...got.optionScenes];
    return { ok: true, plan: pairChoicePlan(got, images) };
  },
};
