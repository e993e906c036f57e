// The observer margins (pipeline/audit/observer-margins.ts): on annotations written by hand,
// where the pixel shift of a neighbouring answer follows from the projection formula
// x = W/2 + f ex / depth (f = (W/2) / tan(fov/2)); then against the renderer's own geometry
// (the neighbour's scene posed and annotated) on the bundled sample complexes.

import assert from 'node:assert/strict';
import { test } from 'node:test';
import { mat4 } from 'gl-matrix';
import seedrandom from 'seedrandom';
import { type MarginRecord, questionMargin, readZoom, unproject } from '../../pipeline/audit/observer-margins.ts';
import { observerMargins } from '../../pipeline/audit/task-margins.ts';
import type { PreparedComplex } from '../../qa/task.ts';
import { taskById } from '../../qa/task-registry.ts';
import type { AnnotatedAtom, Annotation } from '../../renders/annotation.ts';
import { annotate } from '../../renders/annotation.ts';
import { formatCommands, parseCommands } from '../../renders/commands.ts';
import { poseScene } from '../../renders/scene-pose.ts';
import type { SceneSpec } from '../../renders/scene-spec.ts';
import { makeStyle } from '../../renders/style.ts';
import { sampleComplexes } from '../qa/sample-complexes.ts';

const W = 512;
/** Focal length in pixels of a 30 degree field of view on 512 pixels. */
const F = W / 2 / Math.tan((15 * Math.PI) / 180);

function camera() {
  const p = mat4.perspective(new Float64Array(16), (30 * Math.PI) / 180, 1, 0.5, 500);
  return {
    projection: 'perspective',
    fovDeg: 30,
    width: W,
    height: W,
    near: 0.5,
    far: 500,
    view: Array.from(mat4.create()),
    projectionMatrix: Array.from(p),
  };
}

/** An atom at an eye-frame point, projected by hand. */
function atom(part: 'pocket' | 'ligand', e: [number, number, number], name = 'C'): AnnotatedAtom {
  const depth = -e[2];
  return {
    part,
    chain: 'A',
    residueName: part === 'ligand' ? 'LIG' : 'ALA',
    residueNumber: 1,
    insertionCode: '',
    atomName: name,
    element: 'C',
    x: W / 2 + (F * e[0]) / depth,
    y: W / 2 - (F * e[1]) / depth,
    depth,
    visible: true,
  };
}

function annotation(
  atoms: AnnotatedAtom[],
  o: { transform?: string; ligandTransform?: string; scene?: ArrayLike<number>; ligand?: ArrayLike<number> },
): Annotation {
  return {
    key: 'hand',
    complex: 'hand',
    subset: 'full',
    view: 'front',
    transform: o.transform ?? '',
    ligandTransform: o.ligandTransform ?? '',
    camera: camera(),
    ligandMatrix: Array.from(o.ligand ?? mat4.create()),
    sceneMatrix: Array.from(o.scene ?? mat4.create()),
    atoms,
    labels: [],
    labelLayout: { mode: 'avoid', fontSize: 12 },
    turnCentre: 'complex',
  };
}

const close = (a: number, b: number, what: string, tol = 1e-6) => assert.ok(Math.abs(a - b) <= tol, `${what}: ${a} vs ${b}`);

test('unproject undoes the projection of a hand-placed atom', () => {
  const a = atom('pocket', [3, -4, -80]);
  const e = unproject(camera(), a);
  close(e[0], 3, 'x');
  close(e[1], -4, 'y');
  close(e[2], -80, 'z');
});

test('translation: a 1 A move at 100 A depth shifts every atom by f / 100 pixels, and the extent not at all', () => {
  // Three atoms at depth 100 after `move x 2` (they were 2 A to the left before).
  const atoms = [atom('pocket', [2, 0, -100]), atom('pocket', [12, 5, -100]), atom('ligand', [-8, -5, -100])];
  const ann = annotation(atoms, { transform: 'move x 2', scene: mat4.fromTranslation(new Float64Array(16), [2, 0, 0]) });
  const r = {
    id: 'translation-hand-000',
    task: 'translation',
    images: ['a', 'b', 'c', 'images/hand.png'],
    truth: { commands: parseCommands('move x 2') },
  };
  const m = questionMargin(r, ann);
  assert.deepEqual(
    m.neighbours.map((n) => n.neighbour),
    ['move x 1', 'move x 3'],
  );
  close(m.median, F / 100, 'median'); // 9.554 px
  close(m.p5, F / 100, 'p5');
  close(m.extent, 0, 'extent');
  close(m.centreDepth, 100, 'centre depth');
  assert.equal(m.atoms, 3);
});

