// The label layout on real structures, checked from the annotation boxes alone: no label
// overlaps one placed before it unless no free spot existed (then it says so), the collision
// flags match the boxes, every box stays within 40 px of its anchor, ligand names are placed
// before residues (nearer first; a lone residue label before them); crowded labels lie on the
// labels already lost; the layout of a scene does not depend on the question or the bonds (no
// leak); and in the PNG each readable box holds its text's pixels.

import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, test } from 'node:test';
import seedrandom from 'seedrandom';
import { residueCamera } from '../../qa/residue-camera.ts';
import { sixViews } from '../../qa/six-views.ts';
import type { PreparedComplex } from '../../qa/task.ts';
import { taskById } from '../../qa/task-registry.ts';
import { findBrowser } from '../../renders/find-browser.ts';
import { boxDistance, isReadable, layoutLabels, MAX_LEADER, placingOrder } from '../../renders/label-layout.ts';
import { RenderPool } from '../../renders/render-pool.ts';
import { renderScenes } from '../../renders/render-scenes.ts';
import { complexCamera } from '../../renders/scene-atoms.ts';
import { type LabelRecord, sceneLabels } from '../../renders/scene-labels.ts';
import { poseScene } from '../../renders/scene-pose.ts';
import type { SceneSpec } from '../../renders/scene-spec.ts';
import { makeStyle } from '../../renders/style.ts';
import { sampleWithBonds, sharedWithBonds } from '../qa/hbond-complexes.ts';
import { HAVE_SHARED } from '../shared-structures.ts';
import { readPng } from './pixel-tools.ts';

const noBrowser = findBrowser() === null ? 'no Chromium on this machine' : false;
const dir = mkdtempSync(join(tmpdir(), 'misi-layout-'));
after(() => rmSync(dir, { recursive: true, force: true }));

const style = makeStyle();
const overlap = (a: LabelRecord['box'], b: LabelRecord['box']) => a.x < b.x + b.w && b.x < a.x + a.w && a.y < b.y + b.h && b.y < a.y + a.h;

/** Residue scenes (subject framing) of the first `n` pocket residues, six views each. */
function residueScenes(c: PreparedComplex, n: number): SceneSpec[] {
  return c.complex.pocket.slice(0, n).flatMap((r) => {
    const subset = { kind: 'residue' as const, chain: r.chain, number: r.number, insertionCode: r.insertionCode };
    return sixViews({ ...c, camera: residueCamera(c, subset) }, style, { subset, turnCentre: 'shown' });
  });
}

function checkLayout(spec: SceneSpec): { labels: number; crowded: number; colliding: number } {
  const { records } = sceneLabels(spec, poseScene(spec));
  const depthOf = (r: LabelRecord) => {
    const pose = poseScene(spec);
    const i = pose.drawn.atoms.findIndex((a) =>
      r.kind === 'ligand'
        ? a.part === 'ligand' && a.atomName === r.atomName
        : a.part === 'pocket' && a.chain === r.chain && a.residueNumber === r.residueNumber && a.insertionCode === r.insertionCode,
    );
    return -pose.eye[i][2];
  };
  // The placing order, rebuilt from the records: ligand names first, then residues, nearer first.
  const depth = records.map((r) => (r.kind === 'ligand' ? depthOf(r) : 0));
  const order = records
    .map((_, i) => i)
    .filter((i) => records[i].kind === 'ligand')
    .sort((a, b) => depth[a] - depth[b] || a - b);
  const placedBefore = new Set<number>();
  for (const i of order) {
    const r = records[i];
    if (!r.crowded) {
      for (const j of placedBefore)
        assert.ok(
          !overlap(r.box, records[j].box),
          `${spec.complex.id} ${spec.view}: ${r.text} overlaps ${records[j].text} though it found a free spot`,
        );
      assert.ok(r.inside, `${spec.complex.id} ${spec.view}: ${r.text} has a free spot outside the image`);
    }
    placedBefore.add(i);
  }
  records.forEach((r, i) => {
    assert.ok(
      boxDistance(r.anchor.x, r.anchor.y, r.box.x, r.box.y, r.box.w, r.box.h) <= MAX_LEADER + 0.5,
      `${r.text} is more than 40 px from its anchor`,
    );
    const collides = records.some((o, j) => j !== i && overlap(r.box, o.box));
    assert.equal(r.collides, collides, `${spec.complex.id} ${spec.view}: ${r.text}'s collision flag`);
    const d = boxDistance(r.anchor.x, r.anchor.y, r.box.x, r.box.y, r.box.w, r.box.h);
    if (Math.abs(d - 3) > 0.01)
      assert.equal(r.leader, d >= 3, `${r.text}: a leader is drawn exactly when the box lies 3 px or more from the anchor (${d})`);
  });
  return { labels: records.length, crowded: records.filter((r) => r.crowded).length, colliding: records.filter((r) => r.collides).length };
}

