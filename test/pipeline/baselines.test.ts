// The baselines over question records: majority takes each task's most frequent train
// answer (ties: first in sorted order) and warns, with the count, for a task whose train
// side is empty; random is seeded per question id and warns for a cloze task with no guess.

import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { QaRecord } from '../../pipeline/dataset/question-record.ts';
import { baselinePredictions } from '../../pipeline/eval/baselines.ts';

const q = (id: string, task: string, answer: string, options?: string[]) =>
  ({ id, task, answer, ...(options ? { options: options.map((letter) => ({ letter })) } : {}) }) as unknown as QaRecord;

const train: Record<string, QaRecord[]> = {
  rotation: [q('r1', 'rotation', 'roll x 30'), q('r2', 'rotation', 'roll y 15'), q('r3', 'rotation', 'roll y 15')],
  zooming: [q('z1', 'zooming', 'move z 50'), q('z2', 'zooming', 'move z 41')],
  translation_rotation: [],
};
const test_ = [
  q('rotation-a-000', 'rotation', 'roll z 90'),
  q('zooming-a-000', 'zooming', 'move z 60'),
  q('translation_rotation-a-000', 'translation_rotation', 'B', ['A', 'B', 'C', 'D']),
  q('translation_rotation-a-001', 'translation_rotation', 'C', ['A', 'B', 'C', 'D']),
  q('unknown_task-a-000', 'unknown_task', 'x'),
];
const trainOf = (t: string) => train[t] ?? [];

test('majority: most frequent train answer, ties sorted; a task with no train question is warned about', () => {
  const { guesses, warnings } = baselinePredictions('majority', test_, trainOf, 0);
  assert.equal(guesses.get('rotation-a-000'), 'roll y 15');
  assert.equal(guesses.get('zooming-a-000'), 'move z 41'); // 1 each: 'move z 41' < 'move z 50'
  assert.ok(!guesses.has('translation_rotation-a-000') && !guesses.has('translation_rotation-a-001'));
  assert.deepEqual(warnings, [
    'majority baseline: 2 translation_rotation questions left unanswered (each scores 0): the train split has no question of it',
    'majority baseline: 1 unknown_task question left unanswered (each scores 0): the train split has no question of it',
  ]);
});

test("random: each task's own guess, seeded per question; a letter for a choice task; an unknown task is warned about", () => {
  const a = baselinePredictions('random', test_, trainOf, 3);
  const b = baselinePredictions('random', [...test_].reverse(), trainOf, 3);
  assert.deepEqual([...a.guesses].sort(), [...b.guesses].sort(), 'the same guess whatever the order of the questions');
  assert.match(a.guesses.get('rotation-a-000')!, /^roll [xyz] -?(15|30|45|60|75|90)$/);
  assert.match(a.guesses.get('zooming-a-000')!, /^move z (4\d|5\d|60)$/);
  assert.match(a.guesses.get('translation_rotation-a-000')!, /^[A-D]$/);
  const seeds = new Set(
    Array.from({ length: 8 }, (_, s) => baselinePredictions('random', test_, trainOf, s).guesses.get('rotation-a-000')),
  );
  assert.ok(seeds.size > 1, 'another seed, another guess');
  assert.deepEqual(a.warnings, [
    'random baseline: 1 unknown_task question left unanswered (each scores 0): no task module of that id is loaded (--task-module)',
  ]);
});
