// The human page: the session's questions one at a time as a model is asked them (the
// instructions and the time it takes first; then each question: its first line, its images as
// large as the screen shows them whole, beside them the rest of its text and the answer control
// per form, human-forms.js; a click shows an image at full size; no answer shown). The text's
// paragraphs an earlier question already showed word for word (how the pictures are drawn, the
// frame, the views...) are folded into one line that opens them (layout: human-layout.js). The
// seconds each answer took, progress kept in localStorage (a reload resumes where it stopped),
// and the answers exported at any time as a predictions file for `misi-gen score` (JSON lines
// {id, prediction, seconds, task, participant}); the last screen says the session is finished.
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
    const L = /** @type {any} */ (window).MisiLayout;
    const n = session.questions.length;
    const perTask = Object.entries(session.perTask).map(([t, k]) => {
      const short = session.n !== undefined && /** @type {number} */ (k) < session.n;
      return h(
        'li',
        { 'data-task': t },
        `${t}: ${k}`,
        short ? h('span', { class: 'note' }, ` (fewer than ${session.n}: ${L.shortBecause(session, t)})`) : null,
      );
    });
    const [low, high] = session.secondsPerQuestion;
    main().replaceChildren(
      h('h1', {}, 'Questions on molecules in space'),
      h(
        'p',
        { id: 'session-size' },
        `You will be asked ${n} questions, one at a time, each with its pictures, exactly as an AI model is asked them`,
        session.n !== undefined ? `: up to ${session.n} of each of ${perTask.length} kinds of question (tasks),` : '',
        ' grouped by task:',
      ),
      h('ul', { class: 'per-task' }, perTask),
      h(
        'p',
        { id: 'time-estimate' },
        h('b', {}, `It takes about ${L.duration(n * low)} to ${L.duration(n * high)}`),
        ` (a rough guess of ${low} to ${high} seconds a question; the questions with many pictures take longest). You may stop at any time and come back later.`,
      ),
      h(
        'ul',
        {},
        h(
          'li',
          {},
          'Read each question to its end: it says how the pictures are drawn and in which form to answer. A paragraph you have read in an earlier question (how the pictures are drawn, the coordinate frame, the views...) is folded into one line the next time; click it to read it again.',
        ),
        h(
          'li',
          {},
          'The pictures are shown as large as your screen shows them whole; click one to see it at full size (click again or press Escape to close it, the arrow keys show the others).',
        ),
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
    /** @type {HTMLElement} */ (document.getElementById('where')).textContent = 'finished';
    main().replaceChildren(
      h('h1', { id: 'finished' }, 'Finished: thank you'),
      h(
        'p',
        {},
        `The session is finished: you answered all ${Object.keys(state.answers).length} of its ${session.questions.length} questions. Download your answers and send the file (${exportName()}) back.`,
      ),
      h('p', {}, h('button', { id: 'download', onclick: download }, 'download answers')),
      h('p', { class: 'note' }, 'Or copy them from here:'),
      h('textarea', { id: 'export', readonly: true }, predictions()),
    );
    /** @type {any} */ (window).MisiLayout.fit();
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
    /** @type {HTMLElement} */ (document.getElementById('where')).textContent = `question ${i + 1} of ${session.questions.length}`;
    main().replaceChildren(
      h('div', { class: 'progress' }, h('div', { style: `width:${(100 * i) / session.questions.length}%` })),
      /** @type {any} */ (window).MisiLayout.question(session, i, c.element),
    );
    /** @type {any} */ (window).MisiLayout.fit();
    c.focus?.();
    // Focusing the answer field must not scroll the first image away, nor the text's start.
    window.scrollTo(0, 0);
    document.querySelector('.q-text')?.scrollTo(0, 0);
  }

  window.addEventListener('keydown', (ev) => {
    if (/** @type {any} */ (window).MisiLayout.zoomKey(ev)) return;
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
