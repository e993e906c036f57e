// The `clear` and `prefer-clear` label layouts: the clearance grid marks where the molecule
// lies (hand-made cases worked out cell by cell), `clear` never puts a box on a marked cell or
// another box and leaves a label out when no spot is clear, `prefer-clear` keeps every label
// and leaves every label `avoid` made readable readable; on the bundled sample's scenes no
// drawn heavy atom lies under a `clear` box, and `prefer-clear` hides a fifth fewer than `avoid`
// at least (every task's first question on the sample: 32,542 against 43,968 atom-images).

import assert from 'node:assert/strict';
import { test } from 'node:test';
import seedrandom from 'seedrandom';
import { imageCoverage } from '../../pipeline/generate/label-coverage.ts';
import { TASKS } from '../../qa/tasks/index.ts';
import { annotatedAtoms } from '../../renders/annotation.ts';
import { CELL, ClearanceGrid, clearanceGrid } from '../../renders/clearance-grid.ts';
import { isReadable, type LayoutInput, layoutLabels } from '../../renders/label-layout.ts';
import { layoutInputs, sceneLabels } from '../../renders/scene-labels.ts';
import { poseScene } from '../../renders/scene-pose.ts';
import type { SceneSpec } from '../../renders/scene-spec.ts';
import { makeStyle } from '../../renders/style.ts';
import { sampleWithBonds } from '../qa/hbond-complexes.ts';

test('the grid marks the cells a disc and a stick touch, and counts them under a box', () => {
  assert.equal(CELL, 2);
  const g = new ClearanceGrid(20, 10); // 10 x 5 cells
  g.disc(5, 5, 1); // x 4..6 -> cells 2..3, y 4..6 -> rows 2..3
  assert.deepEqual(
    [...g.marked].flatMap((m, i) => (m ? [i] : [])),
    [2 * 10 + 2, 2 * 10 + 3, 3 * 10 + 2, 3 * 10 + 3],
  );
  assert.equal(g.covered(0, 0, 20, 10), 4);
  assert.equal(g.covered(0, 0, 4, 10), 0, 'columns 0-3 px: cells 0 and 1');
  assert.equal(g.covered(0, 0, 5, 10), 2, 'pixel 4 lies in cell 2');
  assert.equal(g.covered(6, 6, 3, 3), 1, 'cell (3, 3) only');
  g.stick(0.5, 0.5, 19.5, 0.5, 0.4); // row 0, every cell
  assert.equal(g.covered(0, 0, 20, 2), 10);
  assert.equal(g.covered(-5, -5, 100, 100), 14, 'a box past the image counts the cells inside it');
});

/** A 100 x 60 image with the molecule as a marked block in the middle (x 30-70, y 20-40). */
function blockGrid(): ClearanceGrid {
  const g = new ClearanceGrid(100, 60);
  for (let y = 21; y < 40; y += 2) g.stick(31, y, 69, y, 1);
  return g;
}
const label = (x: number, y: number, w = 16, h = 8): LayoutInput => ({ kind: 'ligand', x, y, depth: 10, w, h });

test('clear: boxes off the block and off each other; a label with no clear spot within reach is left out', () => {
  const g = blockGrid();
  // Anchors on the block's edge (a clear spot within 40 px) and one in a tiny image (none).
  const inputs = [label(50, 22), label(52, 24), label(50, 38), label(35, 30)];
  const { labels, drawOrder } = layoutLabels(inputs, 100, 60, 'clear', g);
  for (const [i, l] of labels.entries()) {
    assert.ok(!l.omitted, `label ${i} finds a spot`);
    assert.equal(g.covered(l.x, l.y, l.w, l.h), 0, `label ${i} covers no marked cell`);
    assert.ok(l.x >= 0 && l.y >= 0 && l.x + l.w <= 100 && l.y + l.h <= 60, `label ${i} inside the image`);
    assert.ok(isReadable(l), `label ${i} readable`);
  }
  assert.equal(drawOrder.length, 4);
  // The whole image marked but one corner too small for a box: nothing fits.
  const full = new ClearanceGrid(40, 40);
  for (let y = 1; y < 40; y += 2) full.stick(1, y, 39, y, 1);
  const none = layoutLabels([label(20, 20)], 40, 40, 'clear', full);
  assert.equal(none.labels[0].omitted, true);
  assert.deepEqual(none.drawOrder, []);
});

