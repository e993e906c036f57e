// The browse site's question page: the record's text, its images in order at their own size
// (a click shows one large), the options with their images, the answer, the truth record and
// the parameters, the other questions on the same complex, and the complex in 3D
// (renders/viewer/viewer.js) with a button per view and one for the labels (off until asked
// for). A missing image or record is said in place.
(() => {
  const h = /** @type {any} */ (window).h;
  const MISI = /** @type {any} */ (window).MISI;
  const VIEWS = ['front', 'left', 'top', 'back', 'right', 'bottom'];

  /** Shows `src` large over the page; a click closes it. */
  function zoom(/** @type {string} */ src) {
    const z = /** @type {HTMLElement} */ (document.getElementById('zoom'));
    z.replaceChildren(h('img', { src, alt: 'zoomed image' }));
    z.hidden = false;
    z.onclick = () => {
      z.hidden = true;
      z.replaceChildren();
    };
  }

  /**
   * The answer as its task's answer kind reads it (the site summary names the kind, qa/answer-kinds.ts):
   * a letter (its option's row marked in the table), a verdict and its bonds, a bond or residue list one a line, else the text.
   * @param {any} r @param {string} kind
   */
  function answerView(r, kind) {
    const a = String(r.answer);
    const bondList = (/** @type {string} */ text) =>
      h(
        'ul',
        { class: 'bonds' },
        text.split(';').map((/** @type {string} */ b) => h('li', {}, b.trim())),
      );
    if (kind === 'verdict' && /^Yes:/.test(a))
      return h('div', { id: 'answer', class: 'answer' }, h('b', {}, 'Yes'), ', bonded by:', bondList(a.slice(4)));
    if (kind === 'residues') return h('div', { id: 'answer', class: 'answer' }, a ? bondList(a) : h('b', {}, 'none'));
    if (kind === 'bonds') return h('div', { id: 'answer', class: 'answer' }, a ? bondList(a) : h('b', {}, 'none (no hydrogen bond)'));
    return h('p', { id: 'answer', class: 'answer' }, h('b', {}, a));
  }

  /** An image of the dataset (path relative to it), or a message naming it when it is missing. */
  function image(/** @type {string} */ path, /** @type {string} */ caption, /** @type {boolean} */ thumb = false) {
    const src = `${MISI.datasetUrl}/${path.split('/').map(encodeURIComponent).join('/')}`;
    const fig = h('figure', { class: thumb ? 'thumb' : '' });
    const img = h('img', { src, alt: caption, 'data-path': path, onclick: () => zoom(src) });
    img.addEventListener('error', () =>
      fig.replaceChildren(
        h(
          'div',
          { class: 'missing' },
          `${caption}: ${path} is missing (looked for ${new URL(src, location.href).pathname}; the dataset folder must sit where the site expects it, ${MISI.datasetUrl} from the site)`,
        ),
      ),
    );
    fig.append(img, h('figcaption', {}, caption));
    return fig;
  }

  /** The 3D view of complex `id` into `box`. */
  async function threeD(/** @type {HTMLElement} */ box, /** @type {string} */ id) {
    let scene;
    try {
      scene = await MISI.load(`complexes/${id}`);
    } catch (e) {
      box.replaceChildren(h('div', { class: 'missing' }, `No 3D view of complex ${id}: ${/** @type {Error} */ (e).message}`));
      return;
    }
    const holder = h('div', { id: 'viewer' });
    const status = h('span', { class: 'note', id: 'view-name' }, 'front view');
    const buttons = h('div', { class: 'views' });
    box.replaceChildren(
      h('h2', {}, `Complex ${id} in 3D`),
      holder,
      buttons,
      h(
        'p',
        { class: 'note' },
        'Drag to turn, scroll to zoom. Colours and hidden hydrogens as in the images; the buttons show the six views of the questions. Labels are off until asked for: here each sits on its atom, so in a crowded pocket they overlap (the images move them clear of each other).',
      ),
    );
    const v = await /** @type {any} */ (window).MisiViewer.show(holder, scene);
    /** @type {any} */ (window).misiViewer = v; // for tests and the console: v.viewer is 3Dmol's
    const labelButton = h(
      'button',
      {
        id: 'labels',
        onclick: () => {
          const on = !v.labelsShown();
          v.labels(on);
          labelButton.textContent = on ? 'hide labels' : 'show labels';
        },
      },
      'show labels',
    );
    buttons.append(
      ...VIEWS.map((name) =>
        h(
          'button',
          {
            'data-view': name,
            onclick: () => {
              v.setView(name);
              status.textContent = `${name} view`;
            },
          },
          name,
        ),
      ),
      labelButton,
      ' ',
      status,
    );
  }

  async function show(/** @type {HTMLElement} */ main, /** @type {string} */ id) {
    const Store = /** @type {any} */ (window).MisiStore;
    main.replaceChildren(h('p', {}, `Looking for ${id}...`));
    const t = await Store.all();
    const i = t.byId.get(id);
    if (i === undefined) {
      main.replaceChildren(
        h('div', { class: 'missing' }, `No question with id '${id}' in this site's index (${t.n} questions of ${t.tasks.length} tasks).`),
      );
      return;
    }
    let r;
    try {
      r = await Store.record(i);
    } catch (e) {
      main.replaceChildren(
        h('div', { class: 'missing' }, `Question ${id}: its record cannot be read: ${/** @type {Error} */ (e).message}`),
      );
      return;
    }
    const complexCode = t.facets.complex.codes[i];
    const others = [];
    for (let k = 0; k < t.n && others.length < 200; k++) if (k !== i && t.facets.complex.codes[k] === complexCode) others.push(k);
    const params = /** @type {Record<string, unknown>} */ (r.meta?.params ?? {});
    const kind = Store.summary.tasks.find((/** @type {any} */ x) => x.task === r.task)?.answer ?? 'text';
    const tiny = t.facets.tiny?.values[t.facets.tiny.codes[i]] === 'yes';
    const text = h(
      'div',
      { class: 'text' },
      h('h1', {}, r.id),
      h(
        'p',
        {},
        `task ${r.task} · split ${r.split}${tiny ? ' (in the tiny set)' : ''} · complex `,
        h('a', { href: `#/list?complex=${encodeURIComponent(r.complex)}` }, r.complex),
      ),
      h('h2', {}, 'Question'),
      h('pre', { class: 'question' }, r.question),
      h('h2', {}, `Images (${r.images.length}, in question order; click to zoom)`),
      h(
        'div',
        { class: 'images' },
        r.images.map((/** @type {string} */ p, /** @type {number} */ k) => image(p, `Image ${k + 1}`)),
      ),
      r.options
        ? [
            h('h2', {}, 'Options'),
            h(
              'table',
              { id: 'options' },
              r.options.map((/** @type {any} */ o) =>
                h(
                  'tr',
                  { 'data-letter': o.letter, class: kind === 'letter' && o.letter === r.answer ? 'right' : '' },
                  h('th', {}, o.letter),
                  h('td', {}, o.commands ?? o.text ?? ''),
                  h('td', {}, o.image ? image(o.image, `option ${o.letter}`, true) : ''),
                ),
              ),
            ),
          ]
        : null,
      h('h2', {}, 'Answer'),
      answerView(r, kind),
      h('h2', {}, 'Truth record'),
      h('pre', { class: 'json', id: 'truth' }, JSON.stringify(r.truth, null, 2)),
      h('h2', {}, 'Parameters'),
      h(
        'table',
        { id: 'params' },
        Object.entries(params).map(([k, v]) =>
          h('tr', {}, h('th', {}, k), h('td', {}, typeof v === 'object' ? JSON.stringify(v) : String(v))),
        ),
      ),
      h('details', {}, h('summary', {}, 'meta'), h('pre', { class: 'json' }, JSON.stringify(r.meta, null, 2))),
      h('h2', {}, `Other questions on ${r.complex} (${others.length}${others.length === 200 ? '+' : ''})`),
      h(
        'p',
        { class: 'others' },
        others.map((k) => h('a', { href: `#/q/${encodeURIComponent(t.ids[k])}` }, t.ids[k])),
      ),
    );
    const three = h('div', { class: 'three' }, h('p', {}, 'Loading the 3D view...'));
    main.replaceChildren(h('div', { class: 'question-page' }, text, three));
    // The text and images are painted first; the 3D view (a second or more of WebGL's start
    // under software rendering) after that frame.
    await new Promise((painted) => requestAnimationFrame(() => setTimeout(painted, 0)));
    await threeD(three, r.complex);
  }

  /** @type {any} */ (window).MisiQuestion = { show, image, zoom };
})();
