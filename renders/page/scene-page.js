// The headless page's entry (an ES module; page-api.ts is its contract with Node). Node
// drives it through window.misi: load a scene once, then shoot it under any number of
// matrices. The pipeline's matrices are the ground truth: the page only copies them into
// 3Dmol (viewer-patches.js).
//
// One shot: 3Dmol draws the molecule with WebGL into a framebuffer of ours at image size
// ('edge', 'none') or at SUPERSAMPLE times it ('supersample'); the frame is read back once
// (read-frame.js: the box filter, or the edge pass of edge-pass.js); the labels are laid
// over it where Node's label layout put them (labels.js). The pixels leave the page as runs
// (pixel-runs-encoder.js), in the reply or on the image socket (image-socket.js), and Node
// encodes the PNG; or the page encodes WebP/JPEG with the canvas's own encoders.
/** @import { AntialiasMethod } from '../antialias-methods.ts' */
/** @import { PageImageFormat, PageScene, ScenePageApi, ShotWire } from './page-api.ts' */
/** @import { Viewer3D } from './three-dmol.ts' */
/** @import { DrawTarget, Frame } from './read-frame.js' */
/** @import { Sprite } from './labels.js' */

import { closeImageSocket, connectImages, nextTurn, sendImage } from './image-socket.js';
import { drawLabels, FONT_FAMILY, fontReady, hex, labelSprite } from './labels.js';
import { pixelRuns } from './pixel-runs-encoder.js';
import { bindTarget, frameOfSize, readFrame } from './read-frame.js';
import { makeViewer, pinPrograms } from './viewer-patches.js';

const CAMERA_Z = 150; // 3Dmol's fixed camera position on its z axis
/** 'supersample' draws SUPERSAMPLE x SUPERSAMPLE pixels for each pixel of the image. */
const SUPERSAMPLE = 2;

/** @type {Viewer3D | null} */
let viewer = null;
/** @type {HTMLElement | null} */
let container = null;
/** @type {Float32Array | null} the shot's projection, column-major */
let projection = null;
/** @type {string | null} the background the viewer has */
let background = null;
/** @type {AntialiasMethod} */
let antialias = 'none';
let scale = 1;
/** @type {Frame | null} the image, at image size */
let frame = null;
/** @type {DrawTarget | null} the framebuffer 3Dmol draws into */
let target = null;
/** @type {Sprite[]} the loaded scene's labels */
let labels = [];
/** @type {OffscreenCanvas | null} the image for the browser's encoders */
let encodeCanvas = null;

/**
 * The drawing scale of an antialiasing method: 'edge' and 'none' draw at image size (edge
 * then blends outline pixels after read-back), 'supersample' at SUPERSAMPLE times and
 * averages each block. The projection is in normalised device coordinates, so framing and
 * positions do not change.
 * @param {AntialiasMethod} method
 * @returns {number}
 */
function drawingScale(method) {
  switch (method) {
    case 'edge':
    case 'none':
      return 1;
    case 'supersample':
      return SUPERSAMPLE;
    default: {
      /** @type {never} */
      const unknown = method;
      throw new Error(`unknown antialiasing ${unknown}`);
    }
  }
}

/**
 * Sizes the 3Dmol element for `scene`; true when it changed.
 * @param {HTMLElement} stage
 * @param {PageScene} scene
 */
function setStage(stage, scene) {
  scale = drawingScale(scene.antialias);
  antialias = scene.antialias;
  const w = `${scene.width * scale}px`,
    h = `${scene.height * scale}px`;
  if (stage.style.width === w && stage.style.height === h) return false;
  stage.style.width = w;
  stage.style.height = h;
  return true;
}

/**
 * Loads `scene`, replacing the previous one.
 * @param {PageScene} scene
 */
async function load(scene) {
  await fontReady;
  if (!viewer || !container) {
    container = /** @type {HTMLElement} */ (document.getElementById('stage'));
    setStage(container, scene);
    viewer = makeViewer(container, scene.background, {
      projection: () => projection,
      frameSize: () => target,
      edge: () => antialias === 'edge',
    });
  }
  viewer.removeAllModels(); // not clear(): that also draws a frame
  if (setStage(container, scene)) viewer.resize();
  frame = frameOfSize(frame, scene.width, scene.height);
  if (background !== scene.background) {
    viewer.setBackgroundColor(hex(scene.background), 1); // this draws a frame too
    background = scene.background;
  }
  projection = null; // each shot brings its own
  const jmol = $3Dmol.elementColors.Jmol;
  /** @param {string} elem @param {string | null} c */
  const colour = (elem, c) => (c ? hex(c) : (jmol[elem] ?? jmol[elem.toUpperCase()] ?? 0xff1493));
  const shape = scene.representation === 'sphere' ? { sphere: { radius: scene.sphereRadius } } : { stick: { radius: scene.stickRadius } };
  if (scene.atoms.length) {
    const m = viewer.addModel();
    m.addAtoms(
      scene.atoms.map((a, i) => ({
        elem: a.elem,
        x: a.x,
        y: a.y,
        z: a.z,
        bonds: a.bonds,
        bondOrder: a.bondOrder,
        index: i,
        serial: i + 1,
        color: colour(a.elem, a.color),
      })),
    );
    m.setStyle({}, shape);
    // A stick style draws nothing for an atom without bonds: give such atoms a ball.
    const lone = scene.atoms.flatMap((a, i) => (a.bonds.length ? [] : [i]));
    if (scene.representation === 'stick' && lone.length) m.setStyle({ index: lone }, { sphere: { radius: scene.stickRadius } });
  }
  labels = scene.labels.map((l) => labelSprite(l, scene.label));
  return true;
}