test('prefer-clear keeps every label; the readable ones of avoid stay readable; covered ones move where a spot is clear', () => {
  const g = blockGrid();
  const rng = seedrandom('prefer-clear');
  const inputs = Array.from({ length: 30 }, () => label(30 + 40 * rng(), 20 + 20 * rng(), 14 + Math.floor(10 * rng()), 8));
  const avoid = layoutLabels(inputs, 100, 60, 'avoid');
  const prefer = layoutLabels(inputs, 100, 60, 'prefer-clear', g);
  assert.equal(prefer.labels.length, 30);
  assert.ok(prefer.labels.every((l) => !l.omitted));
  let moved = 0;
  prefer.labels.forEach((l, i) => {
    if (isReadable(avoid.labels[i])) assert.ok(isReadable(l), `label ${i} was readable and stays so`);
    if (l.x !== avoid.labels[i].x || l.y !== avoid.labels[i].y) {
      moved++;
      assert.equal(g.covered(l.x, l.y, l.w, l.h), 0, `a moved label ${i} lands on a clear spot`);
    }
  });
  assert.ok(moved > 0, 'some labels moved off the block');
  const coveredBoxes = (ls: typeof avoid.labels) => ls.filter((l) => g.covered(l.x, l.y, l.w, l.h) > 0).length;
  assert.ok(coveredBoxes(prefer.labels) < coveredBoxes(avoid.labels));
});

test('sample: clear hides no drawn heavy atom; prefer-clear hides fewer than avoid and keeps every label', async () => {
  const scenes: SceneSpec[] = [];
  for (const subject of await sampleWithBonds()) {
    for (const task of TASKS) {
      const planned = task.plan({
        seed: 0,
        split: 'train',
        index: 0,
        count: 1,
        rng: seedrandom(`${subject.complex.id}:${task.id}`),
        slot: () => 0,
        subject,
        splitIds: [subject.complex.id],
        complexById: () => subject,
        style: makeStyle(),
      });
      if (planned.ok) scenes.push(...planned.plan.images);
    }
  }
  assert.ok(scenes.length >= 60);
  let omitted = 0,
    hiddenAvoid = 0,
    hiddenPrefer = 0;
  for (const spec of scenes) {
    const pose = poseScene(spec);
    const atoms = annotatedAtoms(spec, pose);
    const at = (layout: 'clear' | 'prefer-clear' | 'avoid') => {
      const s = { ...spec, style: makeStyle({ labels: { layout } }) };
      return sceneLabels(s, poseScene(s));
    };
    const clear = at('clear');
    const c = imageCoverage(atoms, clear.records);
    assert.equal(c.ligand.covered + c.pocket.covered, 0, `${spec.complex.id} ${spec.view}: no heavy atom under a clear box`);
    assert.equal(clear.records.length + clear.omitted, layoutInputs(spec, pose).inputs.length, 'every label drawn or counted as left out');
    omitted += clear.omitted;
    const hidden = (l: ReturnType<typeof at>) => {
      const k = imageCoverage(atoms, l.records);
      return k.ligand.covered + k.pocket.covered;
    };
    const prefer = at('prefer-clear');
    assert.equal(prefer.omitted, 0);
    assert.equal(prefer.records.length, clear.records.length + clear.omitted);
    hiddenAvoid += hidden(at('avoid'));
    hiddenPrefer += hidden(prefer);
  }
  assert.ok(omitted > 0, 'the crowded whole-complex scenes leave labels out');
  assert.ok(hiddenPrefer < 0.8 * hiddenAvoid, `prefer-clear hides ${hiddenPrefer} atoms, avoid ${hiddenAvoid}`);
  // The grid of a real scene marks the cell of every drawn atom between the clipping planes.
  const spec = scenes[0];
  const pose = poseScene(spec);
  const grid = clearanceGrid(spec, pose);
  for (const a of annotatedAtoms(spec, pose)) if (a.visible) assert.equal(grid.covered(Math.floor(a.x), Math.floor(a.y), 1, 1), 1);
});
