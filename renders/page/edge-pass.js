// The pixel half of 'edge' antialiasing: the frame is drawn once at image size, hit or miss at each pixel's
// centre, and every impostor pixel within a pixel of its shape's outline carries in alpha
// where that outline is (edge-shaders.js): the side of the neighbour across it
// (+x, -x, +y, -y in GL's window frame, rows bottom to top) and the distance t to it along
// that axis, in 63 steps. With the outline as a straight line and a ramp one pixel wide,
// a pixel whose outline is nearer than half a pixel (t < 0.5) is covered 0.5 + t by its
// shape: it takes 0.5 - t of its neighbour across, which shows what lies behind; a pixel
// with t in [0.5, 1) is covered fully, but its shape covers t - 0.5 of that neighbour,
// which takes that much of the shape's colour at the outline (unless the neighbour's own
// outline cuts it: its own comes first; of several such neighbours the largest share wins,
// the first found on a tie). That colour is not drawn anywhere: it is extrapolated from the
// pixel and its neighbour further inside (rimColour). Integer arithmetic throughout, so the
// result depends on the GL frame only.
/** @import { Frame } from './read-frame.js' */

const EDGE_STEPS = 63;
const HALF = EDGE_STEPS >> 1; // step 31 holds t = 0.5
const OWN = 128;
// The pixels with an outline code, found while the frame is copied, each with what the
// blends need (so they divide nothing): its GL index, step, the GL index of the neighbour
// across its outline and of the one on the other side (-1 off the frame), and where it and
// the neighbour across go in `words`.
let edgeCount = 0;
let edgeAt = new Int32Array(0);
let edgeStep = new Uint8Array(0);
let edgeAcross = new Int32Array(0);
let edgeInner = new Int32Array(0);
let edgeOut = new Int32Array(0);
let edgeAcrossOut = new Int32Array(0);
let edgeShare = new Uint8Array(0); // per GL pixel: share (steps) taken from a neighbour, plus OWN for its own outline's
let edgeFrom = new Int32Array(0); // per GL pixel: that neighbour (OWN: its GL index; a spill: its edge number)

/**
 * The GL frame `src` into the frame's words (top row first, opaque), listing the pixels
 * with a code.
 * @param {Uint32Array} src
 * @param {Frame} frame
 */
function copyAndFindEdges(src, frame) {
  const { width, height, words } = frame;
  const n = width * height;
  if (edgeShare.length !== n) {
    edgeAt = new Int32Array(n);
    edgeStep = new Uint8Array(n);
    edgeAcross = new Int32Array(n);
    edgeInner = new Int32Array(n);
    edgeOut = new Int32Array(n);
    edgeAcrossOut = new Int32Array(n);
    edgeShare = new Uint8Array(n);
    edgeFrom = new Int32Array(n);
  }
  let c = 0;
  for (let y = 0; y < height; y++) {
    const gy = height - 1 - y,
      s0 = gy * width,
      d0 = y * width; // GL rows run bottom to top
    for (let x = 0; x < width; x++) {
      const v = src[s0 + x];
      words[d0 + x] = v | 0xff000000;
      if (v >= 0xfc000000) continue;
      // Side of the neighbour across (0 +x, 1 -x, 2 +y, 3 -y in GL's frame) and step.
      const code = v >>> 24,
        side = (code / EDGE_STEPS) | 0,
        i = s0 + x,
        d = d0 + x;
      const left = x > 0 ? i - 1 : -1,
        right = x + 1 < width ? i + 1 : -1;
      const up = gy + 1 < height ? i + width : -1,
        down = gy > 0 ? i - width : -1;
      edgeAt[c] = i;
      edgeStep[c] = code - side * EDGE_STEPS;
      edgeOut[c] = d;
      if (side === 0) {
        edgeAcross[c] = right;
        edgeInner[c] = left;
        edgeAcrossOut[c] = d + 1;
      } else if (side === 1) {
        edgeAcross[c] = left;
        edgeInner[c] = right;
        edgeAcrossOut[c] = d - 1;
      } else if (side === 2) {
        edgeAcross[c] = up;
        edgeInner[c] = down;
        edgeAcrossOut[c] = d - width;
      } else {
        edgeAcross[c] = down;
        edgeInner[c] = up;
        edgeAcrossOut[c] = d + width;
      }
      c++;
    }
  }
  edgeCount = c;
}

