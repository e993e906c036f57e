// Task 1, translation: `move x|y d`, d a whole -4..4 A, not 0; axes alternate (balanced slot).
import { drawTranslation, TRANSLATION_AXES } from '../parameters.ts';
import { singleTransformTask } from './single-transform.ts';

export const translationTask = singleTransformTask({
  id: 'translation',
  defaultCounts: { train: 4, test: 2 },
  draw: (rng, slot) => drawTranslation(rng, TRANSLATION_AXES[slot(TRANSLATION_AXES.length)]),
});
