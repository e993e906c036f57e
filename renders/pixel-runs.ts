// Decoding the page's pixel runs (see pixelRuns in page/scene-page.js): records of
// varint(repeats of the previous pixel), varint(n), then n literal RGB pixels; the previous
// pixel starts as black. Gives 8-bit RGB, top row first, or straight the rows a PNG
// compresses (pixelRunsToScanlines), without the RGB in between.

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
 * The PNG scanlines of the image the runs describe: per row the filter byte 1 (Sub), then
 * each byte minus the same byte of the pixel to its left (0 left of the first pixel). Same
 * bytes as filtering decodePixelRuns' RGB, in one pass: a repeat of the pixel to its left
 * is all zeros, so only literals and the first pixel of each row cost work. `into`, when
 * it has the right length, is cleared and filled instead of a new array.
 */
export function pixelRunsToScanlines(runs: Uint8Array, width: number, height: number, into?: Uint8Array): Uint8Array {
  const stride = width * 3 + 1;
  // A buffer handed back for reuse (see render-scenes.ts) is cleared: repeats of black are
  // left unwritten.
  const raw = into && into.length === stride * height ? into.fill(0) : new Uint8Array(stride * height);
  for (let y = 0; y < height; y++) raw[y * stride] = 1;
  const total = width * height;
  const at = { i: 0 };
  let p = 0; // pixels written
  let r = 0, g = 0, b = 0; // the previous pixel
  while (at.i < runs.length) {
    const repeats = readVarint(runs, at);
    const literals = readVarint(runs, at);
    if (p + repeats + literals > total) throw new Error('pixel runs: more pixels than the image holds');
    if (r | g | b) {
      // Repeats are zeros after the filter, but a row's first pixel is stored whole.
      let x = p % width;
      let k = repeats;
      while (k > 0) {
        if (x === 0) {
          const o = (p / width) * stride + 1;
          raw[o] = r; raw[o + 1] = g; raw[o + 2] = b;
        }
        const step = Math.min(k, width - x);
        p += step;
        k -= step;
        x = 0;
      }
    } else p += repeats;
    if (literals) {
      let i = at.i;
      if (i + 3 * literals > runs.length) throw new Error('pixel runs: truncated');
      let x = p % width;
      let o = Math.floor(p / width) * stride + 1 + 3 * x;
      for (let k = 0; k < literals; k++) {
        const nr = runs[i], ng = runs[i + 1], nb = runs[i + 2];
        if (x === 0) {
          raw[o] = nr; raw[o + 1] = ng; raw[o + 2] = nb;
        } else {
          raw[o] = nr - r; raw[o + 1] = ng - g; raw[o + 2] = nb - b;
        }
        r = nr; g = ng; b = nb;
        i += 3;
        o += 3;
        if (++x === width) {
          x = 0;
          o += 1; // the next row's filter byte
        }
      }
      at.i = i;
      p += literals;
    }
  }
  if (p !== total) throw new Error(`pixel runs: ${p} pixels for a ${width} x ${height} image`);
  return raw;
}

export function decodePixelRuns(runs: Uint8Array, width: number, height: number): Uint8Array {
  const total = width * height * 3;
  const rgb = new Uint8Array(total);
  const at = { i: 0 };
  let d = 0;
  let r = 0, g = 0, b = 0;
  while (at.i < runs.length) {
    const repeats = readVarint(runs, at);
    const literals = readVarint(runs, at);
    if (d + 3 * (repeats + literals) > total) throw new Error('pixel runs: more pixels than the image holds');
    if (r | g | b) {
      for (let k = 0; k < repeats; k++) {
        rgb[d++] = r; rgb[d++] = g; rgb[d++] = b;
      }
    } else d += 3 * repeats; // already zero
    if (literals) {
      if (at.i + 3 * literals > runs.length) throw new Error('pixel runs: truncated');
      rgb.set(runs.subarray(at.i, at.i + 3 * literals), d);
      at.i += 3 * literals;
      d += 3 * literals;
      r = rgb[d - 3]; g = rgb[d - 2]; b = rgb[d - 1];
    }
  }
  if (d !== total) throw new Error(`pixel runs: ${d / 3} pixels for a ${width} x ${height} image`);
  return rgb;
}
