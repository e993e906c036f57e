// Task 2, rotation: `roll x|y|z a`, a in -90..90 by 15, not 0; axes cycle by index.
import { drawRotation, ROTATION_AXES } from '../parameters.ts';
import { singleTransformTask } from './single-transform.ts';

export const rotationTask = singleTransformTask({
  id: 'rotation',
  defaultCounts: { train: 6, test: 3 },
  draw: (rng, index) => drawRotation(rng, ROTATION_AXES[index % ROTATION_AXES.length]),
});
