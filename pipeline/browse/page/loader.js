// Loading a static site's data from the file system: each data name is a classic script,
// data/<name>.js, that calls MISI.put(name, value) (a page opened from disk may not fetch
// JSON). MISI.load(name) adds the script once and resolves with the value, or rejects with
// a message naming the file when it is missing. Also `h`, a small helper that makes elements.
(() => {
  /** @type {Map<string, any>} */
  const values = new Map();
  /** @type {Map<string, {promise: Promise<any>, resolve: (v: any) => void, reject: (e: Error) => void}>} */
  const waiting = new Map();
  /** data/<name>.js: each part as the site writer names the file, then made a URL. */
  const fileOf = (/** @type {string} */ name) =>
    'data/' +
    name
      .split('/')
      .map((p) => encodeURIComponent(encodeURIComponent(p)))
      .join('/') +
    '.js';
  const shownFile = (/** @type {string} */ name) =>
    'data/' +
    name
      .split('/')
      .map((p) => encodeURIComponent(p))
      .join('/') +
    '.js';

  const MISI = {
    fileOf: shownFile,
    /** @param {string} name @param {any} value */
    put(name, value) {
      values.set(name, value);
      const w = waiting.get(name);
      if (w) {
        waiting.delete(name);
        w.resolve(value);
      }
    },
    /** @param {string} name @returns {Promise<any>} */
    load(name) {
      if (values.has(name)) return Promise.resolve(values.get(name));
      const known = waiting.get(name);
      if (known) return known.promise;
      /** @type {any} */
      const w = {};
      w.promise = new Promise((resolve, reject) => {
        w.resolve = resolve;
        w.reject = reject;
      });
      waiting.set(name, w);
      const s = document.createElement('script');
      s.src = fileOf(name);
      s.onerror = () => {
        waiting.delete(name);
        w.reject(
          new Error(
            `${shownFile(name)} is missing or unreadable (was the folder copied whole? rebuilding it with misi-gen makes it again)`,
          ),
        );
      };
      s.onload = () => {
        if (!waiting.has(name)) return;
        waiting.delete(name);
        w.reject(new Error(`${shownFile(name)} loaded but holds no '${name}' (written by another version?)`));
      };
      document.head.appendChild(s);
      return w.promise;
    },
  };

  /**
   * An element: h('a', {href: '#'}, 'text', child...). Attributes starting with `on` are listeners.
   * @param {string} tag @param {Record<string, any>} [attrs] @param {...any} children
   */
  function h(tag, attrs = {}, ...children) {
    const e = document.createElement(tag);
    for (const [k, v] of Object.entries(attrs ?? {})) {
      if (v === undefined || v === null || v === false) continue;
      if (k.startsWith('on')) e.addEventListener(k.slice(2), v);
      else if (k === 'class') e.className = v;
      else e.setAttribute(k, v === true ? '' : String(v));
    }
    for (const c of children.flat()) if (c !== undefined && c !== null && c !== false) e.append(c instanceof Node ? c : String(c));
    return e;
  }

  /** @type {any} */ (window).MISI = MISI;
  /** @type {any} */ (window).h = h;
})();
