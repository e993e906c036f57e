// The PNG settings (renders/png-encode.ts) on real images (those of the committed fixture
// dataset, drawn by the renderer): every setting decodes, with pngjs, to the very pixels of
// the original; the async encoder fed the renderer's Sub-filtered rows gives the bytes of the
// sync one; `small` is never larger than `fast`, and `fast` smaller than renderer 10's
// Sub rows at zlib 3 over the set.

import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { PNG } from 'pngjs';
import { encodePng, encodeScanlinesAsync, PNG_COMPRESSIONS, type PngCompression } from '../../renders/png-encode.ts';
import { REPO } from '../shared-structures.ts';

const IMAGES = join(REPO, 'test/fixtures/dataset-210c3b4/images');

/** 8-bit RGB of a PNG file, top row first, and its size. */
function rgbOf(file: Buffer): { rgb: Uint8Array; width: number; height: number; rgba: Buffer } {
  const png = PNG.sync.read(file);
  const rgb = new Uint8Array(png.width * png.height * 3);
  for (let i = 0, j = 0; i < png.data.length; i += 4) {
    rgb[j++] = png.data[i];
    rgb[j++] = png.data[i + 1];
    rgb[j++] = png.data[i + 2];
  }
  return { rgb, width: png.width, height: png.height, rgba: png.data };
}

/** PNG Sub-filtered rows of `rgb`, written here from the PNG specification (filter byte 1, each byte minus the one 3 before). */
function subRows(rgb: Uint8Array, width: number, height: number): Uint8Array {
  const stride = width * 3;
  const out = new Uint8Array((stride + 1) * height);
  for (let y = 0; y < height; y++) {
    out[y * (stride + 1)] = 1;
    for (let x = 0; x < stride; x++) out[y * (stride + 1) + 1 + x] = (rgb[y * stride + x] - (x >= 3 ? rgb[y * stride + x - 3] : 0)) & 255;
  }
  return out;
}

test('every setting decodes to the original pixels; async from Sub rows = sync; small <= fast < renderer 10', async () => {
  const names = readdirSync(IMAGES)
    .filter((n) => n.endsWith('.png'))
    .sort();
  assert.ok(names.length >= 10);
  const total: Record<string, number> = { legacy: 0, fast: 0, small: 0 };
  for (const name of names) {
    const { rgb, width, height, rgba } = rgbOf(readFileSync(join(IMAGES, name)));
    const legacy = encodePng(rgb, width, height, 3);
    total.legacy += legacy.length;
    assert.ok(PNG.sync.read(legacy).data.equals(rgba), `${name}: Sub rows at zlib 3`);
    const sizes: Partial<Record<PngCompression, number>> = {};
    for (const setting of PNG_COMPRESSIONS) {
      const png = encodePng(rgb, width, height, setting);
      assert.ok(PNG.sync.read(png).data.equals(rgba), `${name}: ${setting}: decoded pixels differ`);
      const viaRows = await encodeScanlinesAsync(subRows(rgb, width, height), width, height, setting);
      assert.ok(viaRows.equals(png), `${name}: ${setting}: the async encoder's bytes differ from the sync one's`);
      sizes[setting] = png.length;
      total[setting] += png.length;
    }
    assert.ok(sizes.small! <= sizes.fast!, `${name}: small ${sizes.small} bytes, fast ${sizes.fast}`);
  }
  assert.ok(total.fast < total.legacy, `fast ${total.fast} bytes, renderer 10's ${total.legacy}`);
});
