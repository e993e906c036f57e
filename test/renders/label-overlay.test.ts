// Labels are drawn over the frame in the page exactly where the annotation's boxes say:
// every pixel the labels change lies in a declared box (or on its leader line), and every
// readable box holds its text's pixels. Also WebP/JPEG output and the pixel-runs decoder.

import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, test } from 'node:test';
import { parseCommands } from '../../renders/commands.ts';
import { findBrowser } from '../../renders/find-browser.ts';
import { decodePixelRuns } from '../../renders/pixel-runs.ts';
import { RenderPool } from '../../renders/render-pool.ts';
import { renderScenes } from '../../renders/render-scenes.ts';
import { complexCamera, drawnScene } from '../../renders/scene-atoms.ts';
import type { SceneSpec } from '../../renders/scene-spec.ts';
import { makeStyle } from '../../renders/style.ts';
import { parseSubset } from '../../renders/subset.ts';
import { readPng } from './pixel-tools.ts';
import { tinyComplex } from './synthetic-complex.ts';

const noBrowser = findBrowser() === null ? 'no Chromium on this machine' : false;
const dir = mkdtempSync(join(tmpdir(), 'misi-labels-'));
after(() => rmSync(dir, { recursive: true, force: true }));

const c = tinyComplex();
const spec = (labels: boolean): SceneSpec => ({
  complex: c,
  subset: parseSubset('full'),
  style: makeStyle(labels ? {} : { labels: false }),
  camera: complexCamera(c),
  view: 'front',
  transform: parseCommands('roll x 20'),
  ligandTransform: [],
});

for (const layout of ['anchored', 'avoid'] as const) {
  test(`${layout}: every pixel the labels change lies in a declared box or on a declared leader, and every box holds its text`, {
    skip: noBrowser,
  }, async () => {
    const labelled = { ...spec(true), style: makeStyle({ labels: { layout } }) };
    const pool = new RenderPool({ pages: 1 });
    let outcomes;
    try {
      outcomes = await renderScenes(pool, [
        { spec: labelled, out: join(dir, `${layout}-on.png`) },
        { spec: spec(false), out: join(dir, `${layout}-off.png`) },
      ]);
    } finally {
      await pool.close();
    }
    assert.deepEqual(
      outcomes.map((o) => o.status),
      ['rendered', 'rendered'],
    );
    const on = readPng(outcomes[0].file),
      off = readPng(outcomes[1].file);
    const { labels } = drawnScene(c, parseSubset('full'), makeStyle());
    const records = outcomes[0].annotation.labels;
    assert.equal(records.length, labels.length);
    if (layout === 'anchored') {
      // 3Dmol's placement: the box's top-left corner on the atom's (rounded) pixel.
      for (const r of records) assert.deepEqual([r.box.x, r.box.y], [Math.round(r.anchor.x), Math.round(r.anchor.y)]);
    }
    const hits = records.map(() => 0);
    // A leader's pixels: within a pixel of the segment from the anchor to the box's nearest point.
    const nearLeader = (x: number, y: number) =>
      records.some((r) => {
        if (!r.leader) return false;
        const tx = Math.min(Math.max(r.anchor.x, r.box.x), r.box.x + r.box.w),
          ty = Math.min(Math.max(r.anchor.y, r.box.y), r.box.y + r.box.h);
        const dx = tx - r.anchor.x,
          dy = ty - r.anchor.y,
          px = x + 0.5 - r.anchor.x,
          py = y + 0.5 - r.anchor.y;
        const t = Math.max(0, Math.min(1, (px * dx + py * dy) / (dx * dx + dy * dy || 1)));
        return Math.hypot(px - t * dx, py - t * dy) <= 1.5;
      });
    let stray = 0;
    for (let y = 0; y < on.height; y++) {
      for (let x = 0; x < on.width; x++) {
        const o = (y * on.width + x) * 4;
        if (on.data[o] === off.data[o] && on.data[o + 1] === off.data[o + 1] && on.data[o + 2] === off.data[o + 2]) continue;
        // Glyph edges and the rounded box's antialiasing may reach one pixel past the box.
        const inside = records.flatMap((r, i) =>
          x >= r.box.x - 1 && x <= r.box.x + r.box.w && y >= r.box.y - 1 && y <= r.box.y + r.box.h ? [i] : [],
        );
        if (inside.length === 0 && !nearLeader(x, y)) stray++;
        // Text: near-white pixels (the font is white, nothing else in the scene is).
        if (on.data[o] > 230 && on.data[o + 1] > 230 && on.data[o + 2] > 230) for (const i of inside) hits[i]++;
      }
    }
    assert.equal(stray, 0, 'pixels changed by labels outside every declared box and leader');
    records.forEach((r, i) => {
      if (r.collides || !r.inside) return;
      assert.ok(hits[i] >= 3 * [...r.text].length, `label ${r.text} shows ${hits[i]} text pixels in its box`);
    });
  });
}

