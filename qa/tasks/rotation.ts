// Task 2, rotation: `roll x|y|z a`, a in -90..90 by 15, not 0; axes cycle (balanced slot).
import { drawRotation, ROTATION_AXES } from '../parameters.ts';
import { singleTransformTask } from './single-transform.ts';

export const rotationTask = singleTransformTask({
  id: 'rotation',
  defaultCounts: { train: 6, test: 3 },
  draw: (rng, slot) => drawRotation(rng, ROTATION_AXES[slot(ROTATION_AXES.length)]),
});
