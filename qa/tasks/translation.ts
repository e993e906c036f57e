// Task 1, translation: `move x|y d`, d a whole -4..4 A, not 0; axes alternate (balanced slot);
// no two questions of a complex share a command (8 per axis, 16 in all).

import { axisDecks } from '../parameter-decks.ts';
import { signedMoves, TRANSLATION_AXES, TRANSLATION_MAGNITUDES } from '../parameters.ts';
import { drawOne } from '../random.ts';
import { commandScorer } from '../scoring/task-scorers.ts';
import { translationScore } from '../scoring/transform-scores.ts';
import { singleTransformTask } from './single-transform.ts';

export const translationTask = singleTransformTask({
  id: 'translation',
  paperColumns: [{ name: 'Tr' }],
  summary: 'name the move that carried the structure from the start views to the final front view',
  defaultCounts: { train: 4, test: 2 },
  decks: axisDecks(TRANSLATION_AXES, signedMoves),
  scorer: commandScorer('move', 'xy', 'composite', '0 unless the axis is right, then 1 - |error| / 8 A, floored at 0', translationScore),
  motion: {
    unstated:
      'the scale (pixels per angstrom: camera distance and field of view) is stated by neither; bond lengths in the picture give it',
  },
  randomGuess: (rng) => `move ${drawOne(rng, TRANSLATION_AXES)} ${drawOne(rng, [1, -1]) * drawOne(rng, TRANSLATION_MAGNITUDES)}`,
});
