// Decoding the page's pixel runs (see pixelRuns in page/scene-page.js): records of
// varint(repeats of the previous pixel), varint(n), then n literal RGB pixels; the previous
// pixel starts as black. Gives 8-bit RGB, top row first.

export function decodePixelRuns(runs: Uint8Array, width: number, height: number): Uint8Array {
  const total = width * height * 3;
  const rgb = new Uint8Array(total);
  let i = 0;
  let d = 0;
  let r = 0, g = 0, b = 0;
  const varint = (): number => {
    let v = 0;
    let shift = 0;
    for (;;) {
      if (i >= runs.length) throw new Error('pixel runs: truncated');
      const byte = runs[i++];
      v += (byte & 127) * 2 ** shift;
      if (byte < 128) return v;
      shift += 7;
    }
  };
  while (i < runs.length) {
    const repeats = varint();
    const literals = varint();
    if (d + 3 * (repeats + literals) > total) throw new Error('pixel runs: more pixels than the image holds');
    if (r | g | b) {
      for (let k = 0; k < repeats; k++) {
        rgb[d++] = r; rgb[d++] = g; rgb[d++] = b;
      }
    } else d += 3 * repeats; // already zero
    if (literals) {
      if (i + 3 * literals > runs.length) throw new Error('pixel runs: truncated');
      rgb.set(runs.subarray(i, i + 3 * literals), d);
      i += 3 * literals;
      d += 3 * literals;
      r = rgb[d - 3]; g = rgb[d - 2]; b = rgb[d - 1];
    }
  }
  if (d !== total) throw new Error(`pixel runs: ${d / 3} pixels for a ${width} x ${height} image`);
  return rgb;
}
