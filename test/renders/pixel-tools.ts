// Reading rendered PNGs back (with pngjs, independent of our encoder) and finding coloured
// spots in them. Not a test file itself.
import { readFileSync } from 'node:fs';
import { PNG } from 'pngjs';

export interface Image {
  width: number;
  height: number;
  data: Uint8Array;
}

export function readPng(path: string): Image {
  const png = PNG.sync.read(readFileSync(path));
  return { width: png.width, height: png.height, data: png.data };
}

/** Centroid (pixel centres at i + 0.5) of the pixels `pick` accepts, with their count. */
export function centroid(img: Image, pick: (r: number, g: number, b: number) => boolean): { x: number; y: number; n: number } {
  let sx = 0,
    sy = 0,
    n = 0;
  for (let y = 0; y < img.height; y++) {
    for (let x = 0; x < img.width; x++) {
      const o = (y * img.width + x) * 4;
      if (pick(img.data[o], img.data[o + 1], img.data[o + 2])) {
        sx += x + 0.5;
        sy += y + 0.5;
        n++;
      }
    }
  }
  return { x: sx / n, y: sy / n, n };
}

/** Connected groups (4-neighbour) of pixels `pick` accepts, as centroids with pixel counts. */
export function blobs(img: Image, pick: (r: number, g: number, b: number) => boolean): { x: number; y: number; n: number }[] {
  const { width: w, height: h, data } = img;
  const seen = new Uint8Array(w * h);
  const out: { x: number; y: number; n: number }[] = [];
  const ok = (i: number) => pick(data[i * 4], data[i * 4 + 1], data[i * 4 + 2]);
  for (let start = 0; start < w * h; start++) {
    if (seen[start] || !ok(start)) continue;
    let sx = 0,
      sy = 0,
      n = 0;
    const stack = [start];
    seen[start] = 1;
    while (stack.length) {
      const i = stack.pop()!;
      const x = i % w,
        y = (i - x) / w;
      sx += x + 0.5;
      sy += y + 0.5;
      n++;
      for (const j of [x > 0 ? i - 1 : -1, x < w - 1 ? i + 1 : -1, y > 0 ? i - w : -1, y < h - 1 ? i + w : -1]) {
        if (j >= 0 && !seen[j] && ok(j)) {
          seen[j] = 1;
          stack.push(j);
        }
      }
    }
    out.push({ x: sx / n, y: sy / n, n });
  }
  return out;
}

/** A pixel is "lit" when it is not the black background. */
export const lit = (r: number, g: number, b: number) => r + g + b > 30;
