// The metrics of docs/scoring.md ("Metrics"), question by question. Every expected number
// is worked out by hand in the comment or expression beside it.

import assert from 'node:assert/strict';
import { test } from 'node:test';
import { requireTask, scorerOf } from '../../qa/task-registry.ts';

/** The scorer each task module names, as `score` finds it through the registry. */
function score(task: string, answer: string, reply: string, options?: Record<string, string>) {
  return scorerOf(requireTask(task)).prepare({ answer, options })(reply);
}
const close = (actual: number, expected: number, what: string) =>
  assert.ok(Math.abs(actual - expected) < 1e-12, `${what}: ${actual} != ${expected}`);

test('translation: 0 unless the axis is right, then 1 - |error| / 8', () => {
  const cases: [string, string, number][] = [
    ['move x 3', 'move x 3', 1],
    ['move x 4', 'move x 2', 1 - 2 / 8], // half the magnitude: 0.75
    ['move x 3', 'move x 1', 1 - 2 / 8],
    ['move x 3', 'move x -4', 1 - 7 / 8], // 0.125
    ['move y -4', 'move y 4', 0], // 1 - 8/8
    ['move x 4', 'move x -5', 0], // 1 - 9/8 < 0, floored
    ['move x 3', 'move y 3', 0], // wrong axis
    ['move x 3', 'roll x 3', 0], // wrong verb
    ['move x 3', 'no idea', 0],
  ];
  for (const [answer, reply, expected] of cases) close(score('translation', answer, reply).score, expected, `${answer} / ${reply}`);
  assert.equal(score('translation', 'move x 3', 'The answer is move x 3.').exact, true);
  assert.equal(score('translation', 'move x 4', 'move x 2').exact, false);
});

test('rotation: 0 unless the axis is right, then 1 - |error| / 180', () => {
  const cases: [string, string, number][] = [
    ['roll y 15', 'roll y 15', 1],
    ['roll y 15', 'roll y 60', 1 - 45 / 180], // 0.75
    ['roll y 15', 'roll y -90', 1 - 105 / 180],
    ['roll z -90', 'roll z 90', 0], // 1 - 180/180
    ['roll y 15', 'roll z 15', 0],
    ['roll y 15', 'move y 15', 0],
  ];
  for (const [answer, reply, expected] of cases) close(score('rotation', answer, reply).score, expected, `${answer} / ${reply}`);
});

test('zooming is exact match: one angstrom off scores 0', () => {
  assert.deepEqual(score('zooming', 'move z 50', 'move z 50.'), { score: 1, exact: true, read: true });
  assert.deepEqual(score('zooming', 'move z 50', 'move z 49'), { score: 0, exact: false, read: true });
  assert.deepEqual(score('zooming', 'move z 50', 'move x 50'), { score: 0, exact: false, read: true });
});

test('docking: roll and move half each; a move with the wrong sign earns no move credit', () => {
  const answer = 'roll x 75, move x -14';
  const cases: [string, number][] = [
    ['roll x 75, move x -14', 1],
    ['move x -14, roll x 75', 1], // they commute: the roll is about the ligand's own centre
    ['roll x 75, move x 14', 0.5], // right roll, wrong sign: no move credit
    ['roll x 75, move x 28', 0.5],
    ['roll x 30, move x -7', 0.5 * (1 - 45 / 180) + 0.5 * (1 - 7 / 14)], // 0.375 + 0.25
    ['roll y 75, move x -21', 0.5 * (1 - 7 / 14)], // wrong roll axis
    ['roll x 75, move y -14', 0.5], // wrong move axis
    ['roll x 75, move x -30', 0.5], // 1 - 16/14 < 0, floored
    ['move x -14', 0.5], // no roll given
    ['roll x 75', 0.5], // no move given
  ];
  for (const [reply, expected] of cases) close(score('docking', answer, reply).score, expected, reply);
  assert.equal(score('docking', answer, 'move x -14, roll x 75').exact, true);
  assert.equal(score('docking', answer, 'roll x 75, move x 14').exact, false);
});