test('a page that drew another size first gives the same bytes as a fresh one', { skip: noBrowser }, async () => {
  const bytes: Buffer[] = [];
  // Before the default ('edge', at image size): nothing, 'none' at image size, 'supersample'
  // at twice the size (another framebuffer, without the rim attachment of 'edge').
  for (const first of [null, makeStyle({ antialias: false, labels: false }), makeStyle({ antialias: 'supersample', labels: false })]) {
    const pool = new RenderPool({ pages: 1 });
    try {
      if (first) await renderScenes(pool, [{ spec: { ...spec(true), style: first }, out: join(dir, 'first.png'), annotationsOut: null }]);
      const [o] = await renderScenes(pool, [
        { spec: spec(true), out: join(dir, `after-${first ? first.antialias : 'nothing'}.png`), annotationsOut: null },
      ]);
      assert.equal(o.status, 'rendered');
      bytes.push(readFileSync(o.file));
    } finally {
      await pool.close();
    }
  }
  assert.ok(bytes[0].equals(bytes[1]), 'the images differ (after none)');
  assert.ok(bytes[0].equals(bytes[2]), 'the images differ (after supersample)');
});

test('WebP and JPEG come out as such, keyed by format and quality', { skip: noBrowser }, async () => {
  const pool = new RenderPool({ pages: 1 });
  try {
    const [webp] = await renderScenes(pool, [{ spec: spec(true) }], { outDir: dir, format: 'webp' });
    const [jpeg] = await renderScenes(pool, [{ spec: spec(true) }], { outDir: dir, format: 'jpeg', quality: 0.8 });
    const [jpeg2] = await renderScenes(pool, [{ spec: spec(true) }], { outDir: dir, format: 'jpeg', quality: 0.9 });
    assert.match(webp.file, /\.webp$/);
    assert.match(jpeg.file, /\.jpg$/);
    assert.notEqual(jpeg.key, jpeg2.key);
    const w = readFileSync(webp.file),
      j = readFileSync(jpeg.file);
    assert.equal(w.subarray(0, 4).toString('latin1'), 'RIFF');
    assert.equal(w.subarray(8, 12).toString('latin1'), 'WEBP');
    assert.deepEqual([...j.subarray(0, 3)], [0xff, 0xd8, 0xff]);
    assert.ok(readFileSync(webp.annotationFile!, 'utf8').includes('"atoms"'));
  } finally {
    await pool.close();
  }
});

test('pixel runs decode: zero pixels repeat the left one (black at a row start), literals are Sub-filtered', () => {
  // 2 x 2 image, black red / red red, written by hand: 1 zero (black), 1 literal (red minus
  // black); then the second row's start, red whole, and 1 zero (red again).
  const runs = Uint8Array.from([1, 1, 255, 0, 0]);
  // -> black, red; the second row is missing.
  assert.throws(() => decodePixelRuns(runs, 2, 2), /pixels for a 2 x 2 image/);
  const full = Uint8Array.from([1, 2, 255, 0, 0, 255, 0, 0, 1, 0]);
  assert.deepEqual([...decodePixelRuns(full, 2, 2)], [0, 0, 0, 255, 0, 0, 255, 0, 0, 255, 0, 0]);
  // A literal is the difference from the left pixel, modulo 256: 10 then 5 (= 10 + 251).
  assert.deepEqual([...decodePixelRuns(Uint8Array.from([0, 2, 10, 10, 10, 251, 0, 1]), 2, 1)], [10, 10, 10, 5, 10, 11]);
  // A varint of two bytes: 130 zero pixels = [0x82, 0x01].
  assert.equal(
    decodePixelRuns(Uint8Array.from([0x82, 0x01, 0]), 130, 1).every((v) => v === 0),
    true,
  );
  assert.throws(() => decodePixelRuns(Uint8Array.from([0, 2, 1, 2, 3]), 2, 1), /truncated/);
});