/**
 * Writes into `words[at]` colour `p` blended with colour `q`, `share` steps of q.
 * @param {Uint32Array} words @param {number} at @param {number} p @param {number} q @param {number} share
 */
function blendInto(words, at, p, q, share) {
  const k = EDGE_STEPS - share;
  const r = (((p & 255) * k + (q & 255) * share + HALF) / EDGE_STEPS) | 0;
  const g = ((((p >>> 8) & 255) * k + ((q >>> 8) & 255) * share + HALF) / EDGE_STEPS) | 0;
  const b = ((((p >>> 16) & 255) * k + ((q >>> 16) & 255) * share + HALF) / EDGE_STEPS) | 0;
  words[at] = (0xff000000 | (b << 16) | (g << 8) | r) >>> 0;
}

/**
 * The colour of edge pixel `e`'s shape at its outline, from its pixel i (whose code says
 * the outline is t away, t in [0.5, 1)) and its neighbour k one pixel further inside: each
 * channel c_i + 2t (c_i - c_k), clamped. Linear extrapolation would be c_i + t (c_i - c_k);
 * shading falls faster towards a silhouette than linearly, and twice the slope came nearest
 * 2 x 2 supersampling of the factors tried (docs/rendering.md, renderer 8). A neighbour
 * that is off the frame or black background gives c_i itself.
 * @param {Uint32Array} src @param {number} e
 */
function rimColour(src, e) {
  const p = src[edgeAt[e]],
    k = edgeInner[e];
  if (k < 0 || (src[k] & 0xffffff) === 0) return p;
  const q = src[k],
    f = 2 * edgeStep[e] + 1; // 2t = f / EDGE_STEPS
  let out = 0xff000000;
  for (let shift = 0; shift < 24; shift += 8) {
    const a = (p >>> shift) & 255;
    const c = a + Math.floor(((a - ((q >>> shift) & 255)) * f + HALF) / EDGE_STEPS);
    out |= (c < 0 ? 0 : c > 255 ? 255 : c) << shift;
  }
  return out >>> 0;
}

/**
 * The GL frame `src` (rows bottom to top, each impostor pixel near an outline carrying its
 * code in alpha) into `frame`, opaque, each outline pixel blended as the header says.
 * @param {Uint32Array} src
 * @param {Frame} frame
 */
export function resolveEdgePixels(src, frame) {
  copyAndFindEdges(src, frame);
  const words = frame.words;
  // Own outlines first: they decide their pixel.
  for (let e = 0; e < edgeCount; e++) {
    const step = edgeStep[e],
      j = edgeAcross[e];
    if (step >= HALF || j < 0) continue;
    const i = edgeAt[e];
    edgeShare[i] = OWN | (HALF - step);
    edgeFrom[i] = j;
  }
  // Then the shapes that spill into the neighbour across their outline.
  for (let e = 0; e < edgeCount; e++) {
    const share = edgeStep[e] - HALF,
      j = edgeAcross[e];
    if (share <= 0 || j < 0 || edgeShare[j] >= share) continue;
    edgeShare[j] = share;
    edgeFrom[j] = e;
  }
  for (let e = 0; e < edgeCount; e++) {
    const j = edgeAcross[e];
    if (j < 0) continue;
    const own = edgeStep[e] < HALF;
    const target = own ? edgeAt[e] : j;
    const share = edgeShare[target];
    if (share === 0) continue; // done already (or nothing to do)
    edgeShare[target] = 0;
    // Its own outline: the neighbour across; a spill: the neighbour's shape at its outline.
    const from = edgeFrom[target];
    blendInto(words, own ? edgeOut[e] : edgeAcrossOut[e], src[target], share & OWN ? src[from] : rimColour(src, from), share & ~OWN);
  }
}
