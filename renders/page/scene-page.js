// Runs inside the headless page (plain browser JavaScript, no imports). Node drives it
// through window.misi: load a scene once, then shoot it under any number of matrices.
// The pipeline's matrices are the ground truth: the page only copies them into 3Dmol.
//
// One shot: 3Dmol draws the molecule with WebGL into a framebuffer of ours (never the
// page's canvas, so the compositor has nothing to present), antialiased by edge coverage
// at image size (coverage-aa.js) or at SUPERSAMPLE times the image size; the frame is read
// back once (and, supersampled, each block averaged into one pixel here). Labels
// are drawn once per scene with the 2D canvas (the bundled font, each character at the x
// offset Node computed from the font's advances) into small sprites, and each shot lays
// them over the pixels exactly where Node's label layout put them (renders/label-layout.ts),
// after the thin leader lines from atoms to moved labels; the page decides no placement.
// The pixels leave the page as runs (most of a frame is background, so this is a few
// hundred kB rather than a megabyte of base64) and Node encodes the PNG; or the page
// encodes WebP/JPEG with the canvas's own encoders.
/* global $3Dmol */
(() => {
  const FONT_FAMILY = 'MisiDejaVuSans';
  const CAMERA_Z = 150; // 3Dmol's fixed camera position on its z axis
  const LABEL_RADIUS = 6; // 3Dmol's rounded-box corner radius (at most a third of the box height)
  const LEADER_RGB = [208, 208, 208]; // leader lines: light grey, 1 px
  const LEADER_ALPHA = 200;
  let viewer = null;
  let container = null;
  let projection = null;
  let width = 0;
  let height = 0;
  let labels = [];
  let background = null;
  let labelStyle = null;
  let comp = null; // OffscreenCanvas holding the final image
  let ctx = null;

  const fontReady = (async () => {
    const face = new FontFace(FONT_FAMILY, 'url(/assets/DejaVuSans.ttf)');
    await face.load();
    document.fonts.add(face);
  })();

  const hex = (s) => parseInt(s.slice(1), 16);
  const rgba = (s, a) => `rgba(${(hex(s) >> 16) & 255},${(hex(s) >> 8) & 255},${hex(s) & 255},${a})`;

  function makeViewer(scene) {
    container = document.getElementById('stage');
    setStage(scene);
    viewer = $3Dmol.createViewer(container, {
      backgroundColor: scene.background,
      // Multisampling would smooth nothing: 3Dmol draws sticks and balls as impostors,
      // whose outlines come from the fragment shader (see SUPERSAMPLE).
      antialias: false,
      upscale: false,
      disableFog: true,
      nomouse: true,
    });
    const camera = viewer.camera;
    // The projection is ours: 3Dmol recomputes its own on every render, so replace that.
    camera.updateProjectionMatrix = function () {
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
    // Without it 3Dmol draws into whatever framebuffer is bound: ours (see bindTarget).
    renderer.initFrameBuffer = function () {
      this._fb = null;
    };
    renderer._fb = null;
    // Before every frame 3Dmol sets the size of its (shared, offscreen) WebGL canvas again;
    // setting a canvas's size resets its drawing buffer even when the size is the same.
    // Resize it only when the size changes (3Dmol takes the viewport from it). 3Dmol also
    // turns on the scissor test for viewer grids; one viewer fills the frame, so it goes
    // off. (Measured with and without this, one page: within run-to-run noise; the large
    // saving was initFrameBuffer above.)
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
      if (target) {
        gl.viewport(0, 0, target.w, target.h);
        this._viewportWidth = target.w;
        this._viewportHeight = target.h;
      }
    };
    window.misiCoverage.installShaders(renderer, () => antialias); // before 3Dmol compiles an impostor's program
    window.misiCoverage.hookRenderer(renderer, () => antialias);
    viewer.rotationGroup.matrixAutoUpdate = false;
    viewer.modelGroup.matrixAutoUpdate = false;
    viewer.modelGroup.matrix.identity();
  }

  /**
   * Antialiasing (scene.antialias): 'coverage' draws at image size and blends each
   * impostor's outline by the share of the pixel it covers (coverage-aa.js); 'supersample'
   * draws the molecule at SUPERSAMPLE times the image size and averages each
   * SUPERSAMPLE x SUPERSAMPLE block into one pixel; 'none' draws at image size, each pixel
   * hit or missed at its centre. The projection is in normalised device coordinates, so
   * framing and positions do not change.
   */
  const SUPERSAMPLE = 2;
  let scale = 1;
  let antialias = 'none';

  /** Sizes the 3Dmol element for `scene`; true when it changed. */
  function setStage(scene) {
    if (!['coverage', 'edge', 'supersample', 'none'].includes(scene.antialias)) throw new Error(`unknown antialiasing ${scene.antialias}`);
    antialias = scene.antialias;
    scale = antialias === 'supersample' ? SUPERSAMPLE : 1;
    const w = `${scene.width * scale}px`, h = `${scene.height * scale}px`;
    if (container.style.width === w && container.style.height === h) return false;
    container.style.width = w;
    container.style.height = h;
    return true;
  }

  function sizeCanvas(w, h) {
    if (comp && comp.width === w && comp.height === h) return;
    comp = new OffscreenCanvas(w, h);
    ctx = comp.getContext('2d', { alpha: false, willReadFrequently: true });
  }

  async function load(scene) {
    await fontReady;
    if (!viewer) makeViewer(scene);
    viewer.removeAllModels(); // not clear(): that also draws a frame
    if (setStage(scene)) {
      viewer.resize();
    }
    width = scene.width;
    height = scene.height;
    sizeCanvas(width, height);
    if (background !== scene.background) {
      viewer.setBackgroundColor(hex(scene.background), 1); // this draws a frame too
      background = scene.background;
    }
    projection = null; // each shot brings its own
    const jmol = $3Dmol.elementColors.Jmol;
    const colour = (elem, c) => (c ? hex(c) : jmol[elem] ?? jmol[elem.toUpperCase()] ?? 0xff1493);
    const shape = scene.representation === 'sphere'
      ? { sphere: { radius: scene.sphereRadius } }
      : { stick: { radius: scene.stickRadius } };
    if (scene.atoms.length) {
      const m = viewer.addModel();
      m.addAtoms(scene.atoms.map((a, i) => ({
        elem: a.elem, x: a.x, y: a.y, z: a.z, bonds: a.bonds, bondOrder: a.bondOrder,
        index: i, serial: i + 1, color: colour(a.elem, a.color),
      })));
      m.setStyle({}, shape);
      // A stick style draws nothing for an atom without bonds: give such atoms a ball.
      const lone = scene.atoms.flatMap((a, i) => (a.bonds.length ? [] : [i]));
      if (scene.representation === 'stick' && lone.length) m.setStyle({ index: lone }, { sphere: { radius: scene.stickRadius } });
    }
    labelStyle = scene.label;
    labels = scene.labels.map((l) => labelSprite(l));
    return true;
  }

  const sprites = new Map(); // label text + style -> sprite, kept across scenes
  let spriteCanvas = null;

  /**
   * A label drawn once: a rounded box of the size Node gave (text width plus padding,
   * truncated to whole pixels; the line height plus padding tall) with its text, each
   * character at Node's offset (no kerning or ligatures, so the text is exactly as wide as
   * the layout assumed), as straight RGBA with SPRITE_MARGIN spare pixels on every side for
   * glyphs that overhang the box.
   */
  const SPRITE_MARGIN = 2;
  function labelSprite(label) {
    const s = labelStyle;
    const text = label.text;
    const key = `${text}\u0000${s.fontSize}\u0000${s.fontColor}\u0000${s.backgroundColor}\u0000${s.backgroundOpacity}\u0000${s.padding}\u0000${s.lineHeight}\u0000${label.w}x${label.h}`;
    const known = sprites.get(key);
    if (known) return known;
    spriteCanvas ??= new OffscreenCanvas(1, 1);
    const c = spriteCanvas.getContext('2d', { willReadFrequently: true });
    const boxWidth = label.w, boxHeight = label.h;
    const w = boxWidth + 2 * SPRITE_MARGIN, h = boxHeight + 2 * SPRITE_MARGIN;
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

  /** Blends one pixel of colour `rgb` at alpha `a` (0-255) into `px` (RGBX words). */
  function blend(px, d, r0, g0, b0, a) {
    const v = px[d], b = 255 - a;
    const r = (r0 * a + (v & 255) * b + 127) / 255 | 0;
    const g = (g0 * a + ((v >>> 8) & 255) * b + 127) / 255 | 0;
    const bl = (b0 * a + ((v >>> 16) & 255) * b + 127) / 255 | 0;
    px[d] = (0xff000000 | (bl << 16) | (g << 8) | r) >>> 0;
  }

  /** A 1 px leader from (ax, ay) to the nearest point of the box at (x, y), each pixel blended once. */
  function drawLeader(px, ax, ay, x, y, w, h) {
    const tx = Math.min(Math.max(ax, x), x + w), ty = Math.min(Math.max(ay, y), y + h);
    const n = Math.ceil(Math.max(Math.abs(tx - ax), Math.abs(ty - ay)));
    let last = -1;
    for (let k = 0; k <= n; k++) {
      const i = Math.floor(ax + ((tx - ax) * k) / n), j = Math.floor(ay + ((ty - ay) * k) / n);
      if (i < 0 || j < 0 || i >= width || j >= height) continue;
      const d = j * width + i;
      if (d === last) continue;
      last = d;
      blend(px, d, LEADER_RGB[0], LEADER_RGB[1], LEADER_RGB[2], LEADER_ALPHA);
    }
  }

  /**
   * Labels over `px` (RGBX words, top row first) as Node laid them out: `placed` holds 5
   * numbers per label in drawing order (index, box left, box top, leader anchor x, y or -1).
   * Leaders first, then the sprites, each blended over what is there (straight alpha).
   */
  function drawLabels(placed, px) {
    if (!labels.length || !placed) return;
    for (let q = 0; q < placed.length; q += 5) {
      if (placed[q + 3] < 0) continue;
      const sprite = labels[placed[q]];
      drawLeader(px, placed[q + 3], placed[q + 4], placed[q + 1], placed[q + 2], sprite.w - 2 * SPRITE_MARGIN, sprite.h - 2 * SPRITE_MARGIN);
    }
    for (let q = 0; q < placed.length; q += 5) {
      const { w, h, rgba: src } = labels[placed[q]];
      const x0 = placed[q + 1] - SPRITE_MARGIN, y0 = placed[q + 2] - SPRITE_MARGIN;
      for (let j = Math.max(0, -y0); j < h && y0 + j < height; j++) {
        let d = (y0 + j) * width + x0;
        let o = j * w * 4;
        const i0 = Math.max(0, -x0), i1 = Math.min(w, width - x0);
        d += i0;
        o += i0 * 4;
        for (let i = i0; i < i1; i++, d++, o += 4) {
          const a = src[o + 3];
          if (a !== 0) blend(px, d, src[o], src[o + 1], src[o + 2], a);
        }
      }
    }
  }

  /**
   * 3Dmol deletes a shader program when the last model using it is cleared, so every new
   * scene would compile its shaders again (SwiftShader compiles slowly). Keep them all.
   */
  function pinPrograms() {
    for (const info of viewer.getRenderer()._programs ?? []) {
      if (!info.misiPinned) {
        info.misiPinned = true;
        info.usedTimes++;
      }
    }
  }

  let target = null; // { fb, colour, depth, w, h }: the framebuffer 3Dmol draws into
  let big = null; // the frame as read back, SUPERSAMPLE times the image size
  let image = null; // ImageData at image size; its pixels as RGBX words in `words`
  let words = null;

  /** Our framebuffer at the drawing size (image size times `scale`), made when that changes. */
  function bindTarget(gl) {
    const w = width * scale, h = height * scale;
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
      target = { fb, colour, depth, w, h };
      big = new Uint8Array(w * h * 4);
    }
    gl.bindFramebuffer(gl.FRAMEBUFFER, target.fb);
  }

  /**
   * The drawn frame at image size, top row first, as RGBX words: each scale x scale block
   * of the supersampled frame averaged (rounded half up) into one opaque pixel.
   */
  function readFrame(gl) {
    if (!image || image.width !== width || image.height !== height) {
      image = new ImageData(width, height);
      words = new Uint32Array(image.data.buffer);
    }
    const W = width * scale;
    gl.readPixels(0, 0, W, height * scale, gl.RGBA, gl.UNSIGNED_BYTE, big);
    if (scale === 1) {
      const src = new Uint32Array(big.buffer);
      if (antialias === 'edge') {
        copyAndFindEdges(src);
        resolveEdges(src);
        return;
      }
      for (let y = 0; y < height; y++) { // GL rows run bottom to top
        const s0 = (height - 1 - y) * width, d0 = y * width;
        for (let x = 0; x < width; x++) words[d0 + x] = src[s0 + x] | 0xff000000;
      }
      return;
    }
    if (scale === 2) {
      // Two lanes at once: red and blue of a word sit 16 bits apart, so one sum of four
      // masked words adds both (at most 4 x 255 + 2 per lane: no carry between them).
      const src = new Uint32Array(big.buffer);
      for (let y = 0; y < height; y++) {
        const r0 = (height - 1 - y) * 2 * W, r1 = r0 + W, d0 = y * width;
        for (let x = 0, o = 0; x < width; x++, o += 2) {
          const a = src[r0 + o], b = src[r0 + o + 1], c = src[r1 + o], d = src[r1 + o + 1];
          const rb = (a & 0xff00ff) + (b & 0xff00ff) + (c & 0xff00ff) + (d & 0xff00ff) + 0x20002;
          const g = (a & 0xff00) + (b & 0xff00) + (c & 0xff00) + (d & 0xff00) + 0x200;
          words[d0 + x] = 0xff000000 | ((rb >>> 2) & 0xff00ff) | ((g >>> 2) & 0xff00);
        }
      }
      return;
    }
    throw new Error(`no box filter for ${scale} x ${scale} supersampling`);
  }

  // 'edge' antialiasing: the frame is drawn once at image size, hit or miss at each pixel's
  // centre, and every impostor pixel within a pixel of its shape's outline carries in alpha
  // where that outline is (coverage-aa.js, pass 3): the side of the neighbour across it
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

  /** The GL frame `src` into `words` (top row first, opaque), listing the pixels with a code. */
  function copyAndFindEdges(src) {
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
      const gy = height - 1 - y, s0 = gy * width, d0 = y * width; // GL rows run bottom to top
      for (let x = 0; x < width; x++) {
        const v = src[s0 + x];
        words[d0 + x] = v | 0xff000000;
        if (v >= 0xfc000000) continue;
        // Side of the neighbour across (0 +x, 1 -x, 2 +y, 3 -y in GL's frame) and step.
        const code = v >>> 24, side = (code / EDGE_STEPS) | 0, i = s0 + x, d = d0 + x;
        const left = x > 0 ? i - 1 : -1, right = x + 1 < width ? i + 1 : -1;
        const up = gy + 1 < height ? i + width : -1, down = gy > 0 ? i - width : -1;
        edgeAt[c] = i;
        edgeStep[c] = code - side * EDGE_STEPS;
        edgeOut[c] = d;
        if (side === 0) { edgeAcross[c] = right; edgeInner[c] = left; edgeAcrossOut[c] = d + 1; }
        else if (side === 1) { edgeAcross[c] = left; edgeInner[c] = right; edgeAcrossOut[c] = d - 1; }
        else if (side === 2) { edgeAcross[c] = up; edgeInner[c] = down; edgeAcrossOut[c] = d - width; }
        else { edgeAcross[c] = down; edgeInner[c] = up; edgeAcrossOut[c] = d + width; }
        c++;
      }
    }
    edgeCount = c;
  }

  /** Writes into `words[at]` colour `p` blended with colour `q`, `share` steps of q. */
  function blendInto(at, p, q, share) {
    const k = EDGE_STEPS - share;
    const r = ((p & 255) * k + (q & 255) * share + HALF) / EDGE_STEPS | 0;
    const g = (((p >>> 8) & 255) * k + ((q >>> 8) & 255) * share + HALF) / EDGE_STEPS | 0;
    const b = (((p >>> 16) & 255) * k + ((q >>> 16) & 255) * share + HALF) / EDGE_STEPS | 0;
    words[at] = (0xff000000 | (b << 16) | (g << 8) | r) >>> 0;
  }

  /**
   * The colour of edge pixel `e`'s shape at its outline, from its pixel i (whose code says
   * the outline is t away, t in [0.5, 1)) and its neighbour k one pixel further inside: each
   * channel c_i + 2t (c_i - c_k), clamped. Linear extrapolation would be c_i + t (c_i - c_k);
   * shading falls faster towards a silhouette than linearly, and twice the slope came nearest
   * 2 x 2 supersampling of the factors tried (docs/rendering.md, renderer 8). A neighbour
   * that is off the frame or black background gives c_i itself.
   */
  function rimColour(src, e) {
    const p = src[edgeAt[e]], k = edgeInner[e];
    if (k < 0 || (src[k] & 0xffffff) === 0) return p;
    const q = src[k], f = 2 * edgeStep[e] + 1; // 2t = f / EDGE_STEPS
    let out = 0xff000000;
    for (let shift = 0; shift < 24; shift += 8) {
      const a = (p >>> shift) & 255;
      const c = a + Math.floor(((a - ((q >>> shift) & 255)) * f + HALF) / EDGE_STEPS);
      out |= (c < 0 ? 0 : c > 255 ? 255 : c) << shift;
    }
    return out >>> 0;
  }

  function resolveEdges(src) {
    // Own outlines first: they decide their pixel.
    for (let e = 0; e < edgeCount; e++) {
      const step = edgeStep[e], j = edgeAcross[e];
      if (step >= HALF || j < 0) continue;
      const i = edgeAt[e];
      edgeShare[i] = OWN | (HALF - step);
      edgeFrom[i] = j;
    }
    // Then the shapes that spill into the neighbour across their outline.
    for (let e = 0; e < edgeCount; e++) {
      const share = edgeStep[e] - HALF, j = edgeAcross[e];
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
      blendInto(own ? edgeOut[e] : edgeAcrossOut[e], src[target], share & OWN ? src[from] : rimColour(src, from), share & ~OWN);
    }
  }

  /**
   * Draws under `matrix` (model -> eye, column-major) and `proj` (the camera's projection,
   * column-major); the pixels are in `words`/`image`.
   */
  function draw(matrix, proj, placed) {
    projection = Float32Array.from(proj);
    const m = viewer.rotationGroup.matrix.elements;
    m.set(matrix);
    m[14] += CAMERA_Z; // 3Dmol's camera sits at z = CAMERA_Z, ours at the origin
    viewer.rotationGroup.matrixWorldNeedsUpdate = true;
    const renderer = viewer.getRenderer();
    const gl = renderer.getContext();
    bindTarget(gl);
    // 3Dmol takes the viewport from its canvas, which its own resize observers also size;
    // once in a few hundred scene loads that change the drawing size it was found still at
    // the old size for the first shot (the image then showed a corner of the scene at twice
    // the size). Size it again, and never draw into a viewport that is not the frame's.
    if (renderer.getCanvas().width !== target.w || renderer.getCanvas().height !== target.h) viewer.resize();
    if (renderer.getCanvas().width !== target.w || renderer.getCanvas().height !== target.h) {
      throw new Error(`3Dmol's canvas is ${renderer.getCanvas().width} x ${renderer.getCanvas().height}, the frame ${target.w} x ${target.h}`);
    }
    viewer.render();
    pinPrograms();
    readFrame(gl);
    drawLabels(placed, words);
    return words;
  }

  let runBuffer = new Uint8Array(0);

  /**
   * The pixels as runs of PNG's Sub filter, for a cheap trip to Node (most of a frame is
   * background): each pixel is filtered as a PNG row filters it (its R, G, B minus those of
   * the pixel to its left, modulo 256; the first pixel of a row whole), and the filtered
   * pixels, in raster order, are written as records of varint(zero pixels: a pixel equal to
   * its left neighbour, or black at a row's start), varint(n), then n filtered pixels as
   * three bytes each. Node then only copies the literal bytes into PNG rows
   * (renders/pixel-runs.ts). Alpha is dropped (the canvas is opaque). The first `start` bytes
   * of the result are left for the caller (a message header).
   */
  function pixelRuns(px, start = 0) {
    const n = px.length;
    if (runBuffer.length < start + n * 3 + 16 * (n + 1)) runBuffer = new Uint8Array(start + n * 3 + 16 * (n + 1));
    const out = runBuffer;
    let o = start;
    const varint = (v) => {
      while (v >= 128) { out[o++] = (v & 127) | 128; v >>>= 7; }
      out[o++] = v;
    };
    let i = 0, x = 0; // pixel, and its column
    while (i < n) {
      // Zero pixels: equal to the left neighbour (alpha is always 255), or black at x = 0.
      let r = i, rx = x;
      while (r < n && (rx === 0 ? (px[r] & 0xffffff) === 0 : px[r] === px[r - 1])) {
        r++;
        if (++rx === width) rx = 0;
      }
      let l = r, lx = rx;
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

  /** Draws under `matrix` and returns the pixels as runs (see pixelRuns), base64. */
  function shoot(matrix, proj, placed) {
    return { width, height, runs: pixelRuns(draw(matrix, proj, placed)).toBase64() };
  }

  // The image socket (renders/image-channel.ts): each image one binary message, a 4-byte
  // little-endian serial (images sent on this connection, from 0) and then the runs.
  let imageSocket = null;
  let imageSerial = 0;

  /** Connects to Node's image socket at `url`; resolves true once open. */
  function connectImages(url) {
    return new Promise((resolve, reject) => {
      const ws = new WebSocket(url);
      ws.binaryType = 'arraybuffer';
      ws.onopen = () => {
        imageSocket = ws;
        imageSerial = 0;
        resolve(true);
      };
      ws.onerror = () => reject(new Error(`could not open the image socket ${url}`));
      ws.onclose = () => {
        if (imageSocket === ws) imageSocket = null;
      };
    });
  }

  /** Draws under `matrix` and sends the pixels' runs to the image socket; returns the size. */
  function shootToSocket(matrix, proj, placed) {
    if (!imageSocket || imageSocket.readyState !== WebSocket.OPEN) throw new Error('the image socket is not open');
    const out = pixelRuns(draw(matrix, proj, placed), 4);
    const serial = imageSerial++;
    out[0] = serial & 255;
    out[1] = (serial >>> 8) & 255;
    out[2] = (serial >>> 16) & 255;
    out[3] = (serial >>> 24) & 255;
    imageSocket.send(out); // copied by the browser as it is queued
    return { width, height, bytes: out.length - 4 };
  }

  // A macrotask turn without setTimeout's clamping (nested timers wait >= 4 ms): the
  // WebSocket hands a message's bytes to the network service only as its data pipe drains,
  // which needs the event loop to turn.
  const turn = new MessageChannel();
  const turnWaiters = [];
  turn.port1.onmessage = () => turnWaiters.shift()?.();
  const nextTurn = () => new Promise((resolve) => {
    turnWaiters.push(resolve);
    turn.port2.postMessage(0);
  });

  /**
   * Draws every shot of `shotsJson` (a JSON array of [matrix, projection, labels]) in turn
   * and sends each image's runs to the image socket as it is drawn, so Node encodes one
   * image while the page draws the next, with one protocol call per batch instead of one
   * per image. Resolves to the byte count of each image's runs.
   */
  async function shootBatchToSocket(shotsJson) {
    const shots = JSON.parse(shotsJson);
    const bytes = [];
    for (let k = 0; k < shots.length; k++) {
      if (k > 0) await nextTurn();
      const [matrix, proj, placed] = shots[k];
      bytes.push(shootToSocket(matrix, proj, placed).bytes);
    }
    return bytes;
  }

  /** Draws under `matrix` and returns the whole WebP or JPEG file, base64. */
  async function shootEncoded(matrix, proj, placed, format, quality) {
    draw(matrix, proj, placed);
    ctx.putImageData(image, 0, 0);
    const blob = await comp.convertToBlob({ type: `image/${format}`, quality });
    return { width, height, data: new Uint8Array(await blob.arrayBuffer()).toBase64() };
  }

  /** Closes the image socket (what a lost connection does; used by tests). */
  function closeImageSocket() {
    imageSocket?.close();
    imageSocket = null;
  }

  window.misi = { load, shoot, shootBatchToSocket, connectImages, closeImageSocket, shootEncoded, fontReady: () => fontReady.then(() => document.fonts.check(`12px ${FONT_FAMILY}`)) };
})();