test('residue-ligand: all true + invented = 0.5, more than twice as many = 0, else the share found', () => {
  const answer = 'Yes: ARG NH2, O22; ARG N, O23; ARG NE, O24'; // three true bonds
  const cases: [string, number][] = [
    ['Yes: ARG NH2, O22; ARG N, O23; ARG NE, O24', 1],
    ['Yes: ARG NE, O24; ARG NH2, O22; ARG N, O23; ARG NH1, O22', 0.5], // all 3 + 1 invented
    ['Yes: ARG NE, O24; ARG NH2, O22; ARG N, O23; ARG NH1, O22; ARG NH1, O23; ARG NH1, O24', 0.5], // 6 = twice 3
    ['Yes: ARG NE, O24; ARG NH2, O22; ARG N, O23; ARG NH1, O22; ARG NH1, O23; ARG NH1, O24; ARG O, O25', 0], // 7 > 6
    ['Yes: ARG NH2, O22; ARG N, O23', 2 / 3],
    ['Yes: ARG NH2, O22; ARG NH1, O22', 1 / 3], // one found, one invented (NH1 = NH2, but a true bond is found once)
    ['Yes', 0], // no bonds named
    ['No', 0],
  ];
  for (const [reply, expected] of cases) {
    close(score('residue_ligand', answer, reply).score, expected, reply);
    close(score('residue_ligand', answer, reply).asWritten!.score, expected, `${reply}, as written`);
  }
  assert.equal(score('residue_ligand', answer, 'yes: arg ne, o24; ARG N,O23; ARG NH2, O22.').exact, true);
  // the paper's rule (asWritten) agrees wherever no equivalent atom name is swapped
  const both = (score: number, exact: boolean, read: boolean) => ({ score, exact, read, asWritten: { score, exact } });
  assert.deepEqual(score('residue_ligand', 'No', 'No.'), both(1, true, true));
  assert.deepEqual(score('residue_ligand', 'No', 'Yes: ARG N, O23'), both(0, false, true));
  assert.deepEqual(score('residue_ligand', 'No', 'Yes'), both(0, false, true));
  assert.deepEqual(score('residue_ligand', 'No', 'unsure'), both(0, false, false));
});

test('pocket-ligand: the same bond rule on full bond names', () => {
  const answer = 'ARG 221 NH2 A, O22; ASP 227A OD1 _, N3'; // two true bonds
  const cases: [string, number][] = [
    ['ASP 227A OD1 _, N3; ARG 221 NH2 A, O22', 1],
    ['ARG 221 NH2 A, O22; ASP 227A OD1 _, N3; GLY 48 N A, O1', 0.5], // both + 1 invented
    ['ARG 221 NH2 A, O22; ASP 227A OD1 _, N3; GLY 48 N A, O1; GLY 49 N A, O1', 0.5], // 4 = twice 2
    ['ARG 221 NH2 A, O22; ASP 227A OD1 _, N3; GLY 48 N A, O1; GLY 49 N A, O1; GLY 50 N A, O1', 0], // 5 > 4
    ['ARG 221 NH2 A, O22', 0.5], // one of two
    ['ARG 221 NH2 B, O22; ASP 227 OD1 _, N3', 0], // wrong chain, lost insertion code
    ['none', 0],
  ];
  for (const [reply, expected] of cases) close(score('pocket_ligand', answer, reply).score, expected, reply);
});

test('choice tasks: the right letter scores 1, any other 0', () => {
  const options = { A: 'move x 3, move y -5', B: 'move x -3, move y 5', C: 'move x 0, move y 5', D: 'move x 6, move y -2' };
  for (const task of ['translation_rotation', 'rotation_rotation', 'interaction_location'] as const) {
    assert.deepEqual(score(task, 'C', 'Answer: C', options), { score: 1, exact: true, read: true });
    assert.deepEqual(score(task, 'C', 'The answer is B.', options), { score: 0, exact: false, read: true });
    assert.deepEqual(score(task, 'C', 'unsure', options), { score: 0, exact: false, read: false });
  }
  assert.equal(score('interaction_location', 'C', 'move x 0, move y 5', options).score, 1);
});

test("an answer out of the task's format is refused with the reason", () => {
  assert.throws(() => score('translation', 'move z 3', 'move z 3'), /expected one 'move <x\|y> <number>'/);
  assert.throws(() => score('rotation', 'roll y 15, roll x 15', ''), /expected one 'roll/);
  assert.throws(() => score('docking', 'roll x 75', ''), /expected 'roll <axis> <angle>, move/);
  assert.throws(() => score('rotation_rotation', 'E', ''), /expected a letter A-D/);
});
