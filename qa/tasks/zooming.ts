// Task 3, zooming: `move z d`, d a whole 40..60 A; no two questions of a complex share d (21).
import { move, ZOOM_DISTANCES } from '../parameters.ts';
import { drawOne } from '../random.ts';
import { commandScorer } from '../scoring/task-scorers.ts';
import { singleTransformTask } from './single-transform.ts';

export const zoomingTask = singleTransformTask({
  id: 'zooming',
  defaultCounts: { train: 4, test: 2 },
  decks: [{ purpose: 'distance', space: ZOOM_DISTANCES.map((d) => move('z', d)) }],
  scorer: commandScorer('move', 'z', 'exact match', 'the distance along z is exactly right', () => 0),
  randomGuess: (rng) => `move z ${drawOne(rng, ZOOM_DISTANCES)}`,
});
