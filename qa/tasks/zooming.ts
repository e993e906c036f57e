// Task 3, zooming: `move z d`, d a whole 40..60 A.
import { drawZoom } from '../parameters.ts';
import { singleTransformTask } from './single-transform.ts';

export const zoomingTask = singleTransformTask({
  id: 'zooming',
  defaultCounts: { train: 4, test: 2 },
  draw: (rng) => drawZoom(rng),
});
