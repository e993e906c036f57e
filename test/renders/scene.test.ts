import assert from 'node:assert/strict';
import { test } from 'node:test';
import { annotate } from '../../renders/annotation.ts';
import { parseCommands } from '../../renders/commands.ts';
import { complexCamera, drawnScene } from '../../renders/scene-atoms.ts';
import { imageFileName, sceneKey } from '../../renders/scene-key.ts';
import { poseScene } from '../../renders/scene-pose.ts';
import type { SceneSpec } from '../../renders/scene-spec.ts';
import { makeStyle } from '../../renders/style.ts';
import { formatSubset, parseSubset } from '../../renders/subset.ts';
import { tinyComplex } from './synthetic-complex.ts';

test('subsets parse and print back', () => {
  for (const s of ['full', 'pocket', 'ligand', 'residue:A:10', 'residue:_:5', 'residue:B:227A']) {
    assert.equal(formatSubset(parseSubset(s)), s);
  }
  assert.deepEqual(parseSubset('residue:B:227A'), { kind: 'residue', chain: 'B', number: 227, insertionCode: 'A' });
  assert.throws(() => parseSubset('residue:A'), /bad subset 'residue:A'/);
});

test('default style draws heavy atoms, alternates pocket carbons and labels everything', () => {
  const d = drawnScene(tinyComplex(), parseSubset('full'), makeStyle());
  assert.deepEqual(
    d.atoms.map((a) => a.atomName),
    ['N', 'CA', 'OD1', 'N', 'CA', 'CZ', 'C1', 'O1', 'N1'],
  );
  assert.deepEqual(
    d.atoms.map((a) => a.color),
    ['#3050F8', '#BF99F2', '#FF0D0D', '#3050F8', '#F2B366', '#F2B366', '#909090', '#FF0D0D', '#3050F8'],
  );
  assert.deepEqual(
    d.labels.map((l) => [l.text, d.atoms[l.atom].atomName]),
    [
      ['ASN 10', 'CA'],
      ['ARG 11A', 'CA'],
      ['C1', 'C1'],
      ['O1', 'O1'],
      ['N1', 'N1'],
    ],
  );
  const bare = drawnScene(tinyComplex(), parseSubset('pocket'), makeStyle({ labels: false, hydrogens: true }));
  assert.equal(bare.labels.length, 0);
  assert.deepEqual(
    bare.atoms.map((a) => a.atomName),
    ['N', 'CA', 'H', 'OD1', 'N', 'CA', 'CZ'],
  );
  const one = drawnScene(tinyComplex(), parseSubset('residue:A:11A'), makeStyle());
  assert.deepEqual(
    one.atoms.map((a) => a.part + ':' + a.atomName),
    ['pocket:N', 'pocket:CA', 'pocket:CZ', 'ligand:C1', 'ligand:O1', 'ligand:N1'],
  );
  assert.throws(() => drawnScene(tinyComplex(), parseSubset('residue:A:12'), makeStyle()), /no pocket residue A:12/);
});

function spec(over: Partial<SceneSpec> = {}): SceneSpec {
  const c = tinyComplex();
  return {
    complex: c,
    subset: parseSubset('full'),
    style: makeStyle(),
    camera: complexCamera(c),
    view: 'front',
    transform: [],
    ligandTransform: [],
    ...over,
  };
}

test('a subset sits exactly where it sits in the full complex, under transforms and views', () => {
  const t = parseCommands('roll y 30, move x 2');
  const full = poseScene(spec({ transform: t, view: 'top' }));
  const lig = poseScene(spec({ transform: t, view: 'top', subset: parseSubset('ligand') }));
  assert.deepEqual(lig.eye, full.eye.slice(6));
});

test('the ligand transform moves the ligand only, about its own centre', () => {
  const base = poseScene(spec());
  const moved = poseScene(spec({ ligandTransform: parseCommands('move x 14, roll z 180') }));
  assert.deepEqual(moved.eye.slice(0, 6), base.eye.slice(0, 6));
  // Ligand heavy atoms x 2..3, y 4..5 (H excluded): centre x 2.5, y 4.5. C1 (2,4) -> (3,5) after the half turn.
  const [c1] = moved.eye.slice(6);
  const [b1] = base.eye.slice(6);
  assert.ok(Math.abs(c1[0] - (b1[0] + 14 + 1)) < 1e-9);
  assert.ok(Math.abs(c1[1] - (b1[1] + 1)) < 1e-9);
  assert.ok(Math.abs(c1[2] - b1[2]) < 1e-9);
});

test('annotations put the front-view box centre in the image centre', () => {
  const s = spec();
  const a = annotate(s, poseScene(s), sceneKey(s));
  assert.equal(a.atoms.length, 9);
  // Pocket+ligand heavy atoms span x 0..5, y 0..5, z 0..3: N (0,0,0) is left of and below centre.
  assert.ok(a.atoms[0].x < 256 && a.atoms[0].y > 256);
  assert.ok(a.atoms.every((x) => x.visible));
});

test('scene keys change with every part of the scene and only with it', () => {
  const k = sceneKey(spec());
  assert.equal(sceneKey(spec()), k);
  assert.match(k, /^[0-9a-f]{64}$/);
  const others = [
    spec({ view: 'left' }),
    spec({ transform: parseCommands('move x 1') }),
    spec({ ligandTransform: parseCommands('move x 1') }),
    spec({ subset: parseSubset('pocket') }),
    spec({ style: makeStyle({ labels: false }) }),
    spec({ camera: complexCamera(tinyComplex(), { projection: 'orthographic' }) }),
    spec({ camera: complexCamera(tinyComplex(), { width: 256, height: 256 }) }),
  ].map((s) => sceneKey(s));
  assert.equal(new Set([k, ...others]).size, others.length + 1);
  assert.notEqual(sceneKey(spec(), 'webp'), k);
  assert.match(imageFileName(spec()), /^[0-9a-f]{32}\.png$/);
});
