// Task 2, rotation: `roll x|y|z a`, a in -90..90 by 15, not 0; axes cycle (balanced slot);
// no two questions of a complex share a command (12 per axis, 36 in all).

import { axisDecks } from '../parameter-decks.ts';
import { ROTATION_AXES, randomRoll, signedRolls } from '../parameters.ts';
import { commandScorer } from '../scoring/task-scorers.ts';
import { rotationScore } from '../scoring/transform-scores.ts';
import { singleTransformTask } from './single-transform.ts';

export const rotationTask = singleTransformTask({
  id: 'rotation',
  paperColumns: [{ name: 'Rot' }],
  summary: 'name the roll that turned the structure',
  defaultCounts: { train: 6, test: 3 },
  decks: axisDecks(ROTATION_AXES, signedRolls),
  scorer: commandScorer(
    'roll',
    'xyz',
    'composite',
    '0 unless the axis is right, then 1 - |error| / 180 degrees, floored at 0',
    rotationScore,
  ),
  motion: { unstated: 'nothing: angles are read from the pictures alone' },
  randomGuess: randomRoll,
});
