// The task registry: the nine first in the spec's order, the opt-in tasks, an added task after them and found
// by every lookup; malformed tasks, taken ids and taken option keys refused with the reason;
// each task's options with their defaults (what the manifest records).

import assert from 'node:assert/strict';
import { test } from 'node:test';
import { exactTextScorer } from '../../qa/scoring/task-scorers.ts';
import type { TaskModule } from '../../qa/task.ts';
import {
  allTasks,
  defaultTaskOptions,
  defaultTasks,
  registerTask,
  requireTask,
  scorerOf,
  TaskDefinitionError,
  taskById,
  taskIds,
} from '../../qa/task-registry.ts';

const NINE = [
  'translation',
  'rotation',
  'zooming',
  'residue_ligand',
  'translation_rotation',
  'rotation_rotation',
  'docking',
  'interaction_location',
  'pocket_ligand',
];

/** The opt-in tasks past the nine (qa/tasks/index.ts OPT_IN_TASKS): known, never made by default. */
const OPT_IN = ['interaction_kind', 'pocket_interactions'];

const extra: TaskModule = {
  id: 'extra_task',
  format: 'cloze',
  imageCount: 1,
  defaultCounts: { train: 1, test: 1 },
  template: 'extra_task',
  options: [{ key: 'extraMode', choices: ['a', 'b'], default: 'b', describe: 'a test option' }],
  plan: () => ({ ok: false, reason: 'not drawn here', replacements: 0 }),
};

test('the nine, the opt-in tasks, then an added task; lookups find it; a task without a scorer is scored word for word', () => {
  assert.deepEqual(taskIds(), [...NINE, ...OPT_IN]);
  assert.deepEqual(
    defaultTasks().map((t) => t.id),
    NINE,
  );
  assert.throws(() => requireTask('extra_task', '--tasks'), /--tasks: unknown task 'extra_task' \(known: translation, rotation/);
  registerTask(extra);
  registerTask(extra); // the same module again: no-op
  assert.deepEqual(taskIds(), [...NINE, ...OPT_IN, 'extra_task']);
  assert.deepEqual(
    defaultTasks().map((t) => t.id),
    [...NINE, 'extra_task'],
  );
  assert.equal(taskById('extra_task'), extra);
  assert.equal(scorerOf(extra), exactTextScorer);
  const score = scorerOf(extra).prepare({ answer: 'roll x 30' });
  assert.deepEqual(score(' roll x 30 '), { score: 1, exact: true, read: true });
  assert.deepEqual(score('roll x 45'), { score: 0, exact: false, read: true });
  assert.deepEqual(defaultTaskOptions(), {
    zoomDistance: 'stated',
    residueFraming: 'subject',
    negatives: 'paired',
    decoys: 'anchored',
    extraMode: 'b',
  });
  assert.deepEqual(
    allTasks()
      .filter((t) => t.leftOutOfPaperAverage)
      .map((t) => t.id),
    ['translation_rotation', 'rotation_rotation'],
  );
});

test('malformed tasks, a taken id and a taken option key are refused with the reason', () => {
  const bad = (over: Record<string, unknown>) => () => registerTask({ ...extra, id: 'other_task', options: [], ...over } as TaskModule);
  assert.throws(bad({ id: 'Bad Id' }), /id "Bad Id" is not a lower-case identifier/);
  assert.throws(bad({ format: 'essay' }), /format must be 'cloze' or 'choice'/);
  assert.throws(bad({ imageCount: 0 }), /imageCount must be a positive whole number/);
  assert.throws(bad({ plan: undefined }), /plan must be a function/);
  assert.throws(bad({ scorer: {} }), /scorer must have prepare/);
  assert.throws(
    bad({ options: [{ key: 'k', choices: ['a'], default: 'z', describe: '' }] }),
    /option "k" needs a key, choices and a default among them/,
  );
  assert.throws(
    bad({ id: 'rotation' }),
    (e: Error) => e instanceof TaskDefinitionError && /a task with id 'rotation' is already known/.test(e.message),
  );
  assert.throws(
    bad({ options: [{ key: 'residueFraming', choices: ['x'], default: 'x', describe: '' }] }),
    /option 'residueFraming' is already another task's/,
  );
  assert.equal(taskById('other_task'), undefined);
});
