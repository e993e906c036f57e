// Runs inside the headless page (plain browser JavaScript, no imports). Node drives it
// through window.misi: load a scene once, then shoot it under any number of matrices.
// The pipeline's matrices are the ground truth: the page only copies them into 3Dmol.
/* global $3Dmol */
(() => {
  const FONT_FAMILY = 'MisiDejaVuSans';
  const CAMERA_Z = 150; // 3Dmol's fixed camera position on its z axis
  let viewer = null;
  let container = null;
  let antialias = null;
  let projection = null;

  const fontReady = (async () => {
    const face = new FontFace(FONT_FAMILY, 'url(/assets/DejaVuSans.ttf)');
    await face.load();
    document.fonts.add(face);
  })();

  const hex = (s) => parseInt(s.slice(1), 16);

  function makeViewer(scene) {
    container = document.getElementById('stage');
    container.style.width = `${scene.width}px`;
    container.style.height = `${scene.height}px`;
    viewer = $3Dmol.createViewer(container, {
      backgroundColor: scene.background,
      antialias: scene.antialias,
      upscale: false,
      disableFog: true,
      nomouse: true,
    });
    antialias = scene.antialias;
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
    // Keep the image in the WebGL context (no copy to the page's canvas): we read it there.
    viewer.getRenderer()._bitmap = null;
    viewer.rotationGroup.matrixAutoUpdate = false;
    viewer.modelGroup.matrixAutoUpdate = false;
    viewer.modelGroup.matrix.identity();
  }

  async function load(scene) {
    await fontReady;
    if (viewer && antialias !== scene.antialias) throw new Error('antialias changed: reload the page');
    if (!viewer) makeViewer(scene);
    viewer.clear();
    if (container.style.width !== `${scene.width}px` || container.style.height !== `${scene.height}px`) {
      container.style.width = `${scene.width}px`;
      container.style.height = `${scene.height}px`;
      viewer.resize();
    }
    viewer.setBackgroundColor(hex(scene.background), 1);
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
    for (const l of scene.labels) {
      viewer.addLabel(l.text, {
        position: { x: l.x, y: l.y, z: l.z },
        font: FONT_FAMILY,
        fontSize: scene.label.fontSize,
        fontColor: scene.label.fontColor,
        backgroundColor: scene.label.backgroundColor,
        backgroundOpacity: scene.label.backgroundOpacity,
        showBackground: scene.label.backgroundOpacity > 0,
        inFront: true,
      });
    }
    return true;
  }

  /** Draws under `matrix` (model -> eye, column-major) and returns the RGB pixels, top row first, base64. */
  function shoot(matrix) {
    const m = viewer.rotationGroup.matrix.elements;
    m.set(matrix);
    m[14] += CAMERA_Z; // 3Dmol's camera sits at z = CAMERA_Z, ours at the origin
    viewer.rotationGroup.matrixWorldNeedsUpdate = true;
    viewer.render();
    const gl = viewer.getRenderer().getContext ? viewer.getRenderer().getContext() : viewer.getRenderer()._gl;
    const w = gl.drawingBufferWidth;
    const h = gl.drawingBufferHeight;
    const rgba = new Uint8Array(w * h * 4);
    gl.readPixels(0, 0, w, h, gl.RGBA, gl.UNSIGNED_BYTE, rgba);
    const rgb = new Uint8Array(w * h * 3);
    for (let y = 0; y < h; y++) {
      let s = (h - 1 - y) * w * 4;
      let d = y * w * 3;
      for (let x = 0; x < w; x++, s += 4, d += 3) {
        rgb[d] = rgba[s];
        rgb[d + 1] = rgba[s + 1];
        rgb[d + 2] = rgba[s + 2];
      }
    }
    return { width: w, height: h, rgb: rgb.toBase64() };
  }

  window.misi = { load, shoot, fontReady: () => fontReady.then(() => document.fonts.check(`12px ${FONT_FAMILY}`)) };
})();
