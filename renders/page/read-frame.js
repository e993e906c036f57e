// The frame: 3Dmol draws into a framebuffer of ours (never the page's canvas, so the
// compositor has nothing to present), at image size or, supersampled, at `scale` times it;
// the frame is read back once into RGBX words at image size, top row first, each
// supersampled block averaged into one pixel here (the box filter), or, for 'edge'
// antialiasing, its outline pixels blended across their outlines (edge-pass.js).
import { resolveEdgePixels } from './edge-pass.js';

/**
 * The frame at image size: `words` are the pixels of `image` as RGBX words (R in the low
 * byte), top row first.
 * @typedef {{ width: number, height: number, image: ImageData, words: Uint32Array }} Frame
 */

/**
 * The framebuffer 3Dmol draws into, at the drawing size, and the bytes it is read into.
 * @typedef {{ fb: WebGLFramebuffer, colour: WebGLRenderbuffer, depth: WebGLRenderbuffer, w: number, h: number, big: Uint8Array }} DrawTarget
 */

/**
 * Binds a framebuffer of `w` x `h` pixels (colour and depth): `target` when it has that
 * size, else a new one (and `target` is deleted). Returns the bound one.
 * @param {WebGL2RenderingContext} gl
 * @param {DrawTarget | null} target
 * @param {number} w
 * @param {number} h
 * @returns {DrawTarget}
 */
export function bindTarget(gl, target, w, h) {
  if (!target || target.w !== w || target.h !== h) {
    if (target) {
      gl.deleteFramebuffer(target.fb);
      gl.deleteRenderbuffer(target.colour);
      gl.deleteRenderbuffer(target.depth);
    }
    const colour = gl.createRenderbuffer();
    gl.bindRenderbuffer(gl.RENDERBUFFER, colour);
    gl.renderbufferStorage(gl.RENDERBUFFER, gl.RGBA8, w, h);
    const depth = gl.createRenderbuffer();
    gl.bindRenderbuffer(gl.RENDERBUFFER, depth);
    gl.renderbufferStorage(gl.RENDERBUFFER, gl.DEPTH_COMPONENT24, w, h);
    const fb = gl.createFramebuffer();
    gl.bindFramebuffer(gl.FRAMEBUFFER, fb);
    gl.framebufferRenderbuffer(gl.FRAMEBUFFER, gl.COLOR_ATTACHMENT0, gl.RENDERBUFFER, colour);
    gl.framebufferRenderbuffer(gl.FRAMEBUFFER, gl.DEPTH_ATTACHMENT, gl.RENDERBUFFER, depth);
    target = { fb, colour, depth, w, h, big: new Uint8Array(w * h * 4) };
  }
  gl.bindFramebuffer(gl.FRAMEBUFFER, target.fb);
  return target;
}

/**
 * `frame` when it is `width` x `height`, else a new frame of that size.
 * @param {Frame | null} frame @param {number} width @param {number} height
 * @returns {Frame}
 */
export function frameOfSize(frame, width, height) {
  if (frame && frame.width === width && frame.height === height) return frame;
  const image = new ImageData(width, height);
  return { width, height, image, words: new Uint32Array(image.data.buffer) };
}

/**
 * Reads the drawn frame from `target` (drawn at `scale` times the frame's size) into
 * `frame`, opaque: copied as it is ('none'), its outline pixels blended ('edge', scale 1),
 * or each scale x scale block averaged (rounded half up) into one pixel.
 * @param {WebGL2RenderingContext} gl
 * @param {DrawTarget} target
 * @param {Frame} frame
 * @param {number} scale
 * @param {boolean} edge
 */
export function readFrame(gl, target, frame, scale, edge) {
  const { width, height, words } = frame;
  const big = target.big;
  const W = width * scale;
  gl.readPixels(0, 0, W, height * scale, gl.RGBA, gl.UNSIGNED_BYTE, big);
  if (scale === 1) {
    const src = new Uint32Array(big.buffer);
    if (edge) {
      resolveEdgePixels(src, frame);
      return;
    }
    for (let y = 0; y < height; y++) {
      // GL rows run bottom to top
      const s0 = (height - 1 - y) * width,
        d0 = y * width;
      for (let x = 0; x < width; x++) words[d0 + x] = src[s0 + x] | 0xff000000;
    }
    return;
  }
  if (scale === 2) {
    // Two lanes at once: red and blue of a word sit 16 bits apart, so one sum of four
    // masked words adds both (at most 4 x 255 + 2 per lane: no carry between them).
    const src = new Uint32Array(big.buffer);
    for (let y = 0; y < height; y++) {
      const r0 = (height - 1 - y) * 2 * W,
        r1 = r0 + W,
        d0 = y * width;
      for (let x = 0, o = 0; x < width; x++, o += 2) {
        const a = src[r0 + o],
          b = src[r0 + o + 1],
          c = src[r1 + o],
          d = src[r1 + o + 1];
        const rb = (a & 0xff00ff) + (b & 0xff00ff) + (c & 0xff00ff) + (d & 0xff00ff) + 0x20002;
        const g = (a & 0xff00) + (b & 0xff00) + (c & 0xff00) + (d & 0xff00) + 0x200;
        words[d0 + x] = 0xff000000 | ((rb >>> 2) & 0xff00ff) | ((g >>> 2) & 0xff00);
      }
    }
    return;
  }
  throw new Error(`no box filter for ${scale} x ${scale} supersampling`);
}
