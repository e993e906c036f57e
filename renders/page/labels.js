// Labels: drawn once per scene with the 2D canvas (the bundled font, each character at the
// x offset Node computed from the font's advances) into small sprites, and laid over each
// frame's pixels exactly where Node's label layout put them (renders/label-layout.ts),
// after the thin leader lines from atoms to moved labels. The page decides no placement.
/** @import { PageLabel, PageLabelStyle, PlacedLabels } from './page-api.ts' */
/** @import { Frame } from './read-frame.js' */

export const FONT_FAMILY = 'MisiDejaVuSans';
const LABEL_RADIUS = 6; // 3Dmol's rounded-box corner radius (at most a third of the box height)
const LEADER_RGB = [208, 208, 208]; // leader lines: light grey, 1 px
const LEADER_ALPHA = 200;
/** Spare pixels on every side of a sprite's box, for glyphs that overhang it. */
const SPRITE_MARGIN = 2;

/** The bundled font, loaded once (the page's other files are served beside it). */
export const fontReady = (async () => {
  const face = new FontFace(FONT_FAMILY, 'url(/assets/DejaVuSans.ttf)');
  await face.load();
  document.fonts.add(face);
})();

/** @param {string} s '#RRGGBB' */
export const hex = (s) => parseInt(s.slice(1), 16);
/** @param {string} s '#RRGGBB' @param {number} a alpha in [0, 1] */
const rgba = (s, a) => `rgba(${(hex(s) >> 16) & 255},${(hex(s) >> 8) & 255},${hex(s) & 255},${a})`;

/** @typedef {{ w: number, h: number, rgba: Uint8ClampedArray }} Sprite a label as straight RGBA, margins included */

/** @type {Map<string, Sprite>} label text + style -> sprite, kept across scenes */
const sprites = new Map();
/** @type {OffscreenCanvas | null} */
let spriteCanvas = null;

/**
 * A label drawn once: a rounded box of the size Node gave (text width plus padding,
 * truncated to whole pixels; the line height plus padding tall) with its text, each
 * character at Node's offset (no kerning or ligatures, so the text is exactly as wide as
 * the layout assumed), as straight RGBA with SPRITE_MARGIN spare pixels on every side.
 * @param {PageLabel} label
 * @param {PageLabelStyle} s
 * @returns {Sprite}
 */
export function labelSprite(label, s) {
  const text = label.text;
  const key = `${text}\u0000${s.fontSize}\u0000${s.fontColor}\u0000${s.backgroundColor}\u0000${s.backgroundOpacity}\u0000${s.padding}\u0000${s.lineHeight}\u0000${label.w}x${label.h}`;
  const known = sprites.get(key);
  if (known) return known;
  spriteCanvas ??= new OffscreenCanvas(1, 1);
  const c = spriteCanvas.getContext('2d', { willReadFrequently: true });
  if (!c) throw new Error('labels: no 2D context for the sprites');
  const boxWidth = label.w,
    boxHeight = label.h;
  const w = boxWidth + 2 * SPRITE_MARGIN,
    h = boxHeight + 2 * SPRITE_MARGIN;
  if (spriteCanvas.width < w || spriteCanvas.height < h) {
    spriteCanvas.width = Math.max(spriteCanvas.width, w);
    spriteCanvas.height = Math.max(spriteCanvas.height, h);
  }
  c.clearRect(0, 0, w, h);
  c.font = `${s.fontSize}px ${FONT_FAMILY}`; // resizing the canvas resets its state
  c.fontKerning = 'none';
  if (s.backgroundOpacity > 0) {
    c.fillStyle = rgba(s.backgroundColor, s.backgroundOpacity);
    c.beginPath();
    c.roundRect(SPRITE_MARGIN, SPRITE_MARGIN, boxWidth, boxHeight, Math.min(LABEL_RADIUS, boxHeight / 3));
    c.fill();
  }
  c.fillStyle = rgba(s.fontColor, 1);
  const chars = Array.from(text);
  const baseline = SPRITE_MARGIN + s.padding + Math.round(s.fontSize * (s.lineHeight - 0.25));
  chars.forEach((ch, i) => c.fillText(ch, SPRITE_MARGIN + s.padding + label.offsets[i], baseline));
  const sprite = { w, h, rgba: c.getImageData(0, 0, w, h).data };
  sprites.set(key, sprite);
  return sprite;
}

