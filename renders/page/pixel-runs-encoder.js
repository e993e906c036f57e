// The pixels' encoding for their trip to Node: a few hundred kB of runs rather than a
// megabyte of raw pixels (renders/pixel-runs.ts decodes them).

/** @type {Uint8Array<ArrayBuffer>} reused between images (the runs leave the page as a copy) */
let runBuffer = new Uint8Array(0);

/**
 * The pixels as runs of PNG's Sub filter, for a cheap trip to Node (most of a frame is
 * background): each pixel is filtered as a PNG row filters it (its R, G, B minus those of
 * the pixel to its left, modulo 256; the first pixel of a row whole), and the filtered
 * pixels, in raster order, are written as records of varint(zero pixels: a pixel equal to
 * its left neighbour, or black at a row's start), varint(n), then n filtered pixels as
 * three bytes each. Node then only copies the literal bytes into PNG rows
 * (renders/pixel-runs.ts). Alpha is dropped (the canvas is opaque). The first `start` bytes
 * of the result are left for the caller (a message header). The result is a view of a
 * buffer the next call reuses.
 * @param {Uint32Array} px RGBX words, top row first
 * @param {number} width pixels per row
 * @param {number} [start]
 * @returns {Uint8Array<ArrayBuffer>}
 */
export function pixelRuns(px, width, start = 0) {
  const n = px.length;
  if (runBuffer.length < start + n * 3 + 16 * (n + 1)) runBuffer = new Uint8Array(start + n * 3 + 16 * (n + 1));
  const out = runBuffer;
  let o = start;
  /** @param {number} v */
  const varint = (v) => {
    while (v >= 128) {
      out[o++] = (v & 127) | 128;
      v >>>= 7;
    }
    out[o++] = v;
  };
  let i = 0,
    x = 0; // pixel, and its column
  while (i < n) {
    // Zero pixels: equal to the left neighbour (alpha is always 255), or black at x = 0.
    let r = i,
      rx = x;
    while (r < n && (rx === 0 ? (px[r] & 0xffffff) === 0 : px[r] === px[r - 1])) {
      r++;
      if (++rx === width) rx = 0;
    }
    let l = r,
      lx = rx;
    while (l < n && !(lx === 0 ? (px[l] & 0xffffff) === 0 : px[l] === px[l - 1])) {
      l++;
      if (++lx === width) lx = 0;
    }
    varint(r - i);
    varint(l - r);
    for (let k = r, kx = rx; k < l; k++) {
      const v = px[k];
      if (kx === 0) {
        out[o++] = v & 255;
        out[o++] = (v >>> 8) & 255;
        out[o++] = (v >>> 16) & 255;
      } else {
        const u = px[k - 1];
        out[o++] = (v - u) & 255;
        out[o++] = ((v >>> 8) - (u >>> 8)) & 255;
        out[o++] = ((v >>> 16) - (u >>> 16)) & 255;
      }
      if (++kx === width) kx = 0;
    }
    i = l;
    x = lx;
  }
  return out.subarray(0, o);
}
