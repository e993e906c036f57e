// The browse site's question list: every task's index (data/index/<task>.js, facet columns)
// joined into one table of facet codes, filtered by one value per facet with the count of
// each value among the questions the other filters leave (so every number says what picking
// it would give), paged 50 at a time. Defines window.MisiStore (the loaded indexes, records
// by chunk) and window.MisiList.
(() => {
  const h = /** @type {any} */ (window).h;
  const MISI = /** @type {any} */ (window).MISI;
  const PAGE = 50;
  /** Most values a facet's list shows (the most common ones): the answers of 160,000 questions are too many for one select. */
  const MOST_VALUES = 300;
  /** Facets first in the panel; template parameters (param.<name>) follow by name. */
  const FIRST = ['task', 'split', 'tiny', 'complex', 'answer'];

  const Store = {
    /** @type {any} */ summary: null,
    /** @type {any} */ table: null,
    async init() {
      Store.summary = await MISI.load('summary');
      return Store.summary;
    },
    /** Every task's index, joined: {n, task[], row[], ids[], facets: name -> {values[], codes: Int32Array}}. */
    async all() {
      if (Store.table) return Store.table;
      const indexes = await Promise.all(Store.summary.tasks.map((/** @type {any} */ t) => MISI.load(`index/${t.task}`)));
      const n = indexes.reduce((s, x) => s + x.ids.length, 0);
      /** @type {Record<string, {values: string[], at: Map<string, number>, codes: Int32Array}>} */
      const facets = {};
      const facet = (/** @type {string} */ name) => (facets[name] ??= { values: [], at: new Map(), codes: new Int32Array(n).fill(-1) });
      const taskOf = new Int32Array(n),
        rowOf = new Int32Array(n);
      /** @type {string[]} */
      const ids = [];
      let base = 0;
      indexes.forEach((ix, t) => {
        const tf = facet('task');
        tf.values.push(ix.task);
        tf.at.set(ix.task, t);
        for (let i = 0; i < ix.ids.length; i++) {
          taskOf[base + i] = t;
          rowOf[base + i] = i;
          tf.codes[base + i] = t;
          ids.push(ix.ids[i]);
        }
        for (const [name, col] of Object.entries(ix.facets)) {
          const f = facet(name);
          const map = col.values.map((/** @type {string} */ v) => {
            let c = f.at.get(v);
            if (c === undefined) {
              c = f.values.length;
              f.values.push(v);
              f.at.set(v, c);
            }
            return c;
          });
          for (let i = 0; i < col.rows.length; i++) if (col.rows[i] >= 0) f.codes[base + i] = map[col.rows[i]];
        }
        base += ix.ids.length;
      });
      const names = [
        ...FIRST.filter((f) => facets[f]),
        ...Object.keys(facets)
          .filter((f) => !FIRST.includes(f))
          .sort(),
      ];
      const byId = new Map(ids.map((id, i) => [id, i]));
      Store.table = { n, ids, taskOf, rowOf, facets, names, byId, tasks: indexes.map((x) => x.task) };
      return Store.table;
    },
    /** The record of question `i` of the joined table (its chunk loaded once). */
    async record(/** @type {number} */ i) {
      const t = Store.table;
      const task = t.tasks[t.taskOf[i]];
      const chunk = await MISI.load(`records/${task}/${Math.floor(t.rowOf[i] / Store.summary.chunk)}`);
      const r = chunk[t.rowOf[i] % Store.summary.chunk];
      if (!r || r.id !== t.ids[i])
        throw new Error(
          `${MISI.fileOf(`records/${task}/${Math.floor(t.rowOf[i] / Store.summary.chunk)}`)} does not hold question ${t.ids[i]} where the index puts it (site built from another dataset state? rebuild it)`,
        );
      return r;
    },
  };

  /**
   * The questions matching `chosen` (facet -> code) and, per facet, the count of each value
   * among questions matching every other chosen filter (index 0: questions without the facet).
   * @param {any} t @param {Record<string, number>} chosen
   */
  function filter(t, chosen) {
    // The last few results, by table and filters: going back to a view (the unfiltered list
    // above all, the slowest: every facet counted over every question) costs nothing.
    let memo = results.get(t);
    if (!memo) results.set(t, (memo = new Map()));
    const key = JSON.stringify(Object.entries(chosen).sort());
    const known = memo.get(key);
    if (known) return known;
    const found = filterNow(t, chosen);
    if (memo.size >= 20) memo.delete(memo.keys().next().value);
    memo.set(key, found);
    return found;
  }
  /** @type {WeakMap<object, Map<string, {hits: number[], counts: Record<string, Int32Array>}>>} */
  let results = new WeakMap();

  /** filter, computed. @param {any} t @param {Record<string, number>} chosen */
  function filterNow(t, chosen) {
    const names = Object.keys(chosen);
    const selCodes = names.map((f) => t.facets[f].codes),
      selCode = names.map((f) => chosen[f]);
    const ns = names.length;
    /** @type {Record<string, Int32Array>} */
    const counts = {};
    for (const f of t.names) counts[f] = new Int32Array(t.facets[f].values.length + 1);
    const allCodes = t.names.map((/** @type {string} */ f) => t.facets[f].codes),
      allCounts = t.names.map((/** @type {string} */ f) => counts[f]);
    const selCounts = names.map((f) => counts[f]);
    const nf = allCodes.length;
    /** @type {number[]} */
    const hits = [];
    for (let i = 0; i < t.n; i++) {
      let fails = 0,
        failed = -1;
      for (let k = 0; k < ns; k++) {
        if (selCodes[k][i] !== selCode[k]) {
          fails++;
          failed = k;
          if (fails > 1) break;
        }
      }
      if (fails === 0) {
        hits.push(i);
        for (let f = 0; f < nf; f++) allCounts[f][allCodes[f][i] + 1]++;
      } else if (fails === 1) selCounts[failed][selCodes[failed][i] + 1]++;
    }
    return { hits, counts };
  }

  const numericFirst = (/** @type {string} */ a, /** @type {string} */ b) => {
    const x = Number(a),
      y = Number(b);
    return Number.isNaN(x) || Number.isNaN(y) ? a.localeCompare(b) : x - y;
  };
  const label = (/** @type {string} */ f) => (f.startsWith('param.') ? `${f.slice(6)} (parameter)` : f);

  /** Shows the list for the filters in `params` (URLSearchParams of the hash). */
  async function show(/** @type {HTMLElement} */ main, /** @type {URLSearchParams} */ params) {
    main.replaceChildren(h('p', {}, 'Loading the index...'));
    const t = await Store.all();
    const state = { chosen: /** @type {Record<string, string>} */ ({}), page: 0 };
    for (const [k, v] of params)
      if (k === 'page') state.page = Number(v) || 0;
      else if (t.facets[k]) state.chosen[k] = v;
    const panel = h('div', { class: 'facets' });
    const results = h('div', { class: 'results' });
    main.replaceChildren(h('h1', {}, 'Questions'), h('div', { class: 'list' }, panel, results));
    const render = () => {
      const started = performance.now();
      /** @type {Record<string, number>} */
      const codes = {};
      for (const [f, v] of Object.entries(state.chosen)) codes[f] = v === '' ? -1 : t.facets[f].at.has(v) ? t.facets[f].at.get(v) : -2;
      const { hits, counts } = filter(t, codes);
      panel.replaceChildren(
        ...t.names.flatMap((/** @type {string} */ f) => {
          const values = t.facets[f].values.map((/** @type {string} */ v, /** @type {number} */ c) => ({ v, n: counts[f][c + 1] }));
          const none = counts[f][0];
          const present = values.filter((x) => x.n > 0 || state.chosen[f] === x.v);
          // A template parameter none of the questions left has (another task's) is not offered.
          if (f.startsWith('param.') && !present.length && state.chosen[f] === undefined) return [];
          const total = present.reduce((s, x) => s + x.n, none);
          const shown = (
            present.length > MOST_VALUES
              ? present.sort((a, b) => b.n - a.n || numericFirst(a.v, b.v)).filter((x, k) => k < MOST_VALUES || state.chosen[f] === x.v)
              : present
          ).sort((a, b) => numericFirst(a.v, b.v));
          const more = present.length - shown.length;
          const select = h(
            'select',
            {
              'data-facet': f,
              onchange: () => {
                const v = select.value;
                if (v === '*') delete state.chosen[f];
                else state.chosen[f] = v;
                state.page = 0;
                update();
              },
            },
            h('option', { value: '*' }, `all (${total})`),
            none && f.startsWith('param.') ? h('option', { value: '', selected: state.chosen[f] === '' }, `(none) (${none})`) : null,
            shown.map((x) => h('option', { value: x.v, selected: state.chosen[f] === x.v }, `${x.v} (${x.n})`)),
            more ? h('option', { disabled: true }, `... ${more} rarer values: narrow the other filters to see them`) : null,
          );
          return [h('div', {}, h('label', {}, label(f)), select)];
        }),
      );
      const pages = Math.max(1, Math.ceil(hits.length / PAGE));
      state.page = Math.min(state.page, pages - 1);
      const rows = hits.slice(state.page * PAGE, (state.page + 1) * PAGE);
      const cell = (/** @type {string} */ f, /** @type {number} */ i) => {
        const c = t.facets[f]?.codes[i];
        return c === undefined || c < 0 ? '' : t.facets[f].values[c];
      };
      const pager = () =>
        h(
          'div',
          { class: 'pager' },
          h(
            'button',
            {
              disabled: state.page === 0,
              onclick: () => {
                state.page--;
                update();
              },
            },
            'previous',
          ),
          `page ${state.page + 1} of ${pages}`,
          h(
            'button',
            {
              disabled: state.page >= pages - 1,
              onclick: () => {
                state.page++;
                update();
              },
            },
            'next',
          ),
        );
      results.replaceChildren(
        h('p', { class: 'count' }, h('b', { id: 'hit-count' }, String(hits.length)), ` of ${t.n} questions`),
        pager(),
        h(
          'table',
          { id: 'question-list' },
          h(
            'tr',
            {},
            ['id', 'task', 'split', 'complex', 'answer'].map((c) => h('th', {}, c)),
          ),
          rows.map((i) =>
            h(
              'tr',
              {},
              h('td', {}, h('a', { href: `#/q/${encodeURIComponent(t.ids[i])}` }, t.ids[i])),
              ['task', 'split', 'complex', 'answer'].map((f) => h('td', {}, cell(f, i))),
            ),
          ),
        ),
        pager(),
      );
      /** @type {any} */ (window).misiLastFilterMs = performance.now() - started;
    };
    const update = () => {
      const q = new URLSearchParams(state.chosen);
      if (state.page) q.set('page', String(state.page));
      history.replaceState(null, '', `#/list?${q}`);
      render();
    };
    render();
  }

  /** @type {any} */ (window).MisiStore = Store;
  /** @type {any} */ (window).MisiList = {
    show,
    filter,
    filterNow,
    forget: () => {
      results = new WeakMap();
    },
  };
})();