/**
 * Draws the loaded scene under `matrix` (model -> eye, column-major) and `proj` (the
 * camera's projection, column-major), labels included; the pixels are in the frame.
 * @param {ShotWire} shot
 * @returns {Frame}
 */
function draw([matrix, proj, placed]) {
  if (!viewer || !frame) throw new Error('no scene loaded');
  projection = Float32Array.from(proj);
  const m = viewer.rotationGroup.matrix.elements;
  m.set(matrix);
  m[14] += CAMERA_Z; // 3Dmol's camera sits at z = CAMERA_Z, ours at the origin
  viewer.rotationGroup.matrixWorldNeedsUpdate = true;
  const renderer = viewer.getRenderer();
  const gl = renderer.getContext();
  target = bindTarget(gl, target, frame.width * scale, frame.height * scale);
  // 3Dmol takes the viewport from its canvas, which its own resize observers also size;
  // once in a few hundred scene loads that change the drawing size it was found still at
  // the old size for the first shot (the image then showed a corner of the scene at twice
  // the size). Size it again, and never draw into a viewport that is not the frame's.
  if (renderer.getCanvas().width !== target.w || renderer.getCanvas().height !== target.h) viewer.resize();
  if (renderer.getCanvas().width !== target.w || renderer.getCanvas().height !== target.h) {
    throw new Error(
      `3Dmol's canvas is ${renderer.getCanvas().width} x ${renderer.getCanvas().height}, the frame ${target.w} x ${target.h}`,
    );
  }
  viewer.render();
  pinPrograms(viewer);
  readFrame(gl, target, frame, scale, antialias === 'edge');
  drawLabels(frame, labels, placed);
  return frame;
}

/**
 * Draws one shot and returns its pixel runs, base64.
 * @param {ShotWire} shot
 */
function shoot(shot) {
  const f = draw(shot);
  return { width: f.width, height: f.height, runs: pixelRuns(f.words, f.width).toBase64() };
}

/**
 * Draws every shot of `shotsJson` (a JSON array of ShotWire) in turn and sends each image's
 * runs to the image socket as it is drawn, so Node encodes one image while the page draws
 * the next, with one protocol call per batch instead of one per image. Resolves to the byte
 * count of each image's runs.
 * @param {string} shotsJson
 */
async function shootBatchToSocket(shotsJson) {
  /** @type {ShotWire[]} */
  const shots = JSON.parse(shotsJson);
  const bytes = [];
  for (let k = 0; k < shots.length; k++) {
    if (k > 0) await nextTurn();
    const f = draw(shots[k]);
    bytes.push(sendImage((start) => pixelRuns(f.words, f.width, start)));
  }
  return bytes;
}

/**
 * Draws one shot and returns the whole WebP or JPEG file, base64.
 * @param {ShotWire} shot
 * @param {PageImageFormat} format
 * @param {number} quality
 */
async function shootEncoded(shot, format, quality) {
  const f = draw(shot);
  if (!encodeCanvas || encodeCanvas.width !== f.width || encodeCanvas.height !== f.height)
    encodeCanvas = new OffscreenCanvas(f.width, f.height);
  const ctx = encodeCanvas.getContext('2d', { alpha: false, willReadFrequently: true });
  if (!ctx) throw new Error('no 2D context to encode the image');
  ctx.putImageData(f.image, 0, 0);
  const blob = await encodeCanvas.convertToBlob({ type: `image/${format}`, quality });
  return { width: f.width, height: f.height, data: new Uint8Array(await blob.arrayBuffer()).toBase64() };
}

/** @type {ScenePageApi} */
const api = {
  load,
  shoot,
  shootBatchToSocket,
  connectImages,
  closeImageSocket,
  shootEncoded,
  fontReady: () => fontReady.then(() => document.fonts.check(`12px ${FONT_FAMILY}`)),
};
window.misi = api;
