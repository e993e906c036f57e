// The fast label layout places every box exactly where the straightforward reference
// (label-layout-reference.ts) does: real scenes of the bundled sample (every task's planned
// images, all six views, every layout mode; `clear` and `prefer-clear` against the same
// clearance grid, its cells counted one by one), every box, flag and the drawing order compared.

import assert from 'node:assert/strict';
import { test } from 'node:test';
import seedrandom from 'seedrandom';
import { TASKS } from '../../qa/tasks/index.ts';
import { clearanceGrid } from '../../renders/clearance-grid.ts';
import { LABEL_LAYOUTS, layoutLabels } from '../../renders/label-layout.ts';
import { sceneKey } from '../../renders/scene-key.ts';
import { layoutInputs } from '../../renders/scene-labels.ts';
import { poseScene } from '../../renders/scene-pose.ts';
import type { SceneSpec } from '../../renders/scene-spec.ts';
import { makeStyle } from '../../renders/style.ts';
import { VIEW_NAMES } from '../../renders/views.ts';
import { sampleWithBonds } from '../qa/hbond-complexes.ts';
import { referenceLayout } from './label-layout-reference.ts';

test('sample: the fast label layout places every box as the reference does (all tasks, six views, every mode)', async () => {
  const style = makeStyle();
  const scenes = new Map<string, SceneSpec>();
  for (const subject of await sampleWithBonds()) {
    for (const task of TASKS) {
      // A few questions per task: enough scenes (crowded ones included) for a quick test.
      for (let index = 0; index < 2; index++) {
        const planned = task.plan({
          seed: 0,
          split: 'train',
          index,
          count: 2,
          rng: seedrandom(`${subject.complex.id}:${task.id}:${index}`),
          slot: (k) => index % k,
          subject,
          splitIds: [subject.complex.id],
          complexById: () => subject,
          style,
        });
        if (!planned.ok) continue;
        for (const s of planned.plan.images) for (const view of VIEW_NAMES) scenes.set(sceneKey({ ...s, view }), { ...s, view });
      }
    }
  }
  let labels = 0,
    crowded = 0,
    omitted = 0,
    moved = 0;
  let avoid: { x: number; y: number }[] = [];
  for (const spec of scenes.values()) {
    const pose = poseScene(spec);
    const { inputs } = layoutInputs(spec, pose);
    const grid = clearanceGrid(spec, pose);
    // avoid first: prefer-clear's moves are counted against it.
    for (const mode of [...LABEL_LAYOUTS].sort((a, b) => Number(b === 'avoid') - Number(a === 'avoid'))) {
      const fast = layoutLabels(inputs, spec.camera.width, spec.camera.height, mode, grid);
      assert.deepEqual(
        fast,
        referenceLayout(inputs, spec.camera.width, spec.camera.height, mode, grid),
        `${spec.complex.id} ${spec.view} ${mode}`,
      );
      labels += inputs.length;
      crowded += fast.labels.filter((l) => l.crowded).length;
      omitted += fast.labels.filter((l) => l.omitted).length;
      if (mode === 'prefer-clear') moved += fast.labels.filter((l, k) => l.x !== avoid[k].x || l.y !== avoid[k].y).length;
      if (mode === 'avoid') avoid = fast.labels;
    }
  }
  assert.ok(scenes.size >= 100 && labels >= 2000, `${scenes.size} scenes, ${labels} labels compared`);
  assert.ok(crowded > 0, 'some crowded labels (the least-overlap search) are among them');
  assert.ok(omitted > 0, `some labels left out by clear (${omitted})`);
  assert.ok(moved > 0, `some labels moved off the molecule by prefer-clear (${moved})`);
});
