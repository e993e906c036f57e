// The human page: the session's questions one at a time as a model is asked them (the
// instructions, the question text, its images, full size on a click; no answer shown), an
// answer control per form (human-forms.js), the seconds each answer took, progress kept in
// localStorage (a reload resumes where it stopped), and the answers exported at any time as
// a predictions file for `misi-gen score` (JSON lines {id, prediction, seconds, task, participant}).
(() => {
  const h = /** @type {any} */ (window).h;
  const MISI = /** @type {any} */ (window).MISI;
  const main = () => /** @type {HTMLElement} */ (document.getElementById('main'));
  /** @type {any} */ let session;
  /** @type {{participant: string, answers: Record<string, {prediction: string, seconds: number}>, current: number, shownAt: number | null}} */
  let state;
  /** @type {((ev: KeyboardEvent) => boolean) | undefined} */
  let onKey;

  const storageKey = () => `misi-human:${session.key}`;
  const save = () => localStorage.setItem(storageKey(), JSON.stringify(state));
  function restore() {
    try {
      const s = JSON.parse(localStorage.getItem(storageKey()) ?? 'null');
      if (s && typeof s.answers === 'object') return s;
    } catch {
      /* a broken entry starts over */
    }
    return { participant: '', answers: {}, current: 0, shownAt: null };
  }

  /** The answers given so far, as predictions lines. */
  function predictions() {
    return (
      session.questions
        .filter((/** @type {any} */ q) => state.answers[q.id])
        .map((/** @type {any} */ q) =>
          JSON.stringify({
            id: q.id,
            prediction: state.answers[q.id].prediction,
            seconds: state.answers[q.id].seconds,
            task: q.task,
            participant: state.participant,
          }),
        )
        .join('\n') + '\n'
    );
  }
  const exportName = () => `${(state.participant || 'participant').replace(/[^\w.-]+/g, '_')}.${session.split}.jsonl`;
  function download() {
    const a = /** @type {HTMLAnchorElement} */ (
      h('a', { href: URL.createObjectURL(new Blob([predictions()], { type: 'application/jsonl' })), download: exportName() })
    );
    document.body.append(a);
    a.click();
    a.remove();
  }

  function zoom(/** @type {string} */ src) {
    const z = /** @type {HTMLElement} */ (document.getElementById('zoom'));
    z.replaceChildren(h('img', { src, alt: 'full size' }));
    z.hidden = false;
    z.onclick = () => {
      z.hidden = true;
      z.replaceChildren();
    };
  }

  function start() {
    const name = /** @type {HTMLInputElement} */ (
      h('input', { type: 'text', id: 'participant', placeholder: 'a name or code for your answers', value: state.participant })
    );
    const begin = () => {
      state.participant = name.value.trim() || 'participant';
      save();
      show();
    };
    name.addEventListener('keydown', (ev) => {
      if (ev.key === 'Enter') begin();
    });
    const counts = Object.entries(session.perTask)
      .map(([t, n]) => `${t} ${n}`)
      .join(', ');
    main().replaceChildren(
      h('h1', {}, 'Questions on molecules in space'),
      h(
        'p',
        {},
        `You will be asked ${session.questions.length} questions (${counts}), one at a time, each with its pictures, exactly as an AI model is asked them. Read each question to its end: it says how the pictures are drawn and in which form to answer.`,
      ),
      h(
        'ul',
        {},
        h('li', {}, 'Click a picture to see it full size; click again to close it.'),
        h(
          'li',
          {},
          'Choice questions: click a letter or press its key (A-D); yes-or-no questions: Yes or No (keys Y, N). Typed answers are checked for their form before they are accepted; a wrong form is not counted as an answer.',
        ),
        h('li', {}, 'There is no going back, and no answer is shown. The time you take on each question is recorded.'),
        h(
          'li',
          {},
          'You may stop and come back: this browser keeps your progress. At the end, download your answers and send the file back.',
        ),
      ),
      h('p', {}, 'Your name or code: ', name, ' ', h('button', { id: 'start', onclick: begin }, 'start')),
    );
    name.focus();
  }

  function finished() {
    onKey = undefined;
    main().replaceChildren(
      h('h1', {}, 'Done: thank you'),
      h(
        'p',
        {},
        `You answered ${Object.keys(state.answers).length} of ${session.questions.length} questions. Download your answers and send the file (${exportName()}) back.`,
      ),
      h('p', {}, h('button', { id: 'download', onclick: download }, 'download answers')),
      h('p', { class: 'note' }, 'Or copy them from here:'),
      h('textarea', { id: 'export', readonly: true }, predictions()),
    );
  }

  function show() {
    const i = state.current;
    if (i >= session.questions.length) return finished();
    const q = session.questions[i];
    if (state.shownAt === null) {
      state.shownAt = Date.now();
      save();
    }
    /** @param {string} prediction */
    const submit = (prediction) => {
      state.answers[q.id] = { prediction, seconds: Math.round((Date.now() - /** @type {number} */ (state.shownAt)) / 100) / 10 };
      state.current = i + 1;
      state.shownAt = null;
      save();
      show();
    };
    const c = /** @type {any} */ (window).MisiForms.control(q.form, submit);
    onKey = c.onKey;
    const missing = new Set(session.missingImages);
    /** @type {HTMLElement} */ (document.getElementById('where')).textContent = `question ${i + 1} of ${session.questions.length}`;
    main().replaceChildren(
      h('div', { class: 'progress' }, h('div', { style: `width:${(100 * i) / session.questions.length}%` })),
      h('h1', { id: 'question-number', 'data-id': q.id }, `Question ${i + 1} of ${session.questions.length}`),
      h('pre', { class: 'question' }, q.question),
      h(
        'div',
        { class: 'images' },
        q.images.map((/** @type {string} */ p, /** @type {number} */ k) => {
          const caption = `Image ${k + 1}`;
          if (missing.has(p))
            return h(
              'div',
              { class: 'missing' },
              `${caption}: ${p} was missing from the dataset when this page was made; answer from the other images or skip with any answer, and tell whoever sent the page.`,
            );
          const fig = h('figure', {});
          const img = h('img', { src: p, alt: caption, onclick: () => zoom(p) });
          img.addEventListener('error', () =>
            fig.replaceChildren(
              h('div', { class: 'missing' }, `${caption}: ${p} is missing beside this page (was the folder copied whole?)`),
            ),
          );
          fig.append(img, h('figcaption', {}, caption));
          return fig;
        }),
      ),
      h('div', { class: 'answer-controls' }, c.element),
    );
    c.focus?.();
  }

  window.addEventListener('keydown', (ev) => {
    const z = /** @type {HTMLElement} */ (document.getElementById('zoom'));
    if (!z.hidden && ev.key === 'Escape') {
      z.click();
      return;
    }
    if (onKey && !(ev.target instanceof HTMLInputElement) && onKey(ev)) ev.preventDefault();
  });

  window.addEventListener('DOMContentLoaded', async () => {
    try {
      session = await MISI.load('session');
    } catch (e) {
      main().replaceChildren(h('div', { class: 'missing' }, `This page cannot start: ${/** @type {Error} */ (e).message}`));
      return;
    }
    state = restore();
    document.getElementById('export-now')?.addEventListener('click', download);
    if (!state.participant) start();
    else show();
    /** @type {any} */ (window).misiReady = true;
  });
})();