test('translation: a neighbour at 0 is no answer, so `move x 1` has one neighbour', () => {
  const ann = annotation([atom('pocket', [1, 0, -100]), atom('pocket', [3, 0, -100])], {
    transform: 'move x 1',
    scene: mat4.fromTranslation(new Float64Array(16), [1, 0, 0]),
  });
  const m = questionMargin(
    { id: 'q', task: 'translation', images: ['images/hand.png'], truth: { commands: parseCommands('move x 1') } },
    ann,
  );
  assert.deepEqual(
    m.neighbours.map((n) => n.neighbour),
    ['move x 2'],
  );
});

test('zooming: move z 50 from 100 A; the nearer neighbour (49) is f 20 (1/50 - 1/51) pixels away at 20 A off the axis', () => {
  // Before the move: the centre atom at (0, 0, -100) and two at +-20 A on x; after: depth 50.
  const atoms = [atom('pocket', [-20, 0, -50]), atom('pocket', [0, 0, -50]), atom('ligand', [20, 0, -50])];
  const ann = annotation(atoms, { transform: 'move z 50', scene: mat4.fromTranslation(new Float64Array(16), [0, 0, 50]) });
  const m = questionMargin(
    { id: 'zooming-hand-000', task: 'zooming', images: ['images/hand.png'], truth: { commands: parseCommands('move z 50') } },
    ann,
  );
  const near = F * 20 * (1 / 50 - 1 / 51); // 49: the picture 1/51 instead of 1/50: 7.49 px
  const far = F * 20 * (1 / 49 - 1 / 50); // 51: 7.80 px
  const byName = Object.fromEntries(m.neighbours.map((n) => [n.neighbour, n]));
  close(byName['move z 49'].median, near, '49 median');
  close(byName['move z 51'].median, far, '51 median');
  // Shifts [0, s, s]: the 5th percentile lies a tenth of the way from 0 to s.
  close(byName['move z 49'].p5, near / 10, '49 p5');
  close(m.extent, 2 * near, 'extent');
  close(m.size, (2 * F * 20) / 50, 'size');
  close(m.centreDepth, 100, 'camera distance');
  // At 40 the only neighbour is 41: 39 is not an answer.
  const at40 = [atom('pocket', [-20, 0, -60]), atom('pocket', [20, 0, -60])];
  const m40 = questionMargin(
    { id: 'z', task: 'zooming', images: ['i'], truth: { commands: parseCommands('move z 40') } },
    annotation(at40, { transform: 'move z 40', scene: mat4.fromTranslation(new Float64Array(16), [0, 0, 40]) }),
  );
  assert.deepEqual(
    m40.neighbours.map((n) => n.neighbour),
    ['move z 41'],
  );
  close(m40.median, F * 20 * (1 / 59 - 1 / 60), '41 median');
});

test('zooming read from whole pixels: d = z (1 - r1 / r4) with the atoms 10 A off the axis at depth 100, then 50', () => {
  const start = annotation([atom('pocket', [-10, 0, -100]), atom('pocket', [0, 0, -100]), atom('ligand', [10, 0, -100])], {});
  const moved = annotation([atom('pocket', [-10, 0, -50]), atom('pocket', [0, 0, -50]), atom('ligand', [10, 0, -50])], {
    transform: 'move z 50',
    scene: mat4.fromTranslation(new Float64Array(16), [0, 0, 50]),
  });
  // r1 = f 10 / 100 = 95.54 px, whole: 96 (the atom on the axis is too near the centre to
  // count); r4 = f 10 / 50 = 191.08 px, whole: 191. Both outer atoms read 100 (1 - 96 / 191).
  close(readZoom(start, moved, 100)!, 100 * (1 - 96 / 191), 'd read');
  // Told D = 99.9, the reader takes depth 100 as D plus a whole number of side-view pixels of
  // 99.9 / f A: 0.1 A is 0.96 of one, so 99.9 + 99.9 / f.
  close(readZoom(start, moved, 99.9)!, (99.9 + 99.9 / F) * (1 - 96 / 191), 'd read, depth to a pixel');
  const r = {
    id: 'zooming-hand-000',
    task: 'zooming',
    images: ['images/1.png', 'images/2.png', 'images/3.png', 'images/4.png'],
    truth: { commands: parseCommands('move z 50') },
  };
  const [row] = observerMargins([r], (im) => (im === 'images/1.png' ? start : im === 'images/4.png' ? moved : null), {
    zoomDistance: 'stated',
  });
  close(row.zoomReading!.median, 50 - 100 * (1 - 96 / 191), 'error');
  assert.equal(row.zoomReading!.exact, 1);
  assert.equal(row.cameraDistance!.median, 100);
  assert.match(row.unstated, /^nothing: the question states the camera distance/);
});

