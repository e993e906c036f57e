// Scoring a split in memory: missing replies count as 0 in the denominator, unknown ids are
// listed, tasks absent from the split are absent from the averages, bad records are refused.

import assert from 'node:assert/strict';
import { test } from 'node:test';
import { DatasetRecordError, scoreSplit } from '../../qa/scoring/score-split.ts';

test('a split with two tasks: means over questions, averages over tasks', () => {
  const records = [
    { id: 't0', task: 'translation', answer: 'move x 4' },
    { id: 't1', task: 'translation', answer: 'move y -1' },
    { id: 't2', task: 'translation', answer: 'move x 2' },
    { id: 'r0', task: 'rotation_rotation', answer: 'B' },
  ];
  const s = scoreSplit(
    records,
    new Map([
      ['t0', 'move x 2'],
      ['t1', 'I do not know'],
      ['r0', 'B'],
      ['extra', 'A'],
    ]),
  );
  assert.deepEqual(
    s.tasks.map((t) => t.task),
    ['translation', 'rotation_rotation'],
  );
  const [tr, rr] = s.tasks;
  // t0: 1 - 2/8 = 0.75; t1: nothing readable, 0; t2: missing, 0 -> 0.75 / 3 = 25 %
  assert.equal(tr.composite, 25);
  assert.equal(tr.exact, 0);
  assert.deepEqual([tr.questions, tr.answered, tr.missing, tr.unread], [3, 2, 1, 1]);
  assert.equal(rr.composite, 100);
  // the paper's average leaves rotation_rotation out
  // no H-bond task: both atom-name rules give the same figures
  const same = (composite: number, exact: number) => ({
    composite,
    exact,
    byAtomNames: { equivalent: { composite, exact }, asWritten: { composite, exact } },
  });
  assert.deepEqual(s.average, { tasks: ['translation'], ...same(25, 0) });
  assert.deepEqual(s.averageAllTasks, { tasks: ['translation', 'rotation_rotation'], ...same(62.5, 50) });
  assert.equal(tr.equivalentAtomNames, false);
  assert.equal(s.missing, 1);
  assert.deepEqual(s.unknownIds, ['extra']);
});

test('only left-out tasks: the paper average has no tasks and no number', () => {
  const s = scoreSplit([{ id: 'r0', task: 'rotation_rotation', answer: 'B' }], new Map());
  const none = { composite: null, exact: null };
  assert.deepEqual(s.average, { tasks: [], ...none, byAtomNames: { equivalent: none, asWritten: none } });
  assert.equal(s.averageAllTasks.composite, 0);
});

test('both atom-name rules, the headline chosen: equivalent names by default, as written on request', () => {
  const records = [
    { id: 'p0', task: 'pocket_ligand', answer: 'ARG 8 NH2 A, O22; ASP 25 OD1 A, N3' },
    { id: 'p1', task: 'pocket_ligand', answer: 'GLU 30 OE1 A, O5' },
    { id: 'r0', task: 'residue_ligand', answer: 'Yes: ASP OD1, N3' },
    { id: 't0', task: 'translation', answer: 'move x 4' },
  ];
  const replies = new Map([
    ['p0', 'ARG 8 NH1 A, O22; ASP 25 OD1 A, N3'], // equivalent: both found, 1, exact; as written: 1 of 2, 0.5
    ['p1', 'GLU 30 OE1 A, O5'], // 1 by both
    ['r0', 'Yes: ASP OD1, N3; ASP OD2, N3'], // the true bond + one more of its class: 0.5 by both, not exact
    ['t0', 'move x 2'], // 0.75 by both
  ]);
  const equivalent = scoreSplit(records, replies);
  const written = scoreSplit(records, replies, { atomNames: 'asWritten' });
  assert.equal(equivalent.atomNames, 'equivalent');
  assert.equal(written.atomNames, 'asWritten');
  for (const s of [equivalent, written]) {
    const [tr, rl, pl] = s.tasks; // registry order: translation, residue_ligand, pocket_ligand
    assert.deepEqual([tr.task, rl.task, pl.task], ['translation', 'residue_ligand', 'pocket_ligand']);
    assert.deepEqual([tr.equivalentAtomNames, rl.equivalentAtomNames, pl.equivalentAtomNames], [false, true, true]);
    assert.deepEqual(pl.byAtomNames, { equivalent: { composite: 100, exact: 100 }, asWritten: { composite: 75, exact: 50 } });
    assert.deepEqual(rl.byAtomNames, { equivalent: { composite: 50, exact: 0 }, asWritten: { composite: 50, exact: 0 } });
    assert.deepEqual(tr.byAtomNames, { equivalent: { composite: 75, exact: 0 }, asWritten: { composite: 75, exact: 0 } });
    // paper average over translation, residue_ligand, pocket_ligand
    assert.deepEqual(s.average.byAtomNames, {
      equivalent: { composite: (75 + 50 + 100) / 3, exact: 100 / 3 },
      asWritten: { composite: (75 + 50 + 75) / 3, exact: 50 / 3 },
    });
  }
  assert.deepEqual([equivalent.tasks[2].composite, equivalent.tasks[2].exact], [100, 100]);
  assert.deepEqual([written.tasks[2].composite, written.tasks[2].exact], [75, 50]);
  assert.equal(equivalent.average.composite, (75 + 50 + 100) / 3);
  assert.equal(written.average.composite, (75 + 50 + 75) / 3);
});

test('unknown tasks, repeated ids and malformed answers are refused, naming the record', () => {
  assert.throws(
    () => scoreSplit([{ id: 'a', task: 'counting', answer: '3', source: 'qa/counting.test.jsonl:1' }], new Map()),
    (e: Error) => e instanceof DatasetRecordError && /qa\/counting\.test\.jsonl:1: unknown task 'counting'/.test(e.message),
  );
  assert.throws(
    () =>
      scoreSplit(
        [
          { id: 'a', task: 'zooming', answer: 'move z 50' },
          { id: 'a', task: 'zooming', answer: 'move z 41' },
        ],
        new Map(),
      ),
    /question id a appears twice/,
  );
  assert.throws(
    () => scoreSplit([{ id: 'a', task: 'pocket_ligand', answer: 'ARG 221 NH2, O22' }], new Map()),
    /question a: answer 'ARG 221 NH2, O22' is not a pocket-ligand bond/,
  );
});
