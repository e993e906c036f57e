// Holds the annotations to the pixels on real complexes: atoms drawn as small spheres by
// real Chromium must be found within 1 px of their annotated positions, in perspective and
// orthographic, after moves and rolls on every axis (for the scene and for the ligand).
// Only atoms that stand alone on screen are checked (no other atom within 14 px), so each
// one's spot is its own; their spots are located in the pixels, not from the annotation.

import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, test } from 'node:test';
import type { Projection } from '../../renders/camera.ts';
import { parseCommands } from '../../renders/commands.ts';
import { findBrowser } from '../../renders/find-browser.ts';
import { RenderPool } from '../../renders/render-pool.ts';
import { renderScenes } from '../../renders/render-scenes.ts';
import { complexCamera } from '../../renders/scene-atoms.ts';
import type { SceneSpec } from '../../renders/scene-spec.ts';
import { makeStyle } from '../../renders/style.ts';
import { parseSubset } from '../../renders/subset.ts';
import type { ViewName } from '../../renders/views.ts';
import { ingest } from '../../structures/ingest.ts';
import type { Complex } from '../../structures/model.ts';
import { blobs, lit, readPng } from './pixel-tools.ts';

const noBrowser = findBrowser() === null ? 'no Chromium on this machine' : false;
const SAMPLE = new URL('../../structures/sample/', import.meta.url).pathname;
const SHARED = new URL('../../../shared/structures/pdbbind/', import.meta.url).pathname;

const WHITE = '#FFFFFF';
const style = makeStyle({
  representation: 'sphere',
  sphereRadius: 0.25,
  labels: false,
  antialias: false,
  elementColors: Object.fromEntries(['O', 'N', 'S', 'P', 'F', 'Cl', 'Br', 'I', 'Se', 'B', 'Fe', 'Zn', 'Mg'].map((e) => [e, WHITE])),
  ligandCarbon: WHITE,
  pocketCarbons: [WHITE],
});

// `subset` and `fovDeg` (another camera for the same complex, as the docking task frames
// each question) make scenes that share one page load and differ in their shots only.
const CASES: { view?: ViewName; transform?: string; ligandTransform?: string; subset?: string; fovDeg?: number }[] = [
  {},
  { transform: 'move x 3, move y -2, move z 15' },
  { transform: 'roll x 35, move z -5' },
  { transform: 'roll y -60, move x -1.5' },
  { transform: 'roll z 120' },
  { view: 'left', transform: 'roll x 20, move y 2' },
  { view: 'bottom', ligandTransform: 'move x 6, roll y 45' },
  { subset: 'pocket', transform: 'roll x 30' },
  { subset: 'pocket', fovDeg: 20, transform: 'roll y 25' },
  { subset: 'ligand', ligandTransform: 'move x 6, roll y 45', fovDeg: 12 },
  { subset: 'ligand', view: 'left', ligandTransform: 'roll z -70, move y -4', fovDeg: 10 },
];

const dir = mkdtempSync(join(tmpdir(), 'misi-complex-px-'));
let pool: RenderPool | null = null;
after(async () => {
  await pool?.close();
  rmSync(dir, { recursive: true, force: true });
});

async function check(c: Complex, projection: Projection) {
  pool ??= new RenderPool({ pages: 1 });
  const specs: SceneSpec[] = CASES.map((k) => ({
    complex: c,
    subset: parseSubset(k.subset ?? 'full'),
    style,
    camera: complexCamera(c, { projection, ...(k.fovDeg ? { fovDeg: k.fovDeg } : {}) }),
    view: k.view ?? 'front',
    transform: parseCommands(k.transform ?? ''),
    ligandTransform: parseCommands(k.ligandTransform ?? ''),
  }));
  const outcomes = await renderScenes(
    pool,
    specs.map((spec) => ({ spec, annotationsOut: null })),
    { outDir: dir },
  );
  let checked = 0;
  outcomes.forEach((o, i) => {
    const what = `${c.id} ${projection} ${JSON.stringify(CASES[i])}`;
    assert.equal(o.status, 'rendered', o.reason);
    const img = readPng(o.file);
    const spots = blobs(img, lit);
    const atoms = o.annotation.atoms.filter((a) => a.visible);
    const alone = atoms.filter(
      (a) =>
        a.x > 12 &&
        a.y > 12 &&
        a.x < img.width - 12 &&
        a.y < img.height - 12 &&
        atoms.every((b) => b === a || Math.hypot(a.x - b.x, a.y - b.y) > 14),
    );
    assert.ok(alone.length >= (CASES[i].subset === 'ligand' ? 1 : 3), `${what}: only ${alone.length} atoms stand alone on screen`);
    checked += alone.length;
    let worst = 0;
    for (const a of alone) {
      // The spot that holds the pixel under the annotated position, if any.
      const near = spots.filter((s) => Math.hypot(s.x - a.x, s.y - a.y) < 6);
      assert.equal(
        near.length,
        1,
        `${what}: ${a.residueName} ${a.residueNumber} ${a.atomName}: ${near.length} spots near (${a.x}, ${a.y})`,
      );
      const d = Math.hypot(near[0].x - a.x, near[0].y - a.y);
      worst = Math.max(worst, d);
      assert.ok(d <= 1, `${what}: ${a.residueName} ${a.residueNumber} ${a.atomName} found ${d.toFixed(2)} px from its annotation`);
    }
    assert.ok(worst <= 1);
    process.stderr.write(`${what}: ${alone.length} atoms checked, worst ${worst.toFixed(2)} px\n`);
  });
  assert.ok(checked >= 100, `${c.id} ${projection}: only ${checked} atoms checked in all`);
}

let sample: Complex[] = [];
async function sampleComplexes(): Promise<Complex[]> {
  if (!sample.length) {
    const r = await ingest([join(SAMPLE, 'pdbbind/1hpv'), join(SAMPLE, 'protein-ligand/1pgp')]);
    sample = r.complexes;
  }
  return sample;
}

for (const projection of ['perspective', 'orthographic'] as const) {
  test(`sample complexes: atoms within 1 px of their annotations (${projection})`, { skip: noBrowser }, async () => {
    const cs = await sampleComplexes();
    assert.equal(cs.length, 2);
    for (const c of cs) await check(c, projection);
  });
}

test('shared structures: atoms within 1 px of their annotations', {
  skip: noBrowser || (existsSync(SHARED) ? false : '../shared/structures is absent'),
}, async () => {
  const { complexes } = await ingest([join(SHARED, '1a30'), join(SHARED, '1bcu')]);
  assert.ok(complexes.length >= 1);
  for (const c of complexes) await check(c, 'perspective');
});