/**
 * Blends colour (r0, g0, b0) at alpha `a` (0-255) into pixel `d` of `px` (RGBX words).
 * @param {Uint32Array} px @param {number} d @param {number} r0 @param {number} g0 @param {number} b0 @param {number} a
 */
function blend(px, d, r0, g0, b0, a) {
  const v = px[d],
    b = 255 - a;
  const r = ((r0 * a + (v & 255) * b + 127) / 255) | 0;
  const g = ((g0 * a + ((v >>> 8) & 255) * b + 127) / 255) | 0;
  const bl = ((b0 * a + ((v >>> 16) & 255) * b + 127) / 255) | 0;
  px[d] = (0xff000000 | (bl << 16) | (g << 8) | r) >>> 0;
}

/**
 * A 1 px leader from (ax, ay) to the nearest point of the box at (x, y), each pixel blended once.
 * @param {Frame} frame @param {number} ax @param {number} ay @param {number} x @param {number} y @param {number} w @param {number} h
 */
function drawLeader(frame, ax, ay, x, y, w, h) {
  const { words: px, width, height } = frame;
  const tx = Math.min(Math.max(ax, x), x + w),
    ty = Math.min(Math.max(ay, y), y + h);
  const n = Math.ceil(Math.max(Math.abs(tx - ax), Math.abs(ty - ay)));
  let last = -1;
  for (let k = 0; k <= n; k++) {
    const i = Math.floor(ax + ((tx - ax) * k) / n),
      j = Math.floor(ay + ((ty - ay) * k) / n);
    if (i < 0 || j < 0 || i >= width || j >= height) continue;
    const d = j * width + i;
    if (d === last) continue;
    last = d;
    blend(px, d, LEADER_RGB[0], LEADER_RGB[1], LEADER_RGB[2], LEADER_ALPHA);
  }
}

/**
 * The scene's label sprites over the frame as Node laid them out (`placed`, see
 * PlacedLabels). Leaders first, then the sprites, each blended over what is there (straight alpha).
 * @param {Frame} frame
 * @param {Sprite[]} labels the loaded scene's sprites, by label index
 * @param {PlacedLabels | null | undefined} placed
 */
export function drawLabels(frame, labels, placed) {
  if (!labels.length || !placed) return;
  const { words: px, width, height } = frame;
  for (let q = 0; q < placed.length; q += 5) {
    if (placed[q + 3] < 0) continue;
    const sprite = labels[placed[q]];
    drawLeader(
      frame,
      placed[q + 3],
      placed[q + 4],
      placed[q + 1],
      placed[q + 2],
      sprite.w - 2 * SPRITE_MARGIN,
      sprite.h - 2 * SPRITE_MARGIN,
    );
  }
  for (let q = 0; q < placed.length; q += 5) {
    const { w, h, rgba: src } = labels[placed[q]];
    const x0 = placed[q + 1] - SPRITE_MARGIN,
      y0 = placed[q + 2] - SPRITE_MARGIN;
    for (let j = Math.max(0, -y0); j < h && y0 + j < height; j++) {
      let d = (y0 + j) * width + x0;
      let o = j * w * 4;
      const i0 = Math.max(0, -x0),
        i1 = Math.min(w, width - x0);
      d += i0;
      o += i0 * 4;
      for (let i = i0; i < i1; i++, d++, o += 4) {
        const a = src[o + 3];
        if (a !== 0) blend(px, d, src[o], src[o + 1], src[o + 2], a);
      }
    }
  }
}