test('rotation_rotation: the right option is measured, only its last rolls change; atoms on the roll axis do not move', () => {
  // Before: four atoms at 10 A from the centre (0, 0, -100) in the plane z = -100; the right
  // option's picture is after `roll x 90, roll z 30` (x: y -> z, so (0, +-10) go to depth 90 and 110).
  const c: [number, number, number] = [0, 0, -100];
  const about = (m: mat4) => {
    const t = mat4.fromTranslation(new Float64Array(16), c);
    return mat4.multiply(
      new Float64Array(16),
      mat4.multiply(new Float64Array(16), t, m),
      mat4.fromTranslation(new Float64Array(16), [0, 0, 100]),
    );
  };
  const rx = about(mat4.fromXRotation(new Float64Array(16), Math.PI / 2));
  const rz = about(mat4.fromZRotation(new Float64Array(16), Math.PI / 6));
  const scene = mat4.multiply(new Float64Array(16), rz, rx);
  const before: [number, number, number][] = [
    [10, 0, -100],
    [-10, 0, -100],
    [0, 10, -100],
    [0, -10, -100],
  ];
  const atoms = before.map((p) => {
    const q = [0, 0, 0] as [number, number, number];
    for (let i = 0; i < 3; i++) q[i] = scene[i] * p[0] + scene[4 + i] * p[1] + scene[8 + i] * p[2] + scene[12 + i];
    return atom('pocket', q);
  });
  const ann = annotation(atoms, { transform: 'roll x 90, roll z 30', scene });
  const options = [
    { letter: 'A', image: 'images/other.png', commands: parseCommands('roll y 15, roll z 30'), scheme: 'x' },
    { letter: 'B', image: 'images/hand.png', commands: parseCommands('roll x 90, roll z 30'), scheme: 'truth' },
  ];
  const r: MarginRecord = {
    id: 'rotation_rotation-hand-000',
    task: 'rotation_rotation',
    images: ['images/other.png', 'images/hand.png'],
    truth: { letter: 'B', options },
  };
  const [row] = observerMargins([r], (im) => (im === 'images/hand.png' ? ann : null));
  assert.equal(row.questions, 1, row.firstSkip);
  // roll x 75 (105 is beyond 90: no answer) and roll z 15, 45: the first roll is not the answer's.
  const m = questionMargin(r, ann);
  assert.deepEqual(m.neighbours.map((n) => n.neighbour).sort(), ['roll x 75, roll z 30', 'roll x 90, roll z 15', 'roll x 90, roll z 45']);
  // The roll z neighbours move the two atoms at 10 A off the z axis (depth 100) by a chord of
  // 2 10 sin(7.5 degrees); the two on the axis stay: shifts [0, 0, s, s], median s / 2, p5 0.
  const chord = (F / 100) * 2 * 10 * Math.sin((7.5 * Math.PI) / 180);
  for (const n of m.neighbours.filter((x) => x.neighbour.startsWith('roll x 90'))) {
    close(n.median, chord / 2, `${n.neighbour} median`);
    close(n.p5, 0, `${n.neighbour} p5`);
  }
});

