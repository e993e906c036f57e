// Runs inside the headless page (plain browser JavaScript, no imports). Node drives it
// through window.misi: load a scene once, then shoot it under any number of matrices.
// The pipeline's matrices are the ground truth: the page only copies them into 3Dmol.
//
// One shot: 3Dmol draws the molecule with WebGL; the frame is copied into a 2D canvas and
// the labels are drawn over it there (text with the bundled font, at the projected
// positions of their atoms, farthest first, as 3Dmol's own in-front labels are placed:
// the box's top-left corner on the atom). The pixels leave the page as runs (most of a
// frame is background, so this is a few hundred kB rather than a megabyte of base64) and
// Node encodes the PNG; or the page encodes WebP/JPEG with the canvas's own encoders.
/* global $3Dmol */
(() => {
  const FONT_FAMILY = 'MisiDejaVuSans';
  const CAMERA_Z = 150; // 3Dmol's fixed camera position on its z axis
  const LABEL_PADDING = 4; // 3Dmol's label padding, CSS pixels
  const LABEL_RADIUS = 6; // 3Dmol's rounded-box corner radius
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
    // Under WebGL2 3Dmol draws into a texture (reallocated every frame) and then copies it
    // to the canvas as one screen-filling quad. Draw straight into the canvas instead.
    renderer._fb = null;
    viewer.rotationGroup.matrixAutoUpdate = false;
    viewer.modelGroup.matrixAutoUpdate = false;
    viewer.modelGroup.matrix.identity();
  }

  /**
   * Antialiasing is supersampling: the molecule is drawn at SUPERSAMPLE times the image
   * size and each SUPERSAMPLE x SUPERSAMPLE block averaged into one pixel (the 2D canvas's
   * bilinear filter at exactly half size is that box average). The projection is in
   * normalised device coordinates, so framing and positions do not change.
   */
  const SUPERSAMPLE = 2;
  let scale = 1;

  /** Sizes the 3Dmol element for `scene`; true when it changed. */
  function setStage(scene) {
    scale = scene.antialias ? SUPERSAMPLE : 1;
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
      viewer.getRenderer()._fb = null; // resize makes 3Dmol's texture framebuffer again
    }
    width = scene.width;
    height = scene.height;
    sizeCanvas(width, height);
    if (background !== scene.background) {
      viewer.setBackgroundColor(hex(scene.background), 1); // this draws a frame too
      background = scene.background;
    }
    projection = Float32Array.from(scene.projection);
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
    ctx.font = `${labelStyle.fontSize}px ${FONT_FAMILY}`;
    labels = scene.labels.map((l, id) => {
      const textWidth = ctx.measureText(l.text).width;
      // 3Dmol sizes each label's canvas like this (truncated to whole pixels).
      const boxWidth = Math.floor(textWidth + 2 * LABEL_PADDING);
      const boxHeight = Math.floor(labelStyle.fontSize * 1.25 + 2 * LABEL_PADDING);
      return { id, text: l.text, x: l.x, y: l.y, z: l.z, textWidth, boxWidth, boxHeight };
    });
    return true;
  }

  /** Labels over the frame in ctx: projected with our matrices, farthest drawn first. */
  function drawLabels(matrix) {
    if (!labels.length) return;
    const m = matrix;
    const p = projection;
    const placed = [];
    for (const l of labels) {
      const ex = m[0] * l.x + m[4] * l.y + m[8] * l.z + m[12];
      const ey = m[1] * l.x + m[5] * l.y + m[9] * l.z + m[13];
      const ez = m[2] * l.x + m[6] * l.y + m[10] * l.z + m[14];
      const cx = p[0] * ex + p[4] * ey + p[8] * ez + p[12];
      const cy = p[1] * ex + p[5] * ey + p[9] * ez + p[13];
      const cz = p[2] * ex + p[6] * ey + p[10] * ez + p[14];
      const cw = p[3] * ex + p[7] * ey + p[11] * ez + p[15];
      if (!(cw > 0) || Math.abs(cz / cw) > 1) continue; // clipped, as the GL sprite would be
      // Whole pixels, so the glyphs are not resampled.
      placed.push({ l, x: Math.round(((cx / cw + 1) / 2) * width), y: Math.round(((1 - cy / cw) / 2) * height), dist: -ez });
    }
    placed.sort((a, b) => (b.dist - a.dist) || (b.l.id - a.l.id));
    const s = labelStyle;
    const box = s.backgroundOpacity > 0 ? rgba(s.backgroundColor, s.backgroundOpacity) : null;
    const text = rgba(s.fontColor, 1);
    ctx.font = `${s.fontSize}px ${FONT_FAMILY}`;
    for (const { l, x, y } of placed) {
      if (box) {
        ctx.fillStyle = box;
        ctx.beginPath();
        ctx.roundRect(x, y, l.boxWidth, l.boxHeight, LABEL_RADIUS);
        ctx.fill();
      }
      ctx.fillStyle = text;
      ctx.fillText(l.text, x + LABEL_PADDING, y + s.fontSize + LABEL_PADDING, l.textWidth);
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

  let small = null; // { fb, rb, w, h }: the image-size framebuffer the frame is shrunk into
  let frameData = null;
  let rowBuffer = null;

  /**
   * The frame at image size, top row first: shrunk on the GL side (a linear blit at exactly
   * 1/2 size averages each 2 x 2 block) so only the image-size pixels are read back.
   */
  function readFrame() {
    const gl = viewer.getRenderer().getContext();
    if (!frameData || frameData.width !== width || frameData.height !== height) {
      frameData = new ImageData(width, height);
      rowBuffer = new Uint8Array(width * 4);
    }
    const px = new Uint8Array(frameData.data.buffer);
    if (scale === 1) {
      gl.bindFramebuffer(gl.FRAMEBUFFER, null);
      gl.readPixels(0, 0, width, height, gl.RGBA, gl.UNSIGNED_BYTE, px);
    } else {
      if (!small || small.w !== width || small.h !== height) {
        if (small) { gl.deleteFramebuffer(small.fb); gl.deleteRenderbuffer(small.rb); }
        const rb = gl.createRenderbuffer();
        gl.bindRenderbuffer(gl.RENDERBUFFER, rb);
        gl.renderbufferStorage(gl.RENDERBUFFER, gl.RGBA8, width, height);
        const fb = gl.createFramebuffer();
        gl.bindFramebuffer(gl.FRAMEBUFFER, fb);
        gl.framebufferRenderbuffer(gl.FRAMEBUFFER, gl.COLOR_ATTACHMENT0, gl.RENDERBUFFER, rb);
        small = { fb, rb, w: width, h: height };
      }
      gl.disable(gl.SCISSOR_TEST);
      gl.bindFramebuffer(gl.READ_FRAMEBUFFER, null);
      gl.bindFramebuffer(gl.DRAW_FRAMEBUFFER, small.fb);
      gl.blitFramebuffer(0, 0, width * scale, height * scale, 0, 0, width, height, gl.COLOR_BUFFER_BIT, gl.LINEAR);
      gl.bindFramebuffer(gl.READ_FRAMEBUFFER, small.fb);
      gl.readPixels(0, 0, width, height, gl.RGBA, gl.UNSIGNED_BYTE, px);
      gl.bindFramebuffer(gl.FRAMEBUFFER, null);
    }
    // GL rows run bottom to top.
    const stride = width * 4;
    for (let top = 0, bottom = height - 1; top < bottom; top++, bottom--) {
      rowBuffer.set(px.subarray(top * stride, top * stride + stride));
      px.copyWithin(top * stride, bottom * stride, bottom * stride + stride);
      px.set(rowBuffer, bottom * stride);
    }
    for (let i = 3; i < px.length; i += 4) px[i] = 255; // opaque, as the canvas is
    return frameData;
  }

  /** Draws under `matrix` (model -> eye, column-major) into the 2D canvas; returns its RGBA. */
  function draw(matrix) {
    const m = viewer.rotationGroup.matrix.elements;
    m.set(matrix);
    m[14] += CAMERA_Z; // 3Dmol's camera sits at z = CAMERA_Z, ours at the origin
    viewer.rotationGroup.matrixWorldNeedsUpdate = true;
    viewer.render();
    pinPrograms();
    ctx.putImageData(readFrame(), 0, 0);
    drawLabels(matrix);
    return ctx.getImageData(0, 0, width, height).data;
  }

  let runBuffer = new Uint8Array(0);

  /**
   * The pixels as runs, for a cheap trip to Node (most of a frame is background): records
   * of varint(repeats of the previous pixel), varint(n), then n literal pixels as RGB. The
   * previous pixel starts as opaque black. Alpha is dropped (the canvas is opaque).
   */
  function pixelRuns(rgba) {
    const px = new Uint32Array(rgba.buffer, rgba.byteOffset, rgba.length >> 2);
    const n = px.length;
    if (runBuffer.length < n * 3 + 16 * (n + 1)) runBuffer = new Uint8Array(n * 3 + 16 * (n + 1));
    const out = runBuffer;
    let o = 0;
    const varint = (v) => {
      while (v >= 128) { out[o++] = (v & 127) | 128; v >>>= 7; }
      out[o++] = v;
    };
    let prev = 0xff000000; // opaque black, as a Uint32Array reads it
    let i = 0;
    while (i < n) {
      let r = i;
      while (r < n && px[r] === prev) r++;
      let l = r;
      if (l < n) {
        l++;
        while (l < n && px[l] !== px[l - 1]) l++;
      }
      varint(r - i);
      varint(l - r);
      for (let k = r; k < l; k++) {
        const v = px[k];
        out[o++] = v & 255;
        out[o++] = (v >>> 8) & 255;
        out[o++] = (v >>> 16) & 255;
      }
      if (l > r) prev = px[l - 1];
      i = l;
    }
    return out.subarray(0, o);
  }

  /** Draws under `matrix` and returns the pixels as runs (see pixelRuns), base64. */
  function shoot(matrix) {
    return { width, height, runs: pixelRuns(draw(matrix)).toBase64() };
  }

  /** Draws under `matrix` and returns the whole WebP or JPEG file, base64. */
  async function shootEncoded(matrix, format, quality) {
    draw(matrix);
    const blob = await comp.convertToBlob({ type: `image/${format}`, quality });
    return { width, height, data: new Uint8Array(await blob.arrayBuffer()).toBase64() };
  }

  window.misi = {  load, shoot, shootEncoded, fontReady: () => fontReady.then(() => document.fonts.check(`12px ${FONT_FAMILY}`)) };
})();
