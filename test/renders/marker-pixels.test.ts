// Holds the command and view conventions to the pixels: a synthetic scene with marker
// atoms of distinct colours on +x, +y and +z is drawn by real Chromium, and each marker
// must appear where the signs of docs/rendering.md ("Frames and commands") put it. Expected places are written by hand
// from the spec's text, not computed by the renderer's code.

import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, test } from 'node:test';
import { frameCamera } from '../../renders/camera.ts';
import { parseCommands } from '../../renders/commands.ts';
import { findBrowser } from '../../renders/find-browser.ts';
import { RenderPool } from '../../renders/render-pool.ts';
import { renderScenes } from '../../renders/render-scenes.ts';
import type { SceneSpec } from '../../renders/scene-spec.ts';
import { makeStyle } from '../../renders/style.ts';
import { parseSubset } from '../../renders/subset.ts';
import type { ViewName } from '../../renders/views.ts';
import { centroid, type Image, readPng } from './pixel-tools.ts';
import { atom, complex } from './synthetic-complex.ts';

const noBrowser = findBrowser() === null ? 'no Chromium on this machine' : false;

// Markers 5 A from the centre of their bounding box (which sits at (20, -7, 3) in the model
// frame): red on +x, blue on +y, green on +z, white on (-1, -1, -1) to make the box symmetric.
const C: [number, number, number] = [20, -7, 3];
const at = (x: number, y: number, z: number): [number, number, number] => [C[0] + x, C[1] + y, C[2] + z];
const markers = complex(
  'markers',
  [],
  [atom('RX', 'O', at(5, 0, 0)), atom('BY', 'N', at(0, 5, 0)), atom('GZ', 'S', at(0, 0, 5)), atom('W', 'C', at(-5, -5, -5))],
);
const style = makeStyle({
  representation: 'sphere',
  sphereRadius: 0.7,
  labels: false,
  antialias: false,
  elementColors: { O: '#FF0000', N: '#0000FF', S: '#00FF00' },
  ligandCarbon: '#FFFFFF',
});
// The camera frames a 24 A cube around the markers, so that moves keep them in the frame.
const camera = frameCamera([at(-12, -12, -12), at(12, 12, 12)]);

const PICK = {
  red: (r: number, g: number, b: number) => r > 60 && r > 3 * g && r > 3 * b,
  blue: (r: number, g: number, b: number) => b > 60 && b > 3 * r && b > 3 * g,
  green: (r: number, g: number, b: number) => g > 60 && g > 3 * r && g > 3 * b,
  white: (r: number, g: number, b: number) => r > 60 && g > 60 && b > 60 && Math.max(r, g, b) < 1.4 * Math.min(r, g, b),
};
type Marker = keyof typeof PICK;
type Spot = { x: number; y: number; n: number };

function spots(img: Image): Record<Marker, Spot> {
  const out = {} as Record<Marker, Spot>;
  for (const m of Object.keys(PICK) as Marker[]) out[m] = centroid(img, PICK[m]);
  return out;
}

const dir = mkdtempSync(join(tmpdir(), 'misi-markers-'));
let pool: RenderPool | null = null;
after(async () => {
  await pool?.close();
  rmSync(dir, { recursive: true, force: true });
});

async function draw(cases: { view?: ViewName; transform?: string }[]): Promise<Record<Marker, Spot>[]> {
  pool ??= new RenderPool({ pages: 1 });
  const specs: SceneSpec[] = cases.map((c) => ({
    complex: markers,
    subset: parseSubset('ligand'),
    style,
    camera,
    view: c.view ?? 'front',
    transform: parseCommands(c.transform ?? ''),
    ligandTransform: [],
  }));
  const outcomes = await renderScenes(
    pool,
    specs.map((spec) => ({ spec })),
    { outDir: dir },
  );
  return outcomes.map((o) => {
    assert.notEqual(o.status, 'failed', o.reason);
    return spots(readPng(o.file));
  });
}

