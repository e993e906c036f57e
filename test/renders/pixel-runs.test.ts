// The page's pixel runs (PNG Sub-filtered pixels, zeros as counts) turned straight into PNG
// rows must give the same PNG as the image itself, and decode back to it: checked on images
// with flat areas, rows that start inside a stretch of zeros, and literal stretches
// crossing rows.

import assert from 'node:assert/strict';
import { test } from 'node:test';
import seedrandom from 'seedrandom';
import { decodePixelRuns, pixelRunsToScanlines } from '../../renders/pixel-runs.ts';
import { encodePng, encodeScanlinesAsync } from '../../renders/png-encode.ts';

/** Runs of `rgb` in the page's format, written here from the format's description. */
function runsOf(rgb: Uint8Array, width: number): Uint8Array {
  const out: number[] = [];
  const varint = (v: number) => {
    while (v >= 128) {
      out.push((v & 127) | 128);
      v = Math.floor(v / 128);
    }
    out.push(v);
  };
  const n = rgb.length / 3;
  // Each pixel filtered as PNG's Sub filter does: minus the left neighbour, modulo 256.
  const filtered = (p: number) => [0, 1, 2].map((c) => (rgb[3 * p + c] - (p % width === 0 ? 0 : rgb[3 * p - 3 + c]) + 256) % 256);
  const zero = (p: number) => filtered(p).every((v) => v === 0);
  let i = 0;
  while (i < n) {
    let r = i;
    while (r < n && zero(r)) r++;
    let l = r;
    while (l < n && !zero(l)) l++;
    varint(r - i);
    varint(l - r);
    for (let k = r; k < l; k++) out.push(...filtered(k));
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
  for (const [w, h, seed] of [
    [1, 1, 'a'],
    [7, 5, 'b'],
    [64, 48, 'c'],
    [130, 3, 'd'],
    [512, 64, 'e'],
  ] as const) {
    const rgb = blotchy(w, h, seed);
    const runs = runsOf(rgb, w);
    assert.deepEqual(decodePixelRuns(runs, w, h), rgb, `${w} x ${h}: runs decode to the image`);
    const direct = await encodeScanlinesAsync(pixelRunsToScanlines(runs, w, h), w, h);
    assert.ok(direct.equals(encodePng(rgb, w, h)), `${w} x ${h}: same PNG bytes`);
  }
  // A wholly non-black flat image: every row starts inside one long repeat.
  const flat = new Uint8Array(9 * 4 * 3).map((_, i) => [200, 10, 99][i % 3]);
  const direct = await encodeScanlinesAsync(pixelRunsToScanlines(runsOf(flat, 9), 9, 4), 9, 4);
  assert.ok(direct.equals(encodePng(flat, 9, 4)));
  assert.deepEqual(decodePixelRuns(runsOf(flat, 9), 9, 4), flat);
  assert.throws(() => pixelRunsToScanlines(runsOf(flat, 9), 9, 5), /pixels for a 9 x 5 image/);
  assert.throws(() => pixelRunsToScanlines(runsOf(flat, 9), 3, 3), /more pixels than the image holds/);
});

test('deflate engines reused from image to image, several at once: every PNG has the bytes of a one-shot encode', async () => {
  const rng = seedrandom('noise');
  // Noise does not compress: its stream (~0.8 MB) outgrows an engine's output buffer and comes in pieces.
  const noise = new Uint8Array(512 * 512 * 3).map(() => Math.floor(rng() * 256));
  const images: [Uint8Array, number, number][] = [[noise, 512, 512]];
  for (let k = 0; k < 11; k++) images.push([blotchy(64 + 37 * k, 40 + k, `r${k}`), 64 + 37 * k, 40 + k]);
  for (let round = 0; round < 2; round++) {
    const pngs = await Promise.all(images.map(([rgb, w, h]) => encodeScanlinesAsync(pixelRunsToScanlines(runsOf(rgb, w), w, h), w, h)));
    pngs.forEach((png, k) => assert.ok(png.equals(encodePng(...images[k])), `round ${round}, image ${k}: same PNG bytes`));
  }
  // Another level on the same engines' pool, then the default again.
  const [rgb, w, h] = images[3];
  assert.ok((await encodeScanlinesAsync(pixelRunsToScanlines(runsOf(rgb, w), w, h), w, h, 9)).equals(encodePng(rgb, w, h, 9)));
  assert.ok((await encodeScanlinesAsync(pixelRunsToScanlines(runsOf(rgb, w), w, h), w, h)).equals(encodePng(rgb, w, h)));
});
