// The interactive 3D view of a complex on a static page (the browse site): draws a
// ViewerScene (renders/viewer-scene.ts) with 3Dmol.js as the renderer does (sticks, its
// colours, hydrogens left out, black background), starts in the front view, and turns to any
// of the six views on request. The residue and ligand-atom labels are off until asked for
// (`labels(true)`): 3Dmol places each at its atom, where they pile up in a crowded pocket (the
// images place them clear of each other), and they are all added in one pass, drawn once
// (addLabel's no-redraw argument: adding ~100 labels one redraw each held a page for 20 s).
// The drawing is split into tasks so that the page answers between them. A classic script (pages
// opened from the file system cannot load modules): it defines window.MisiViewer and needs
// window.$3Dmol (3Dmol-min.js) loaded before it.
(() => {
  /** @param {string} c '#RRGGBB' */
  const hex = (c) => parseInt(c.slice(1), 16);
  /** How much closer than 3Dmol's zoomTo the view starts: about the renderer's framing. */
  const ZOOM = 1.1;

  /** Lets the page run what waits (a frame, input, a script) between two long steps. */
  const pause = () => new Promise((resolve) => setTimeout(resolve, 0));

  /**
   * Draws `scene` into `element` (which must have a size); resolves with the controls. The
   * three long steps (WebGL's start, the model, the first frame, whose shaders a software
   * renderer compiles for a second or more) each run in a task of their own.
   * @param {HTMLElement} element
   * @param {any} scene
   */
  async function show(element, scene) {
    const $3Dmol = /** @type {any} */ (window).$3Dmol;
    if (!$3Dmol) throw new Error('3Dmol.js is not loaded (assets/3Dmol-min.js missing?)');
    const viewer = $3Dmol.createViewer(element, { backgroundColor: scene.style.background, antialias: true });
    await pause();
    const jmol = $3Dmol.elementColors.Jmol;
    const atoms = scene.atoms.map((/** @type {any[]} */ a, /** @type {number} */ i) => ({
      elem: a[0],
      x: a[1],
      y: a[2],
      z: a[3],
      index: i,
      serial: i + 1,
      bonds: [],
      bondOrder: [],
      color: a[4] ? hex(a[4]) : (jmol[a[0]] ?? jmol[String(a[0]).toUpperCase()] ?? 0xff1493),
    }));
    for (let k = 0; k < scene.bonds.length; k += 2) {
      const i = scene.bonds[k],
        j = scene.bonds[k + 1];
      atoms[i].bonds.push(j);
      atoms[i].bondOrder.push(1);
      atoms[j].bonds.push(i);
      atoms[j].bondOrder.push(1);
    }
    const model = viewer.addModel();
    model.addAtoms(atoms);
    model.setStyle({}, { stick: { radius: scene.style.stickRadius } });
    const lone = atoms.flatMap((/** @type {any} */ a, /** @type {number} */ i) => (a.bonds.length ? [] : [i]));
    if (lone.length) model.setStyle({ index: lone }, { sphere: { radius: scene.style.stickRadius } });
    /** @type {any[]} */
    let labels = [];
    const labelsOn = () => {
      labels = scene.labels.map((/** @type {any[]} */ l) => {
        const a = atoms[l[1]];
        return viewer.addLabel(
          l[0],
          {
            position: { x: a.x, y: a.y, z: a.z },
            fontSize: scene.style.fontSize,
            fontColor: scene.style.fontColor,
            backgroundColor: scene.style.backgroundColor,
            backgroundOpacity: scene.style.backgroundOpacity,
            inFront: true,
          },
          undefined,
          true,
        );
      });
    };
    viewer.zoomTo();
    // zoomTo fits the bounding sphere; the renderer's camera fits the front view's box, closer.
    viewer.zoom(ZOOM);
    const base = viewer.getView();
    /** @param {string} name */
    const setView = (name) => {
      const q = scene.views[name];
      if (!q) throw new Error(`no view '${name}'`);
      const v = base.slice();
      v[4] = q[0];
      v[5] = q[1];
      v[6] = q[2];
      v[7] = q[3];
      viewer.setView(v);
      viewer.render();
    };
    await pause();
    setView('front');
    return {
      viewer,
      setView,
      /** @param {boolean} on */
      labels(on) {
        if (labels.length) viewer.removeAllLabels();
        labels = [];
        if (on) labelsOn();
        viewer.render();
      },
      /** Whether the labels are shown. */
      labelsShown: () => labels.length > 0,
    };
  }

  /** @type {any} */ (window).MisiViewer = { show };
})();
