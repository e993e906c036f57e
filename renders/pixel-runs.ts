// Decoding the page's pixel runs (see pixelRuns in page/pixel-runs-encoder.js). The page filters
// each pixel as a PNG row with filter type 1 (Sub) does: its R, G, B minus the left
// neighbour's, modulo 256, the first pixel of a row whole. The filtered pixels, in raster
// order (top row first), are records of varint(zero pixels), varint(n), then n filtered
// pixels, three bytes each. A zero pixel is one equal to its left neighbour, or black at
// the start of a row. So the PNG rows (pixelRunsToScanlines) are the literal bytes copied
// into place between zeros; decodePixelRuns undoes the filter to 8-bit RGB.

/** Reads the varint at `runs[at.i]`, advancing `at.i`. */
function readVarint(runs: Uint8Array, at: { i: number }): number {
  let v = 0;
  let shift = 0;
  for (;;) {
    if (at.i >= runs.length) throw new Error('pixel runs: truncated');
    const byte = runs[at.i++];
    v += (byte & 127) * 2 ** shift;
    if (byte < 128) return v;
    shift += 7;
  }
}

/**
 * Calls `literal(p, n, i)` for each stretch of n literal pixels starting at pixel p (their
 * 3n filtered bytes at runs[i]), checking that the records describe exactly width x height
 * pixels.
 */
function eachLiteral(runs: Uint8Array, width: number, height: number, literal: (p: number, n: number, i: number) => void): void {
  const total = width * height;
  const at = { i: 0 };
  let p = 0; // pixels described so far
  while (at.i < runs.length) {
    const zeros = readVarint(runs, at);
    const n = readVarint(runs, at);
    if (p + zeros + n > total) throw new Error('pixel runs: more pixels than the image holds');
    p += zeros;
    if (n) {
      if (at.i + 3 * n > runs.length) throw new Error('pixel runs: truncated');
      literal(p, n, at.i);
      at.i += 3 * n;
      p += n;
    }
  }
  if (p !== total) throw new Error(`pixel runs: ${p} pixels for a ${width} x ${height} image`);
}

/**
 * The PNG scanlines of the image the runs describe: per row the filter byte 1 (Sub), then
 * the row's filtered bytes. `into`, when it has the right length, is cleared and filled
 * instead of a new array.
 */
export function pixelRunsToScanlines(runs: Uint8Array, width: number, height: number, into?: Uint8Array): Uint8Array {
  const stride = width * 3 + 1;
  const raw = into && into.length === stride * height ? into.fill(0) : new Uint8Array(stride * height);
  for (let y = 0; y < height; y++) raw[y * stride] = 1;
  eachLiteral(runs, width, height, (p, n, i) => {
    // Row by row: each row's bytes follow its filter byte.
    while (n > 0) {
      const y = (p / width) | 0,
        x = p - y * width;
      const take = Math.min(n, width - x);
      const o = y * stride + 1 + 3 * x;
      if (take > 5) raw.set(runs.subarray(i, i + 3 * take), o);
      else for (let k = 0; k < 3 * take; k++) raw[o + k] = runs[i + k];
      i += 3 * take;
      p += take;
      n -= take;
    }
  });
  return raw;
}

/** The image the runs describe, 8-bit RGB, top row first. */
export function decodePixelRuns(runs: Uint8Array, width: number, height: number): Uint8Array {
  const rgb = new Uint8Array(width * height * 3);
  let done = 0; // pixels whose RGB is final
  /** Zero pixels up to pixel `end`: black at a row's start, else their left neighbour. */
  const zerosTo = (end: number) => {
    for (; done < end; done++) {
      if (done % width === 0) continue; // black: already zero
      rgb.copyWithin(3 * done, 3 * done - 3, 3 * done);
    }
  };
  eachLiteral(runs, width, height, (p, n, i) => {
    zerosTo(p);
    for (let k = 0; k < n; k++, done++) {
      const d = 3 * done;
      const left = done % width === 0 ? -1 : d - 3;
      for (let c = 0; c < 3; c++) rgb[d + c] = (runs[i + 3 * k + c] + (left < 0 ? 0 : rgb[left + c])) & 255;
    }
  });
  zerosTo(width * height);
  return rgb;
}
