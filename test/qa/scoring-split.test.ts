// Scoring a split in memory: missing replies count as 0 in the denominator, unknown ids are
// listed, tasks absent from the split are absent from the averages, bad records are refused.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { DatasetRecordError, scoreSplit } from '../../qa/scoring/score-split.ts';

test('a split with two tasks: means over questions, averages over tasks', () => {
  const records = [
    { id: 't0', task: 'translation', answer: 'move x 4' },
    { id: 't1', task: 'translation', answer: 'move y -1' },
    { id: 't2', task: 'translation', answer: 'move x 2' },
    { id: 'r0', task: 'rotation_rotation', answer: 'B' },
  ];
  const s = scoreSplit(records, new Map([['t0', 'move x 2'], ['t1', 'I do not know'], ['r0', 'B'], ['extra', 'A']]));
  assert.deepEqual(s.tasks.map((t) => t.task), ['translation', 'rotation_rotation']);
  const [tr, rr] = s.tasks;
  // t0: 1 - 2/8 = 0.75; t1: nothing readable, 0; t2: missing, 0 -> 0.75 / 3 = 25 %
  assert.equal(tr.composite, 25);
  assert.equal(tr.exact, 0);
  assert.deepEqual([tr.questions, tr.answered, tr.missing, tr.unread], [3, 2, 1, 1]);
  assert.equal(rr.composite, 100);
  // the paper's average leaves rotation_rotation out
  assert.deepEqual(s.average, { tasks: ['translation'], composite: 25, exact: 0 });
  assert.deepEqual(s.averageAllTasks, { tasks: ['translation', 'rotation_rotation'], composite: 62.5, exact: 50 });
  assert.equal(s.missing, 1);
  assert.deepEqual(s.unknownIds, ['extra']);
});

test('only left-out tasks: the paper average has no tasks and no number', () => {
  const s = scoreSplit([{ id: 'r0', task: 'rotation_rotation', answer: 'B' }], new Map());
  assert.deepEqual(s.average, { tasks: [], composite: null, exact: null });
  assert.equal(s.averageAllTasks.composite, 0);
});

test('unknown tasks, repeated ids and malformed answers are refused, naming the record', () => {
  assert.throws(() => scoreSplit([{ id: 'a', task: 'counting', answer: '3', source: 'qa/counting.test.jsonl:1' }], new Map()),
    (e: Error) => e instanceof DatasetRecordError && /qa\/counting\.test\.jsonl:1: unknown task 'counting'/.test(e.message));
  assert.throws(() => scoreSplit([{ id: 'a', task: 'zooming', answer: 'move z 50' }, { id: 'a', task: 'zooming', answer: 'move z 41' }], new Map()),
    /question id a appears twice/);
  assert.throws(() => scoreSplit([{ id: 'a', task: 'pocket_ligand', answer: 'ARG 221 NH2, O22' }], new Map()),
    /question a: answer 'ARG 221 NH2, O22' is not a pocket-ligand bond/);
});
