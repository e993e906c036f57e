// The split is decided from the seed and the sorted complex ids alone; question generators
// depend only on (seed, task, complex, index); --per-complex parsing.

import assert from 'node:assert/strict';
import { test } from 'node:test';
import { formatCounts, parseCounts } from '../../pipeline/generate/counts.ts';
import { requestedCount } from '../../pipeline/generate/plan.ts';
import { questionGenerator } from '../../pipeline/generate/seeds.ts';
import { decideSplit } from '../../pipeline/generate/split.ts';
import { TASKS } from '../../qa/tasks/index.ts';

const ids = Array.from({ length: 400 }, (_, i) => `c${String(i).padStart(4, '0')}`);

test('split: test share rounded, input order irrelevant, seed-dependent, every id on one side', () => {
  const a = decideSplit(ids, 7, 0.25);
  assert.equal(a.ids.test.length, 100);
  assert.equal(a.ids.train.length, 300);
  assert.deepEqual([...a.ids.train, ...a.ids.test].sort(), ids);
  assert.deepEqual(a.ids.test, [...a.ids.test].sort());
  const shuffledInput = [...ids].reverse();
  assert.deepEqual(decideSplit(shuffledInput, 7, 0.25).ids, a.ids);
  assert.notDeepEqual(decideSplit(ids, 8, 0.25).ids.test, a.ids.test);
  // The default share is the original's 490 of 3,993.
  assert.equal(decideSplit(ids, 7).ids.test.length, Math.round((400 * 490) / 3993));
  assert.equal(decideSplit(['b', 'a', 'c'], 1, 0.5).ids.test.length, 2);
});

test('question generators: a function of (seed, task, complex, index) only', () => {
  const draw = (seed: number, task: string, c: string, i: number) => Array.from({ length: 4 }, questionGenerator(seed, task, c, i));
  assert.deepEqual(draw(1, 'rotation', '1hpv', 2), draw(1, 'rotation', '1hpv', 2));
  for (const other of [
    draw(2, 'rotation', '1hpv', 2),
    draw(1, 'zooming', '1hpv', 2),
    draw(1, 'rotation', '1pgp', 2),
    draw(1, 'rotation', '1hpv', 3),
  ]) {
    assert.notDeepEqual(other, draw(1, 'rotation', '1hpv', 2));
  }
});

test('--per-complex: defaults from the spec, overrides as TRAIN/TEST, bad text refused', () => {
  const d = parseCounts(undefined, TASKS);
  assert.deepEqual(d, {
    translation: { train: 4, test: 2 },
    rotation: { train: 6, test: 3 },
    zooming: { train: 4, test: 2 },
    residue_ligand: { train: 40, test: 40 },
    translation_rotation: { train: 6, test: 3 },
    rotation_rotation: { train: 6, test: 3 },
    docking: { train: 6, test: 3 },
    interaction_location: { train: 3, test: 3 },
    pocket_ligand: { train: 1, test: 1 },
  });
  assert.deepEqual(parseCounts('translation=1/0, docking=2/1', TASKS).docking, { train: 2, test: 1 });
  // A third number gives val (--buffer val) its own count; without it val takes test's.
  const withVal = parseCounts('translation=4/2/1,rotation=6/3', TASKS);
  assert.deepEqual(withVal.translation, { train: 4, test: 2, val: 1 });
  assert.equal(requestedCount(withVal.translation, 'val'), 1);
  assert.equal(requestedCount(withVal.rotation, 'val'), 3);
  assert.equal(requestedCount(withVal.translation, 'train'), 4);
  assert.equal(requestedCount(undefined, 'test'), 0);
  assert.deepEqual(parseCounts(formatCounts(withVal), TASKS), withVal);
  assert.match(formatCounts(withVal), /translation=4\/2\/1,rotation=6\/3,/);
  assert.throws(() => parseCounts('translation=4/2/1/0', TASKS), /TASK=TRAIN\/TEST\/VAL/);
  assert.throws(() => parseCounts('translation=4', TASKS), /TASK=TRAIN\/TEST/);
  assert.throws(() => parseCounts('nosuch=1/1', TASKS), /not one of the chosen tasks/);
});