test('docking: only the ligand is measured, displaced by its own motion; the pocket stays', () => {
  const atoms = [atom('pocket', [0, 0, -100]), atom('pocket', [5, 5, -100]), atom('ligand', [15, 0, -100]), atom('ligand', [17, 2, -100])];
  // The ligand displaced by `move x 15`: a neighbour shifts it by f / 100 pixels per A.
  const moved = annotation(atoms, { ligandTransform: 'move x 15', ligand: mat4.fromTranslation(new Float64Array(16), [15, 0, 0]) });
  const r = { id: 'docking-hand-000', task: 'docking', images: ['a', 'images/hand.png'], truth: { commands: parseCommands('move x -15') } };
  const m = questionMargin(r, moved);
  assert.equal(m.atoms, 2, 'the two ligand atoms');
  close(m.median, F / 100, 'median');
  assert.deepEqual(
    m.neighbours.map((n) => n.neighbour),
    ['move x 14', 'move x 16'],
  );
});

test('an annotation whose scene matrix is not its commands is named, not measured', () => {
  const ann = annotation([atom('pocket', [2, 0, -100]), atom('pocket', [4, 0, -100])], {
    transform: 'move x 3',
    scene: mat4.fromTranslation(new Float64Array(16), [2, 0, 0]),
  });
  const [row] = observerMargins(
    [{ id: 'translation-hand-000', task: 'translation', images: ['images/hand.png'], truth: { commands: parseCommands('move x 3') } }],
    () => ann,
  );
  assert.equal(row.questions, 0);
  assert.equal(row.skipped, 1);
  assert.match(row.firstSkip!, /^image hand: its scene matrix is not its commands' 'move x 3' .*\(off by 1\.00\)$/);
});

// The renderer's geometry: the neighbour's scene posed and annotated as generate would, its
// atoms compared with the true picture's one by one.
const style = makeStyle();
function shiftsBetween(a: SceneSpec, b: SceneSpec, ligandOnly: boolean): number[] {
  const pa = annotate(a, poseScene(a), '').atoms;
  const pb = annotate(b, poseScene(b), '').atoms;
  return pa
    .flatMap((p, i) =>
      p.element !== 'H' && p.visible && (!ligandOnly || p.part === 'ligand') ? [Math.hypot(p.x - pb[i].x, p.y - pb[i].y)] : [],
    )
    .sort((x, y) => x - y);
}

test("on the sample complexes, each neighbour shift is the one the renderer geometry gives (to the annotations' 0.001 px)", async () => {
  const all: PreparedComplex[] = await sampleComplexes();
  const ids = all.map((c) => c.complex.id).sort();
  for (const task of ['translation', 'rotation', 'zooming', 'docking', 'rotation_rotation']) {
    const module = taskById(task)!;
    for (const subject of all) {
      const plan = module.plan({
        seed: 1,
        split: 'train',
        index: 0,
        count: 1,
        rng: seedrandom(`m|${task}|${subject.complex.id}`),
        subject,
        slot: () => 0,
        splitIds: ids,
        complexById: (id) => all.find((c) => c.complex.id === id)!,
        style,
      });
      assert.ok(plan.ok);
      const p = plan.plan;
      const truth = p.truth;
      const index = truth.kind === 'letter' ? truth.options.find((o) => o.letter === truth.letter)!.image! : p.images.length - 1;
      const spec = p.images[index];
      const images = p.images.map((_, i) => `images/${i}.png`);
      const rec: MarginRecord =
        truth.kind === 'letter'
          ? {
              id: 'q',
              task,
              images,
              truth: {
                letter: truth.letter,
                options: truth.options.map((o) => ({ ...o, image: o.image === undefined ? undefined : images[o.image] })),
              },
            }
          : { id: 'q', task, images, truth: p.truth };
      const m = questionMargin(rec, annotate(spec, poseScene(spec), 'k'));
      for (const n of m.neighbours) {
        const commands = parseCommands(n.neighbour);
        const other: SceneSpec = task === 'docking' ? { ...spec, ligandTransform: commands } : { ...spec, transform: commands };
        const s = shiftsBetween(spec, other, task === 'docking');
        const median = s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
        close(n.median, median, `${task} ${subject.complex.id} ${formatCommands(spec.transform)} -> ${n.neighbour}`, 0.01);
      }
      if (task === 'zooming')
        close(m.centreDepth, subject.camera.distance, `zooming ${subject.complex.id}: the centre depth is the camera distance`, 0.01);
    }
  }
});