for (const [name, load, skip] of [
  ['sample', sampleWithBonds, false],
  ['shared (20)', sharedWithBonds, HAVE_SHARED ? false : 'no ../shared'],
] as const) {
  test(`${name}: residue-ligand scenes at 512 px: no overlap where a free spot exists; nearly all labels free`, { skip }, async () => {
    const all = await load();
    let labels = 0,
      colliding = 0;
    for (const c of all.slice(0, 6)) {
      for (const s of residueScenes(c, 4)) {
        const r = checkLayout(s);
        labels += r.labels;
        colliding += r.colliding;
      }
    }
    assert.ok(labels > 100);
    assert.ok(colliding / labels < 0.05, `${colliding} of ${labels} labels collide`);
  });

  test(`${name}: full-complex views at 512 and 1024 px keep the layout's promises`, { skip }, async () => {
    const all = await load();
    for (const c of all.slice(0, 3)) {
      for (const size of [512, 1024]) {
        for (const s of sixViews({ ...c, camera: complexCamera(c.complex, { width: size, height: size }) }, style)) checkLayout(s);
      }
    }
  });
}

test('no leak: a scene is laid out the same whatever question shows it, with or without the bonds', async () => {
  const all = await sampleWithBonds();
  const style = makeStyle();
  for (const c of all) {
    if (!(c.complex.hbonds ?? []).length) continue;
    const ctx = (task: string) => ({
      seed: 7,
      split: 'test' as const,
      index: 0,
      count: 1,
      rng: seedrandom(task),
      slot: () => 0,
      subject: c,
      splitIds: [c.complex.id],
      complexById: () => c,
      style,
    });
    const pocket = taskById('pocket_ligand')!.plan(ctx('pocket_ligand'));
    const location = taskById('interaction_location')!.plan(ctx('interaction_location'));
    assert.ok(pocket.ok && location.ok);
    const labelsOf = (specs: SceneSpec[]) => specs.map((s) => JSON.stringify(sceneLabels(s, poseScene(s)).records));
    assert.deepEqual(labelsOf(pocket.plan.images), labelsOf(location.plan.images));
    // The same scenes on the complex with every bond removed: the same labels, box for box.
    const bare = { ...c, complex: { ...c.complex, hbonds: [] } };
    assert.deepEqual(labelsOf(pocket.plan.images.map((s) => ({ ...s, complex: bare.complex }))), labelsOf(pocket.plan.images));
    // A bonded and a bond-free residue question: residue labels drawn the same way (no flag, no style).
    const residue = taskById('residue_ligand')!.plan(ctx('residue_ligand'));
    assert.ok(residue.ok);
    const asked = residue.plan.images.map((s) => ({ ...s, complex: bare.complex }));
    assert.deepEqual(labelsOf(asked), labelsOf(residue.plan.images));
  }
});

