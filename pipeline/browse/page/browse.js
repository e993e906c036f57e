// The browse site's front page and routes: #/ the dataset's figures (counts per task and
// split, the audit's slot, stats' charts, problems found while building), #/list?... the
// question list (browse-list.js), #/q/<id> a question (browse-question.js).
(() => {
  const h = /** @type {any} */ (window).h;
  const MISI = /** @type {any} */ (window).MISI;
  const main = () => /** @type {HTMLElement} */ (document.getElementById('main'));

  function front(/** @type {any} */ s) {
    const splits = [...new Set(s.counts.flatMap((/** @type {any} */ c) => Object.keys(c.count)))];
    const audit = s.audit
      ? h(
          'section',
          { id: 'audit' },
          h('h2', {}, 'Audit'),
          h('p', { class: 'note' }, `from ${s.audit.source}`),
          s.audit.html !== undefined
            ? Object.assign(h('div'), { innerHTML: s.audit.html })
            : h('pre', { class: 'json' }, JSON.stringify(s.audit.json, null, 2)),
        )
      : h(
          'section',
          { id: 'audit' },
          h('h2', {}, 'Audit'),
          h(
            'p',
            { class: 'note' },
            'No audit figures in this dataset folder (audit/summary.html or audit.json); once the dataset has them, building the site again shows them here.',
          ),
        );
    main().replaceChildren(
      ...[
        h('h1', {}, `Dataset ${s.dataset}`),
        h(
          'p',
          { class: 'note' },
          `Built ${s.builtAt}; ${s.tasks.reduce((n, /** @type {any} */ t) => n + t.questions, 0)} questions, ${s.complexes.length} complexes. Images are read from ${s.datasetUrl} (relative to this page).`,
        ),
        s.problems.length
          ? h(
              'section',
              { id: 'problems' },
              h('h2', {}, 'Problems found while building'),
              s.problems.map((/** @type {string} */ p) => h('div', { class: 'problem' }, p)),
              s.moreProblems ? h('p', {}, `and ${s.moreProblems} more (misi-gen browse prints them all)`) : null,
            )
          : null,
        h('h2', {}, 'Questions per task and split'),
        h(
          'table',
          { id: 'counts' },
          h(
            'tr',
            {},
            h('th', {}, 'task'),
            splits.map((sp) => h('th', { class: 'num' }, sp)),
          ),
          s.counts.map((/** @type {any} */ c) =>
            h(
              'tr',
              {},
              h('td', {}, h('a', { href: `#/list?task=${encodeURIComponent(c.task)}` }, c.task)),
              splits.map((sp) =>
                h(
                  'td',
                  { class: 'num' },
                  sp === 'tiny'
                    ? String(c.count[sp] ?? 0)
                    : h('a', { href: `#/list?task=${encodeURIComponent(c.task)}&split=${sp}` }, String(c.count[sp] ?? 0)),
                ),
              ),
            ),
          ),
        ),
        audit,
        h('h2', {}, 'Figures (as misi-gen stats --out draws them)'),
        h(
          'div',
          { class: 'charts' },
          s.charts.map((/** @type {any} */ c) => h('iframe', { title: c.title, srcdoc: c.html, width: c.width + 20, height: 420 })),
        ),
      ].filter(Boolean),
    );
    for (const f of /** @type {NodeListOf<HTMLIFrameElement>} */ (document.querySelectorAll('.charts iframe'))) {
      f.addEventListener('load', () => {
        const d = f.contentDocument;
        if (d) f.height = String(d.documentElement.scrollHeight + 8);
      });
    }
  }

  async function route() {
    const s = /** @type {any} */ (window).MisiStore.summary;
    const hash = location.hash.replace(/^#/, '') || '/';
    try {
      if (hash.startsWith('/q/')) await /** @type {any} */ (window).MisiQuestion.show(main(), decodeURIComponent(hash.slice(3)));
      else if (hash.startsWith('/list'))
        await /** @type {any} */ (window).MisiList.show(main(), new URLSearchParams(hash.split('?')[1] ?? ''));
      else front(s);
    } catch (e) {
      main().replaceChildren(h('div', { class: 'missing' }, String(/** @type {Error} */ (e).message ?? e)));
    }
    /** @type {any} */ (window).misiReady = hash;
  }

  window.addEventListener('DOMContentLoaded', async () => {
    try {
      const s = await /** @type {any} */ (window).MisiStore.init();
      MISI.datasetUrl = s.datasetUrl;
    } catch (e) {
      main().replaceChildren(h('div', { class: 'missing' }, `This site cannot start: ${/** @type {Error} */ (e).message}`));
      return;
    }
    document.getElementById('search')?.addEventListener('submit', (ev) => {
      ev.preventDefault();
      const id = /** @type {HTMLInputElement} */ (document.getElementById('search-id')).value.trim();
      if (id) location.hash = `#/q/${encodeURIComponent(id)}`;
    });
    window.addEventListener('hashchange', route);
    await route();
  });
})();
