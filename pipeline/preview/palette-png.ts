// Small PNG files for previews: an opaque screenshot re-encoded as an 8-bit palette PNG.
// With at most 256 colours (charts) the palette is exact; otherwise (contact sheets of
// rendered molecules) the colours are reduced by median cut over a 6-bit-per-channel
// histogram, without dithering. Row filter 0, zlib level 9.
import { crc32, deflateSync } from 'node:zlib';
import { PNG } from 'pngjs';

const BITS = 6;
const LEVELS = 1 << BITS;
const binOf = (r: number, g: number, b: number) => ((r >> (8 - BITS)) << (2 * BITS)) | ((g >> (8 - BITS)) << BITS) | (b >> (8 - BITS));

function chunk(type: string, data: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'latin1');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])) >>> 0, 0);
  return Buffer.concat([head, data, crc]);
}

function encode(width: number, height: number, palette: number[][], index: Uint8Array): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 3; // colour type: palette
  const rows = Buffer.alloc((width + 1) * height);
  for (let y = 0; y < height; y++) rows.set(index.subarray(y * width, (y + 1) * width), y * (width + 1) + 1);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('PLTE', Buffer.from(palette.flat())),
    chunk('IDAT', deflateSync(rows, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** Exact palette of the image, or null when it has more than 256 colours. */
function exactPalette(rgba: Uint8Array, n: number): { palette: number[][]; index: Uint8Array } | null {
  const slot = new Map<number, number>();
  const index = new Uint8Array(n);
  for (let i = 0; i < n; i++) {
    const key = (rgba[4 * i] << 16) | (rgba[4 * i + 1] << 8) | rgba[4 * i + 2];
    let s = slot.get(key);
    if (s === undefined) {
      if (slot.size === 256) return null;
      s = slot.size;
      slot.set(key, s);
    }
    index[i] = s;
  }
  const palette = [...slot.keys()].map((k) => [k >> 16, (k >> 8) & 255, k & 255]);
  return { palette, index };
}

interface Box {
  bins: number[];
  score: number;
  axis: number;
}

function channel(bin: number, axis: number): number {
  return (bin >> (BITS * (2 - axis))) & (LEVELS - 1);
}

function describe(bins: number[], counts: Uint32Array): Box {
  let best = 0;
  let axis = 0;
  let total = 0;
  for (const b of bins) total += counts[b];
  for (let a = 0; a < 3; a++) {
    let lo = LEVELS;
    let hi = -1;
    for (const b of bins) {
      const c = channel(b, a);
      if (c < lo) lo = c;
      if (c > hi) hi = c;
    }
    if (hi - lo > best) {
      best = hi - lo;
      axis = a;
    }
  }
  return { bins, axis, score: bins.length > 1 ? best * Math.sqrt(total) : -1 };
}

/** Median cut into at most 256 boxes; the palette entry of a box is its pixels' mean colour. */
function medianCut(rgba: Uint8Array, n: number): { palette: number[][]; index: Uint8Array } {
  const counts = new Uint32Array(LEVELS ** 3);
  const sums = new Float64Array(LEVELS ** 3 * 3);
  for (let i = 0; i < n; i++) {
    const b = binOf(rgba[4 * i], rgba[4 * i + 1], rgba[4 * i + 2]);
    counts[b]++;
    for (let k = 0; k < 3; k++) sums[3 * b + k] += rgba[4 * i + k];
  }
  const used: number[] = [];
  for (let b = 0; b < counts.length; b++) if (counts[b]) used.push(b);
  const boxes: Box[] = [describe(used, counts)];
  while (boxes.length < 256) {
    let pick = 0;
    for (let i = 1; i < boxes.length; i++) if (boxes[i].score > boxes[pick].score) pick = i;
    const box = boxes[pick];
    if (box.score < 0) break;
    const sorted = [...box.bins].sort((x, y) => channel(x, box.axis) - channel(y, box.axis));
    let half = 0;
    for (const b of sorted) half += counts[b];
    half /= 2;
    let acc = 0;
    let cut = 1;
    for (; cut < sorted.length - 1; cut++) {
      acc += counts[sorted[cut - 1]];
      if (acc >= half) break;
    }
    boxes.splice(pick, 1, describe(sorted.slice(0, cut), counts), describe(sorted.slice(cut), counts));
  }
  const slotOfBin = new Uint16Array(counts.length);
  const palette = boxes.map((box, s) => {
    let total = 0;
    const mean = [0, 0, 0];
    for (const b of box.bins) {
      slotOfBin[b] = s;
      total += counts[b];
      for (let k = 0; k < 3; k++) mean[k] += sums[3 * b + k];
    }
    return mean.map((m) => Math.round(m / total));
  });
  const index = new Uint8Array(n);
  for (let i = 0; i < n; i++) index[i] = slotOfBin[binOf(rgba[4 * i], rgba[4 * i + 1], rgba[4 * i + 2])];
  return { palette, index };
}

/** Re-encodes an opaque PNG (e.g. a screenshot) as a palette PNG; alpha is dropped. */
export function toPalettePng(png: Buffer): Buffer {
  const img = PNG.sync.read(png);
  const n = img.width * img.height;
  const data = new Uint8Array(img.data.buffer, img.data.byteOffset, img.data.length);
  const { palette, index } = exactPalette(data, n) ?? medianCut(data, n);
  return encode(img.width, img.height, palette, index);
}
