// The zooming question with and without the camera's distance (qa/tasks/zooming.ts,
// `--zoom-distance`): unstated, with every label drawn (`--label-layout avoid --labels all`),
// the text of template version 6 (the paper's) and its conventions partial, word for word;
// stated, the field of view and the distance from the camera to the centre of the complex's
// bounding box.

import assert from 'node:assert/strict';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';
import seedrandom from 'seedrandom';
import { labelConventions } from '../../qa/label-wording.ts';
import type { PreparedComplex } from '../../qa/task.ts';
import { taskById } from '../../qa/task-registry.ts';
import { fillTemplate, loadTemplate } from '../../qa/template.ts';
import { makeStyle } from '../../renders/style.ts';
import { sampleComplexes } from './sample-complexes.ts';

const V6 = fileURLToPath(new URL('../fixtures/zooming-v6/', import.meta.url));
const zooming = taskById('zooming')!;
const style = makeStyle();

function planOne(subject: PreparedComplex, all: PreparedComplex[], options?: Record<string, string>) {
  const r = zooming.plan({
    seed: 3,
    split: 'test',
    index: 0,
    count: 1,
    rng: seedrandom(`z|${subject.complex.id}`),
    subject,
    slot: () => 0,
    splitIds: all.map((c) => c.complex.id).sort(),
    complexById: (id) => all.find((c) => c.complex.id === id)!,
    style,
    options,
  });
  assert.ok(r.ok);
  return r.plan;
}

test('zooming offers --zoom-distance stated|unstated, stated by default', () => {
  assert.deepEqual(
    zooming.options?.map((o) => [o.key, o.choices, o.default]),
    [['zoomDistance', ['stated', 'unstated'], 'stated']],
  );
  assert.equal(loadTemplate('zooming').version, 8);
  assert.equal(loadTemplate('zooming', V6).version, 6);
});

test('unstated, every label drawn: the question is the version 6 text, byte for byte', async () => {
  const all = await sampleComplexes();
  const everyLabel = labelConventions(makeStyle({ labels: { layout: 'avoid' } }).labels);
  for (const subject of all) {
    const plan = planOne(subject, all, { zoomDistance: 'unstated' });
    assert.equal(
      fillTemplate(loadTemplate('zooming'), { label_conventions: everyLabel, ...plan.vars }),
      fillTemplate(loadTemplate('zooming', V6), {}),
    );
  }
});

test('stated (the default): the camera distance of the front view, to 0.1 A, from the bounding box of the heavy atoms', async () => {
  const all = await sampleComplexes();
  const everyLabel = labelConventions(makeStyle({ labels: { layout: 'avoid' } }).labels);
  for (const subject of all) {
    // frameCamera's distance by hand: the box's near face plus the distance at which its half
    // width fills 90 % of half the 30 degree field of view (a square image).
    const pts = [...subject.complex.pocket.flatMap((r) => r.atoms), ...subject.complex.ligand.atoms]
      .filter((a) => !a.isHydrogen)
      .map((a) => a.xyz);
    const half = [0, 1, 2].map((i) => Math.max((Math.max(...pts.map((p) => p[i])) - Math.min(...pts.map((p) => p[i]))) / 2, 0.5));
    const distance = half[2] + Math.max(half[0], half[1]) / (0.9 * Math.tan((15 * Math.PI) / 180));
    const d = distance.toFixed(1);
    for (const options of [undefined, { zoomDistance: 'stated' }]) {
      const text = fillTemplate(loadTemplate('zooming'), { label_conventions: everyLabel, ...planOne(subject, all, options).vars });
      const old = fillTemplate(loadTemplate('zooming', V6), {});
      const sentence = ` The camera's field of view is 30 degrees across the picture's width; in Image 1 the camera is ${d} angstrom from the centre of the structure's bounding box (the point rolls turn about), and "move z <d>" brings that centre to ${d} - d angstrom from the camera.`;
      assert.equal(text, old.replace('are cut away.\n', `are cut away.${sentence}\n`), `${subject.complex.id}: ${text.slice(-400)}`);
    }
  }
});
