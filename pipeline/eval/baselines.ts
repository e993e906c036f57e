// Predictions without a model, to show the floor of every task:
// - `random`: per question, the task's own guess (TaskModule.randomGuess: a value drawn from
//   its answer space), drawn by a generator seeded with (seed, 'baseline', question id); a
//   choice task without one gets a random option letter.
// - `majority`: per task, the answer string most frequent among its train questions (ties:
//   the first in sorted order).
// A task the baseline cannot answer (no train question for `majority`, no guess for
// `random`) leaves its questions unanswered, and says so in the warnings.

import { drawOne } from '../../qa/random.ts';
import { taskById } from '../../qa/task-registry.ts';
import type { QaRecord } from '../dataset/question-record.ts';
import { generatorFor } from '../generate/seeds.ts';

export const BASELINES = ['random', 'majority'] as const;
export type Baseline = (typeof BASELINES)[number];

export function mostFrequentAnswer(train: readonly QaRecord[]): string | undefined {
  const counts = new Map<string, number>();
  for (const r of train) counts.set(r.answer, (counts.get(r.answer) ?? 0) + 1);
  return [...counts].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0))[0]?.[0];
}

function randomGuess(q: QaRecord, seed: number, train: readonly QaRecord[]): string | undefined {
  const rng = generatorFor([seed, 'baseline', q.id]);
  const task = taskById(q.task);
  if (task?.randomGuess) return task.randomGuess(q, rng, train);
  const letters = (q.options ?? []).map((o) => o.letter);
  return letters.length ? drawOne(rng, letters) : undefined;
}

export interface BaselineRun {
  /** The guess for each question it could answer, by question id. */
  guesses: Map<string, string>;
  /** One line per task left (partly) unanswered, saying why. */
  warnings: string[];
}

/** The baseline's prediction for each question, and a warning per task it cannot answer. */
export function baselinePredictions(
  kind: Baseline,
  questions: readonly QaRecord[],
  trainOf: (task: string) => readonly QaRecord[],
  seed: number,
): BaselineRun {
  const guesses = new Map<string, string>();
  const majority = new Map<string, string | undefined>();
  const unanswered = new Map<string, number>();
  for (const q of questions) {
    let guess: string | undefined;
    if (kind === 'majority') {
      if (!majority.has(q.task)) majority.set(q.task, mostFrequentAnswer(trainOf(q.task)));
      guess = majority.get(q.task);
    } else {
      guess = randomGuess(q, seed, trainOf(q.task));
    }
    if (guess !== undefined) guesses.set(q.id, guess);
    else unanswered.set(q.task, (unanswered.get(q.task) ?? 0) + 1);
  }
  const why = (task: string) =>
    kind === 'majority'
      ? 'the train split has no question of it'
      : taskById(task)
        ? 'the task has no random guess (TaskModule.randomGuess) and no options'
        : 'no task module of that id is loaded (--task-module)';
  const warnings = [...unanswered].map(
    ([task, n]) => `${kind} baseline: ${n} ${task} question${n === 1 ? '' : 's'} left unanswered (each scores 0): ${why(task)}`,
  );
  return { guesses, warnings };
}
