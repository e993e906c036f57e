// Predictions without a model, to show the floor of every task:
// - `random`: per question, a guess drawn from the task's own answer space by a generator
//   seeded with (seed, 'baseline', question id): a move or roll with a random axis and a
//   value from the task's bins (qa/parameters.ts), a random option letter, for docking a
//   random roll plus a move along x of random sign and a whole distance between the
//   smallest and largest of the train answers; residue_ligand `Yes` or `No` at even odds (a
//   `Yes` names no bond, since guessing atom pairs blind is near hopeless) and pocket_ligand
//   `none`.
// - `majority`: per task, the answer string most frequent among its train questions (ties:
//   the first in sorted order).
import type { QaRecord } from '../generate/records.ts';
import { generatorFor } from '../generate/seeds.ts';
import { drawIndex, drawOne, type Rng } from '../../qa/random.ts';
import { ROTATION_AXES, ROTATION_MAGNITUDES, TRANSLATION_AXES, TRANSLATION_MAGNITUDES, ZOOM_DISTANCES } from '../../qa/parameters.ts';
import { readTruthCommands } from '../../qa/scoring/read-commands.ts';

export const BASELINES = ['random', 'majority'] as const;
export type Baseline = (typeof BASELINES)[number];

const sign = (rng: Rng) => drawOne(rng, [1, -1]);
const roll = (rng: Rng) => `roll ${drawOne(rng, ROTATION_AXES)} ${sign(rng) * drawOne(rng, ROTATION_MAGNITUDES)}`;

/** Whole angstrom range of the docking moves among the train answers. */
function dockingRange(train: QaRecord[]): [number, number] {
  const d = train.flatMap((r) => readTruthCommands(r.answer).filter((c) => c.kind === 'move').map((c) => Math.abs(c.amount)));
  return d.length ? [Math.floor(Math.min(...d)), Math.ceil(Math.max(...d))] : [10, 20];
}

function randomGuess(q: QaRecord, rng: Rng, train: QaRecord[], ranges: Map<string, [number, number]>): string | undefined {
  switch (q.task) {
    case 'translation': return `move ${drawOne(rng, TRANSLATION_AXES)} ${sign(rng) * drawOne(rng, TRANSLATION_MAGNITUDES)}`;
    case 'rotation': return roll(rng);
    case 'zooming': return `move z ${drawOne(rng, ZOOM_DISTANCES)}`;
    case 'docking': {
      if (!ranges.has('docking')) ranges.set('docking', dockingRange(train));
      const [lo, hi] = ranges.get('docking')!;
      return `${roll(rng)}, move x ${sign(rng) * (lo + drawIndex(rng, hi - lo + 1))}`;
    }
    case 'residue_ligand': return drawOne(rng, ['Yes', 'No']);
    case 'pocket_ligand': return 'none';
    default: {
      const letters = (q.options ?? []).map((o) => o.letter);
      return letters.length ? drawOne(rng, letters) : undefined;
    }
  }
}

export function mostFrequentAnswer(train: QaRecord[]): string | undefined {
  const counts = new Map<string, number>();
  for (const r of train) counts.set(r.answer, (counts.get(r.answer) ?? 0) + 1);
  return [...counts].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0))[0]?.[0];
}

/** The baseline's prediction for each question (none for a question it cannot guess). */
export function baselinePredictions(kind: Baseline, questions: QaRecord[], trainOf: (task: string) => QaRecord[], seed: number): Map<string, string> {
  const out = new Map<string, string>();
  const majority = new Map<string, string | undefined>();
  const ranges = new Map<string, [number, number]>();
  for (const q of questions) {
    let guess: string | undefined;
    if (kind === 'majority') {
      if (!majority.has(q.task)) majority.set(q.task, mostFrequentAnswer(trainOf(q.task)));
      guess = majority.get(q.task);
    } else {
      guess = randomGuess(q, generatorFor([seed, 'baseline', q.id]), trainOf(q.task), ranges);
    }
    if (guess !== undefined) out.set(q.id, guess);
  }
  return out;
}
