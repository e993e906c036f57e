// Which tasks' questions on one complex may give one another's answer away (bondsMayGiveAway,
// qa/task-registry.ts; a `human` session keeps them apart): a question that names a bond of
// its complex (TaskModule.namesABond) beside one whose answer holds bonds (kind verdict or
// bonds). Among the nine, exactly interaction_location with residue_ligand or pocket_ligand;
// a task written outside the package takes part by what it declares (answeredByABond over
// its answer kind), never by its id; of the opt-in ones, interaction_kind with interaction_location.

import assert from 'node:assert/strict';
import { test } from 'node:test';
import { bondListAnswer, textAnswer, verdictAnswer } from '../../qa/answer-kinds.ts';
import type { TaskModule } from '../../qa/task.ts';
import { bondsMayGiveAway } from '../../qa/task-registry.ts';
import { OPT_IN_TASKS, TASKS } from '../../qa/tasks/index.ts';

test('among the nine: interaction_location with residue_ligand or pocket_ligand, either way round, and no other pair', () => {
  const pairs = TASKS.flatMap((a) => TASKS.filter((b) => bondsMayGiveAway(a, b)).map((b) => `${a.id}+${b.id}`));
  assert.deepEqual(pairs.sort(), [
    'interaction_location+pocket_ligand',
    'interaction_location+residue_ligand',
    'pocket_ligand+interaction_location',
    'residue_ligand+interaction_location',
  ]);
});

test('tasks from outside: by what they declare', () => {
  const namer: Pick<TaskModule, 'format' | 'namesABond'> = { format: 'choice', namesABond: true };
  assert.equal(bondsMayGiveAway(namer, { format: 'cloze', answer: verdictAnswer }), true);
  assert.equal(bondsMayGiveAway({ format: 'cloze', answer: bondListAnswer }, namer), true);
  assert.equal(bondsMayGiveAway(namer, { format: 'cloze', answer: textAnswer }), false);
  assert.equal(bondsMayGiveAway(namer, { format: 'choice' }), false);
  // Two that hold bonds and name none give nothing away to each other.
  assert.equal(bondsMayGiveAway({ format: 'cloze', answer: verdictAnswer }, { format: 'cloze', answer: bondListAnswer }), false);
});

test('the opt-in tasks: interaction_kind (does a residue make a hydrogen bond) with interaction_location; pocket_interactions (no H-bonds) with none', () => {
  const all = [...TASKS, ...OPT_IN_TASKS];
  const pairs = OPT_IN_TASKS.flatMap((a) => all.filter((b) => bondsMayGiveAway(a, b)).map((b) => `${a.id}+${b.id}`));
  assert.deepEqual(pairs, ['interaction_kind+interaction_location']);
});

test('a declaration over the answer kind: answeredByABond false clears a verdict, true marks a text answer', () => {
  const namer: Pick<TaskModule, 'format' | 'namesABond'> = { format: 'choice', namesABond: true };
  assert.equal(bondsMayGiveAway(namer, { format: 'cloze', answer: verdictAnswer, answeredByABond: false }), false);
  assert.equal(bondsMayGiveAway({ format: 'cloze', answer: textAnswer, answeredByABond: true }, namer), true);
});
