// The paper's construction (`generate --paper`) sets each task option to the value the option
// declares as the paper's (TaskOption.paper), so a task written outside the package takes part
// by declaring one: its flag is among those `--paper` stands for, and a run with `--paper`
// gets its value. The nine's declarations give the three values docs/generate.md lists.

import assert from 'node:assert/strict';
import { test } from 'node:test';
import { type GenerateOptions, resolveGenerateOptions } from '../../pipeline/generate/generate-options.ts';
import { paperFlags, paperTaskOptions } from '../../pipeline/generate/paper-construction.ts';
import { UsageError } from '../../pipeline/usage-error.ts';
import { allTasks, registerTask } from '../../qa/task-registry.ts';
import { TASKS } from '../../qa/tasks/index.ts';

const base: GenerateOptions = { structures: ['in'], out: 'out', tasks: TASKS, seed: 0, testShare: 0.25 };

test("the nine's declarations: the decoys, negatives and zoom distance of the paper, in that order; each a choice of its option", () => {
  assert.deepEqual(paperTaskOptions(), { decoys: 'paper', negatives: 'stratified', zoomDistance: 'unstated' });
  for (const t of allTasks())
    for (const o of t.options ?? []) if (o.paper !== undefined) assert.ok(o.choices.includes(o.paper), `${t.id}: ${o.key} '${o.paper}'`);
});

test("a task from outside that declares its option's paper value: --paper stands for its flag too, sets it, and refuses it given", () => {
  registerTask({
    id: 'tilt_task',
    format: 'cloze',
    imageCount: 1,
    defaultCounts: { train: 1, test: 1 },
    template: 'tilt_task',
    options: [{ key: 'tiltMode', choices: ['gentle', 'steep'], default: 'gentle', paper: 'steep', describe: 'how far the scene tilts' }],
    plan: () => ({ ok: false, reason: 'never planned here', replacements: 0 }),
  });
  assert.deepEqual(paperTaskOptions(), { decoys: 'paper', negatives: 'stratified', tiltMode: 'steep', zoomDistance: 'unstated' });
  assert.ok(paperFlags().includes('--tilt-mode steep'), paperFlags().join(' '));
  assert.equal(resolveGenerateOptions({ ...base, construction: 'paper' }).taskOptions?.tiltMode, 'steep');
  assert.throws(
    () => resolveGenerateOptions({ ...base, construction: 'paper', taskOptions: { tiltMode: 'gentle' } }),
    (e) => e instanceof UsageError && /^--paper sets --tilt-mode itself/.test(e.message),
  );
});