// Where a marker must be relative to the image centre (256, 256), pixels x right, y down.
type Place = 'centre' | 'right' | 'left' | 'up' | 'down' | 'down-left' | 'down-right' | 'up-left' | 'up-right';
function assertPlace(s: Spot, place: Place, what: string) {
  assert.ok(s.n > 20, `${what}: marker not found (${s.n} pixels)`);
  const dx = s.x - 256,
    dy = s.y - 256;
  const want = { x: 0, y: 0 };
  if (place.includes('right')) want.x = 1;
  if (place.includes('left')) want.x = -1;
  if (place.includes('up')) want.y = -1;
  if (place.includes('down')) want.y = 1;
  for (const [d, w, axis] of [
    [dx, want.x, 'x'],
    [dy, want.y, 'y'],
  ] as const) {
    if (w === 0) assert.ok(Math.abs(d) < 3, `${what}: expected ${place}, ${axis} offset ${d.toFixed(1)} px`);
    else assert.ok(Math.sign(d) === w && Math.abs(d) > 40, `${what}: expected ${place}, ${axis} offset ${d.toFixed(1)} px`);
  }
}

// Views, from the spec's table and roll signs (roll y 90 carries the front to the right,
// roll x 90 carries it down). Markers: red +x, blue +y, green +z, white (-1,-1,-1).
const VIEW_PLACES: Record<ViewName, Record<Marker, Place>> = {
  front: { red: 'right', blue: 'up', green: 'centre', white: 'down-left' },
  left: { red: 'centre', blue: 'up', green: 'right', white: 'down-left' },
  top: { red: 'right', blue: 'centre', green: 'down', white: 'up-left' },
  back: { red: 'left', blue: 'up', green: 'centre', white: 'down-right' },
  right: { red: 'centre', blue: 'up', green: 'left', white: 'down-right' },
  bottom: { red: 'right', blue: 'centre', green: 'up', white: 'down-left' },
};

test('the six views put the markers where the spec says', { skip: noBrowser }, async () => {
  const views = Object.keys(VIEW_PLACES) as ViewName[];
  const got = await draw(views.map((view) => ({ view })));
  views.forEach((v, i) => {
    for (const m of Object.keys(PICK) as Marker[]) assertPlace(got[i][m], VIEW_PLACES[v][m], `${v} view, ${m}`);
  });
  // Nearer markers look larger: in the left view green (+z -> front) beats red (back).
  assert.ok(got[1].green.n > got[1].red.n * 1.1, 'perspective: the nearer marker is not larger');
});

test('moves and rolls move the markers as the spec says', { skip: noBrowser }, async () => {
  const [front, mx, my, mz, rz, ry, rx] = await draw([
    {},
    { transform: 'move x 3' },
    { transform: 'move y 3' },
    { transform: 'move z 10' },
    { transform: 'roll z 90' },
    { transform: 'roll y 90' },
    { transform: 'roll x 90' },
  ]);
  for (const m of Object.keys(PICK) as Marker[]) {
    // move x 3: right on screen; move y 3: up on screen (y pixels shrink).
    assert.ok(mx[m].x - front[m].x > 20 && Math.abs(mx[m].y - front[m].y) < 1.5, `move x 3, ${m}`);
    assert.ok(front[m].y - my[m].y > 20 && Math.abs(my[m].x - front[m].x) < 1.5, `move y 3, ${m}`);
  }
  // move z 10: toward the viewer, everything looks larger and spreads from the centre.
  for (const m of ['red', 'blue', 'white'] as Marker[]) {
    assert.ok(Math.hypot(mz[m].x - 256, mz[m].y - 256) > 1.1 * Math.hypot(front[m].x - 256, front[m].y - 256), `move z 10, ${m}`);
    assert.ok(mz[m].n > front[m].n * 1.3, `move z 10 size, ${m}`);
  }
  // roll z 90: counter-clockwise, +x goes up and +y goes left.
  assertPlace(rz.red, 'up', 'roll z 90, red');
  assertPlace(rz.blue, 'left', 'roll z 90, blue');
  assertPlace(rz.green, 'centre', 'roll z 90, green');
  assertPlace(rz.white, 'down-right', 'roll z 90, white');
  // roll y 90: the front (+z) goes right. roll x 90: the front goes down.
  assertPlace(ry.green, 'right', 'roll y 90, green');
  assertPlace(ry.red, 'centre', 'roll y 90, red');
  assertPlace(rx.green, 'down', 'roll x 90, green');
  assertPlace(rx.blue, 'centre', 'roll x 90, blue');
});
