// The page's pixel runs turned straight into PNG rows must give the same PNG as decoding
// them to RGB and filtering that: checked on images with flat areas, rows that start inside
// a repeat, and literal stretches crossing rows.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import seedrandom from 'seedrandom';
import { decodePixelRuns, pixelRunsToScanlines } from '../../renders/pixel-runs.ts';
import { encodePng, encodeScanlinesAsync } from '../../renders/png-encode.ts';

/** Runs of `rgb` in the page's format, written here from the format's description. */
function runsOf(rgb: Uint8Array): Uint8Array {
  const out: number[] = [];
  const varint = (v: number) => {
    while (v >= 128) { out.push((v & 127) | 128); v = Math.floor(v / 128); }
    out.push(v);
  };
  const n = rgb.length / 3;
  const same = (a: number, r: number, g: number, b: number) => rgb[3 * a] === r && rgb[3 * a + 1] === g && rgb[3 * a + 2] === b;
  let pr = 0, pg = 0, pb = 0;
  let i = 0;
  while (i < n) {
    let r = i;
    while (r < n && same(r, pr, pg, pb)) r++;
    let l = r;
    if (l < n) {
      l++;
      while (l < n && !same(l, rgb[3 * (l - 1)], rgb[3 * (l - 1) + 1], rgb[3 * (l - 1) + 2])) l++;
    }
    varint(r - i);
    varint(l - r);
    for (let k = r; k < l; k++) out.push(rgb[3 * k], rgb[3 * k + 1], rgb[3 * k + 2]);
    if (l > r) { pr = rgb[3 * (l - 1)]; pg = rgb[3 * (l - 1) + 1]; pb = rgb[3 * (l - 1) + 2]; }
    i = l;
  }
  return Uint8Array.from(out);
}

function blotchy(width: number, height: number, seed: string): Uint8Array {
  const rng = seedrandom(seed);
  const rgb = new Uint8Array(width * height * 3);
  let colour = [0, 0, 0];
  for (let p = 0; p < width * height; p++) {
    const u = rng();
    if (u < 0.05) colour = [0, 0, 0];
    else if (u < 0.15) colour = [Math.floor(rng() * 256), Math.floor(rng() * 256), Math.floor(rng() * 256)];
    else if (u < 0.3) colour = colour.map((c) => (c + Math.floor(rng() * 9)) & 255);
    rgb.set(colour, 3 * p);
  }
  return rgb;
}

test('runs to PNG rows in one pass give the same PNG as runs -> RGB -> rows', async () => {
  for (const [w, h, seed] of [[1, 1, 'a'], [7, 5, 'b'], [64, 48, 'c'], [130, 3, 'd'], [512, 64, 'e']] as const) {
    const rgb = blotchy(w, h, seed);
    const runs = runsOf(rgb);
    assert.deepEqual(decodePixelRuns(runs, w, h), rgb, `${w} x ${h}: runs decode to the image`);
    const direct = await encodeScanlinesAsync(pixelRunsToScanlines(runs, w, h), w, h);
    assert.ok(direct.equals(encodePng(rgb, w, h)), `${w} x ${h}: same PNG bytes`);
  }
  // A wholly non-black flat image: every row starts inside one long repeat.
  const flat = new Uint8Array(9 * 4 * 3).map((_, i) => [200, 10, 99][i % 3]);
  const direct = await encodeScanlinesAsync(pixelRunsToScanlines(runsOf(flat), 9, 4), 9, 4);
  assert.ok(direct.equals(encodePng(flat, 9, 4)));
  assert.throws(() => pixelRunsToScanlines(runsOf(flat), 9, 5), /pixels for a 9 x 5 image/);
  assert.throws(() => pixelRunsToScanlines(runsOf(flat), 3, 3), /more pixels than the image holds/);
});
