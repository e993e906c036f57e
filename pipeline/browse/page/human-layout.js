// The human page's question layout (human.js asks for it): the question's first line across
// the top; under it the images, each as large as the screen shows it whole (side by side where
// two fit; or two across, or at their own size, as the header's choice says), and beside them the rest of the text with the answer
// control at its end, so that nothing covers a picture. A paragraph an earlier question of the
// session showed word for word is folded into one line that opens it (the first and the last,
// the task, never are). A click on an image shows it at full size over the page (the arrow
// keys show the others; a click or Escape closes it). window.MisiLayout.
(() => {
  const h = /** @type {any} */ (window).h;
  /** Gap under an image for its caption and the page's margin, px. */
  const BELOW = 34;

  /** A paragraph's name in the folded line: what comes before its colon, else its first words. @param {string} p */
  const nameOf = (p) => {
    const head = /^([^:.\n]{3,40}):/.exec(p);
    return head ? head[1] : `${p.split(/\s+/).slice(0, 5).join(' ')}...`;
  };

  /** The paragraphs of a question's text. @param {string} text */
  const paragraphs = (text) => text.split(/\n{2,}/);

  /** Paragraphs the questions before `i` showed (their first paragraphs aside: those differ). @param {any} session @param {number} i */
  function seenBefore(session, i) {
    const seen = new Set();
    for (let k = 0; k < i; k++) for (const p of paragraphs(session.questions[k].question).slice(1)) seen.add(p);
    return seen;
  }

  /** @type {{sources: string[], at: number} | null} */
  let zoomed = null;
  function showZoom() {
    const z = /** @type {HTMLElement} */ (document.getElementById('zoom'));
    if (!zoomed) {
      z.hidden = true;
      z.replaceChildren();
      return;
    }
    const { sources, at } = zoomed;
    const img = /** @type {HTMLImageElement} */ (h('img', { src: sources[at], alt: `Image ${at + 1} at full size` }));
    const caption = h('div', { class: 'zoom-caption' }, `Image ${at + 1} of ${sources.length} at full size`);
    img.addEventListener('load', () => {
      caption.textContent = `Image ${at + 1} of ${sources.length} at full size (${img.naturalWidth} x ${img.naturalHeight} px)${sources.length > 1 ? '; arrow keys: the others' : ''}; a click or Escape closes it`;
    });
    z.replaceChildren(caption, img);
    z.hidden = false;
    z.onclick = () => {
      zoomed = null;
      showZoom();
    };
  }

  /** Keys while an image is shown at full size: Escape closes, arrows turn; every key is taken (no answer is given underneath). @param {KeyboardEvent} ev */
  function zoomKey(ev) {
    if (!zoomed) return false;
    if (ev.key === 'Escape') zoomed = null;
    else if (ev.key === 'ArrowRight' || ev.key === 'ArrowDown') zoomed.at = (zoomed.at + 1) % zoomed.sources.length;
    else if (ev.key === 'ArrowLeft' || ev.key === 'ArrowUp') zoomed.at = (zoomed.at + zoomed.sources.length - 1) % zoomed.sources.length;
    showZoom();
    ev.preventDefault();
    return true;
  }

  const SIZE_KEY = 'misi-human:picture-size';
  /** How the pictures are sized: fit (as large as the screen shows each whole), two (two across), natural. */
  const size = () => localStorage.getItem(SIZE_KEY) ?? 'fit';

  /** Sizes the images as chosen; `fit`: each as high as the screen below the images' top (side by side where two fit). */
  function fit() {
    const select = /** @type {HTMLSelectElement | null} */ (document.getElementById('picture-size'));
    if (select && select.value !== size()) select.value = size();
    const box = /** @type {HTMLElement | null} */ (document.querySelector('.q-body .images'));
    if (select) select.hidden = !box;
    if (!box) return;
    box.classList.toggle('two', size() === 'two');
    box.classList.toggle('natural', size() === 'natural');
    const top = box.getBoundingClientRect().top + window.scrollY;
    box.style.setProperty('--fit-height', `${Math.max(240, window.innerHeight - top - BELOW)}px`);
    // The text beside them ends within the screen, so its answer control (kept at its foot) shows.
    requestAnimationFrame(scaleNotes);
    const text = /** @type {HTMLElement | null} */ (document.querySelector('.q-body .q-text'));
    if (text && getComputedStyle(text).position === 'sticky') text.style.maxHeight = `${Math.max(240, window.innerHeight - top - 8)}px`;
  }
  window.addEventListener('resize', fit);

  /** Each caption says how large its image is shown when that is not its own size (small labels: click for full size). */
  function scaleNotes() {
    for (const fig of document.querySelectorAll('.q-body .images figure')) {
      const img = /** @type {HTMLImageElement | null} */ (fig.querySelector('img'));
      const caption = fig.querySelector('figcaption');
      if (!img || !caption || !img.naturalWidth) continue;
      const pct = Math.round((100 * img.getBoundingClientRect().width) / img.naturalWidth);
      const name = caption.textContent?.replace(/ \(.*$/, '') ?? '';
      caption.textContent = pct < 98 ? `${name} (shown at ${pct} % of its size: click for full size)` : name;
    }
  }
  window.addEventListener('DOMContentLoaded', () =>
    document.getElementById('picture-size')?.addEventListener('change', (ev) => {
      localStorage.setItem(SIZE_KEY, /** @type {HTMLSelectElement} */ (ev.target).value);
      fit();
    }),
  );

  /**
   * Question `i` of the session, with `control` (the answer control) at the end of its text.
   * @param {any} session @param {number} i @param {HTMLElement} control
   */
  function question(session, i, control) {
    const q = session.questions[i];
    const parts = paragraphs(q.question);
    const [firstLine, ...restOfFirst] = parts[0].split('\n');
    const seen = seenBefore(session, i);
    /** @type {HTMLElement[]} */
    const text = [];
    if (restOfFirst.length) text.push(h('pre', { class: 'question' }, restOfFirst.join('\n')));
    /** @type {string[]} */
    let folded = [];
    const fold = () => {
      if (!folded.length) return;
      text.push(
        h(
          'details',
          { class: 'seen' },
          h('summary', {}, `Read before: ${folded.map(nameOf).join(' · ')} (click to read again)`),
          h('pre', { class: 'question' }, folded.join('\n\n')),
        ),
      );
      folded = [];
    };
    parts.slice(1).forEach((p, k) => {
      if (k < parts.length - 2 && seen.has(p)) return void folded.push(p);
      fold();
      text.push(h('pre', { class: 'question' }, p));
    });
    fold();
    const missing = new Set(session.missingImages);
    const sources = q.images.filter((/** @type {string} */ p) => !missing.has(p));
    const figures = q.images.map((/** @type {string} */ p, /** @type {number} */ k) => {
      const caption = `Image ${k + 1}`;
      if (missing.has(p))
        return h(
          'div',
          { class: 'missing' },
          `${caption}: ${p} was missing from the dataset when this page was made; answer from the other images or skip with any answer, and tell whoever sent the page.`,
        );
      const fig = h('figure', {});
      const img = h('img', {
        src: p,
        alt: caption,
        title: 'click: full size',
        onclick: () => {
          zoomed = { sources, at: sources.indexOf(p) };
          showZoom();
        },
      });
      img.addEventListener('error', () =>
        fig.replaceChildren(h('div', { class: 'missing' }, `${caption}: ${p} is missing beside this page (was the folder copied whole?)`)),
      );
      img.addEventListener('load', scaleNotes);
      fig.append(img, h('figcaption', {}, caption));
      return fig;
    });
    return h(
      'div',
      { class: 'q' },
      h(
        'div',
        { class: 'q-head' },
        h('h1', { id: 'question-number', 'data-id': q.id }, `Question ${i + 1} of ${session.questions.length}`),
        h('p', { class: 'first-line', id: 'first-line' }, firstLine),
      ),
      h(
        'div',
        { class: 'q-body' },
        h('div', { class: 'images' }, figures),
        h('div', { class: 'q-text' }, text, h('div', { class: 'answer-controls' }, control)),
      ),
    );
  }

  /** Seconds as minutes (whole under 10, else to 5) or hours and minutes. @param {number} seconds */
  function duration(seconds) {
    const exact = seconds / 60;
    const m = exact < 10 ? Math.max(1, Math.round(exact)) : Math.round(exact / 5) * 5;
    if (m < 60) return `${m} minute${m > 1 ? 's' : ''}`;
    const hours = Math.floor(m / 60);
    return `${hours} hour${hours > 1 ? 's' : ''}${m % 60 ? ` ${m % 60} minutes` : ''}`;
  }

  /** Why task `t` gives fewer questions than --n. @param {any} session @param {string} t */
  function shortBecause(session, t) {
    const available = session.available?.[t];
    if (available === undefined) return 'the split has fewer';
    if (available <= session.perTask[t]) return `the ${session.split} split has only ${available}`;
    return `of the split's ${available}, the others are on complexes this session asks another hydrogen-bond question of, and one would give the other's answer away`;
  }

  /** @type {any} */ (window).MisiLayout = { question, fit, zoomKey, duration, shortBecause };
})();
