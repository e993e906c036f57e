// Finding the image tiles of a contact sheet and the bars of a chart from the PNG's pixels,
// independently of the code that drew them.
import { readFileSync } from 'node:fs';
import { PNG } from 'pngjs';

export function readPng(path: string): PNG {
  return PNG.sync.read(readFileSync(path));
}

/** Runs of consecutive true entries: [start, end) pairs. */
export function runs(flags: boolean[]): [number, number][] {
  const out: [number, number][] = [];
  let start = -1;
  flags.forEach((f, i) => {
    if (f && start < 0) start = i;
    if (!f && start >= 0) {
      out.push([start, i]);
      start = -1;
    }
  });
  if (start >= 0) out.push([start, flags.length]);
  return out;
}

/**
 * The dark (near-black) blocks of a sheet: the renders have black backgrounds, the sheet is
 * dark grey. Columns (x ranges) and rows (y ranges) where dark pixels make up at least
 * `share` of a tile's side.
 */
export function darkBlocks(png: PNG, tile: number, share = 0.25): { columns: [number, number][]; rows: [number, number][] } {
  const dark = (x: number, y: number) => {
    const i = (y * png.width + x) * 4;
    return png.data[i] + png.data[i + 1] + png.data[i + 2] < 20;
  };
  const perX = Array.from({ length: png.width }, () => 0);
  const perY = Array.from({ length: png.height }, () => 0);
  for (let y = 0; y < png.height; y++)
    for (let x = 0; x < png.width; x++)
      if (dark(x, y)) {
        perX[x]++;
        perY[y]++;
      }
  return { columns: runs(perX.map((n) => n >= tile * share)), rows: runs(perY.map((n) => n >= tile * share)) };
}

/** x ranges of the columns holding at least `min` pixels of exactly `rgb` (bars of one colour). */
export function colourColumns(png: PNG, rgb: [number, number, number], min = 3): [number, number][] {
  const perX = Array.from({ length: png.width }, () => 0);
  for (let y = 0; y < png.height; y++)
    for (let x = 0; x < png.width; x++) {
      const i = (y * png.width + x) * 4;
      if (png.data[i] === rgb[0] && png.data[i + 1] === rgb[1] && png.data[i + 2] === rgb[2]) perX[x]++;
    }
  return runs(perX.map((n) => n >= min));
}
