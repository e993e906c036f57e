// The one 3Dmol.js viewer of the page, patched so that the pipeline's matrices are the
// ground truth (the page only copies them in), it draws into our framebuffer at our
// viewport (read-frame.js), and it neither reallocates buffers nor recompiles shaders
// between frames and scenes.
/** @import { Renderer3D, Viewer3D } from './three-dmol.ts' */
import { installEdgeShaders } from './edge-shaders.js';

/**
 * What the patched viewer asks the page while it draws.
 * @typedef {object} ViewerHooks
 * @property {() => Float32Array | null} projection the shot's projection (column-major), null before the first shot
 * @property {() => { w: number, h: number } | null} frameSize the framebuffer being drawn into
 * @property {() => boolean} edge true when the scene is antialiased by 'edge' (its shaders)
 */

/**
 * Makes the viewer in `container` (already sized) and patches it.
 * @param {HTMLElement} container
 * @param {string} background '#RRGGBB'
 * @param {ViewerHooks} hooks
 * @returns {Viewer3D}
 */
export function makeViewer(container, background, hooks) {
  const viewer = $3Dmol.createViewer(container, {
    backgroundColor: background,
    // Multisampling would smooth nothing: 3Dmol draws sticks and balls as impostors,
    // whose outlines come from the fragment shader (see antialiasing in scene-page.js).
    antialias: false,
    upscale: false,
    disableFog: true,
    nomouse: true,
  });
  const camera = viewer.camera;
  // The projection is ours: 3Dmol recomputes its own on every render, so replace that.
  camera.updateProjectionMatrix = function () {
    const projection = hooks.projection();
    if (projection) this.projectionMatrix.elements.set(projection);
    this.projectionMatrixInverse.getInverse(this.projectionMatrix);
  };
  viewer.setSlabAndFog = function () {
    camera.updateProjectionMatrix();
    this.scene.fog.near = 1e9; // no depth cueing
    this.scene.fog.far = 2e9;
  };
  const renderer = viewer.getRenderer();
  // Keep the image in the WebGL context (no copy to the page's canvas): we read it there.
  renderer._bitmap = null;
  // Under WebGL2 3Dmol draws into a framebuffer of its own, whose four textures it
  // reallocates every frame, and then copies that to the canvas as a screen-filling quad
  // (~11 ms wall, ~20 ms CPU per 1024 x 1024 frame under SwiftShader). It makes that
  // framebuffer again on every resize, which it also does by itself after a while.
  // Without it 3Dmol draws into whatever framebuffer is bound: ours (read-frame.js, bindTarget).
  renderer.initFrameBuffer = function () {
    this._fb = null;
  };
  renderer._fb = null;
  patchViewport(renderer, hooks.frameSize);
  installEdgeShaders(renderer, hooks.edge); // before 3Dmol compiles an impostor's program
  viewer.rotationGroup.matrixAutoUpdate = false;
  viewer.modelGroup.matrixAutoUpdate = false;
  viewer.modelGroup.matrix.identity();
  return viewer;
}

/**
 * Before every frame 3Dmol sets the size of its (shared, offscreen) WebGL canvas again;
 * setting a canvas's size resets its drawing buffer even when the size is the same. Resize
 * it only when the size changes (3Dmol takes the viewport from it). 3Dmol also turns on the
 * scissor test for viewer grids; one viewer fills the frame, so it goes off. (Measured with
 * and without this, one page: within run-to-run noise; the large saving was
 * initFrameBuffer.)
 * @param {Renderer3D} renderer
 * @param {() => { w: number, h: number } | null} frameSize
 */
function patchViewport(renderer, frameSize) {
  const setViewport = renderer.setViewport;
  renderer.setViewport = function () {
    const offscreen = this._offscreen;
    if (offscreen && (offscreen.width !== this._canvas.width || offscreen.height !== this._canvas.height)) {
      offscreen.width = this._canvas.width;
      offscreen.height = this._canvas.height;
    }
    this._offscreen = null;
    try {
      setViewport.call(this);
    } finally {
      this._offscreen = offscreen;
    }
    const gl = this.getContext();
    gl.disable(gl.SCISSOR_TEST);
    // 3Dmol sets the GL viewport only when it resizes, from the drawing buffer of its shared
    // offscreen canvas, which (sized lazily above) may still have the old size then: after a
    // change of drawing size (supersample <-> image size) the first frames were drawn into
    // a quarter or four times the frame. The viewport is always our framebuffer's.
    const target = frameSize();
    if (target) {
      gl.viewport(0, 0, target.w, target.h);
      this._viewportWidth = target.w;
      this._viewportHeight = target.h;
    }
  };
}

/**
 * 3Dmol deletes a shader program when the last model using it is cleared, so every new
 * scene would compile its shaders again (SwiftShader compiles slowly). Keep them all.
 * @param {Viewer3D} viewer
 */
export function pinPrograms(viewer) {
  for (const info of viewer.getRenderer()._programs ?? []) {
    if (!info.misiPinned) {
      info.misiPinned = true;
      info.usedTimes++;
    }
  }
}