test('in the PNG each readable box holds its text, as wide as the font says', { skip: noBrowser }, async () => {
  const [c] = await sampleWithBonds();
  const subset = {
    kind: 'residue' as const,
    chain: c.complex.pocket[0].chain,
    number: c.complex.pocket[0].number,
    insertionCode: c.complex.pocket[0].insertionCode,
  };
  const on = [sixViews(c, style)[0], sixViews({ ...c, camera: residueCamera(c, subset) }, style, { subset, turnCentre: 'shown' })[1]];
  const off = on.map((s) => ({ ...s, style: makeStyle({ labels: false }) }));
  const pool = new RenderPool({ pages: 1 });
  let outcomes;
  try {
    outcomes = await renderScenes(
      pool,
      [...on, ...off].map((spec, i) => ({ spec, out: join(dir, `${i}.png`) })),
    );
  } finally {
    await pool.close();
  }
  for (let k = 0; k < on.length; k++) {
    const a = readPng(outcomes[k].file),
      b = readPng(outcomes[k + on.length].file);
    const records = outcomes[k].annotation.labels;
    assert.ok(records.length > 5);
    const ink = records.map(() => ({ n: 0, x0: Infinity, x1: -Infinity }));
    let strayText = 0;
    for (let y = 0; y < a.height; y++) {
      for (let x = 0; x < a.width; x++) {
        const o = (y * a.width + x) * 4;
        if (a.data[o] === b.data[o] && a.data[o + 1] === b.data[o + 1] && a.data[o + 2] === b.data[o + 2]) continue;
        const inside = records.flatMap((r, i) =>
          x >= r.box.x && x < r.box.x + r.box.w && y >= r.box.y && y < r.box.y + r.box.h ? [i] : [],
        );
        // Glyph cores are near white; their antialiased edges (for the text's extent) above grey 190 (leaders blend to at most 163 over black).
        const core = a.data[o] > 230 && a.data[o + 1] > 230 && a.data[o + 2] > 230;
        if (!(a.data[o] > 190 && a.data[o + 1] > 190 && a.data[o + 2] > 190)) continue;
        if (core && !inside.length) strayText++;
        for (const i of inside)
          Object.assign(ink[i], { n: ink[i].n + (core ? 1 : 0), x0: Math.min(ink[i].x0, x), x1: Math.max(ink[i].x1, x) });
      }
    }
    assert.equal(strayText, 0, `${on[k].view}: text pixels outside every declared box`);
    records.forEach((r, i) => {
      if (r.collides || !r.inside) return;
      assert.ok(ink[i].n >= 3 * [...r.text].length, `${r.text}: ${ink[i].n} text pixels in its box`);
      // The text spans the box less its padding (the glyphs' side bearings leave a pixel or two).
      const pad = style.labels.padding;
      assert.ok(
        ink[i].x0 >= r.box.x + pad - 1 && ink[i].x1 <= r.box.x + r.box.w - pad,
        `${r.text}: ink ${ink[i].x0}-${ink[i].x1} in box ${r.box.x}+${r.box.w}`,
      );
      assert.ok(
        ink[i].x1 - ink[i].x0 >= r.box.w - 2 * pad - 4,
        `${r.text}: ink ${ink[i].x1 - ink[i].x0 + 1} px wide in a ${r.box.w} px box`,
      );
    });
  }
});

// Pure geometry, no structure: labels of one size on one anchor fill every free spot within
// 40 px, and the rest have none.
const pile = (n: number, kind: (i: number) => 'ligand' | 'residue' = () => 'ligand') =>
  Array.from({ length: n }, (_, i) => ({ kind: kind(i), x: 256.2, y: 250.7, depth: 10 + i * 0.01, w: 18, h: 14 }));

test('crowded labels pile onto the labels already lost: every label that found a free spot but at most two stays readable', () => {
  const inputs = pile(80);
  const { labels } = layoutLabels(inputs, 512, 512, 'avoid');
  const free = labels.filter((l) => !l.crowded).length,
    crowded = labels.length - free;
  assert.ok(free >= 20 && crowded >= 20, `${free} free, ${crowded} crowded: the case needs both`);
  const readable = labels.filter((l) => isReadable(l)).length;
  // The first crowded label has nothing lost to lie on and spoils one or two; the later ones lie on the pile.
  assert.ok(readable >= free - 2, `${readable} readable of ${free} placed free`);
  assert.ok(labels.every((l) => !l.crowded || !isReadable(l)));
});

test('an image with a single residue label places it first, on its anchor; with two, the ligand names go first', () => {
  const one = pile(60, (i) => (i === 59 ? 'residue' : 'ligand')).map((l) => (l.kind === 'residue' ? { ...l, w: 44, depth: 50 } : l));
  const a = layoutLabels(one, 512, 512, 'avoid');
  assert.equal(placingOrder(one)[0], 59);
  const res = a.labels[59];
  assert.ok(isReadable(res) && res.offset === 0 && res.x === 256 - 22 && res.y === 251 - 7, `residue box ${JSON.stringify(res)}`);
  // Drawn last, on top.
  assert.equal(a.drawOrder.at(-1), 59);
  const two = one.map((l, i) => (i === 58 ? { ...l, kind: 'residue' as const, w: 44 } : l));
  const order = placingOrder(two);
  assert.deepEqual(order.slice(-2), [58, 59], 'two residue labels come after every ligand name');
  assert.ok(layoutLabels(two, 512, 512, 'avoid').labels[59].crowded, 'placed last in a full pile, the residue finds no free spot');
});
