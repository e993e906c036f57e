// `misi-gen browse` on a generated dataset, not a test: the site's build time, then the list
// in headless Chromium opened from the file system (every task's index loaded) and a series
// of filters, each timed from the select's change to the list drawn again (filtering,
// counting every facet's values, drawing the panel and the page of rows: window.misiLastFilterMs,
// and the whole change as the page's clock sees it; the page remembers views seen before, which
// is forgotten before each step here, so each is computed). Then the filter alone (computed, not remembered) over the index
// tiled to about 160,000 questions (the full dataset's size). Then a question page of each of
// three tasks opened afresh (scripts/bench-question-page.ts): the time from opening it to its
// text painted, to its images loaded and to its 3D view drawn, and the longest the page took
// to answer a script meanwhile. Prints the load average.
// Usage: npm run bench:browse -- DIR [--out SITE] [--tile-to 160000] [--tasks a,b,c]
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { buildBrowseSite } from '../pipeline/browse/build-site.ts';
import { TEST, TINY } from '../qa/split-names.ts';
import { closeBrowser, launchBrowser } from '../renders/browser.ts';
import { benchQuestionPages } from './bench-question-page.ts';
import { flagValue } from './flag-value.ts';

const args = process.argv.slice(2);
const dir = args.find(
  (a) => !a.startsWith('--') && a !== flagValue(args, '--out') && a !== flagValue(args, '--tile-to') && a !== flagValue(args, '--tasks'),
);
if (!dir) {
  console.error('usage: npm run bench:browse -- DIR [--out SITE] [--tile-to 160000] [--tasks a,b,c]');
  process.exit(2);
}
const out = flagValue(args, '--out') ?? join(dir, 'browse');
const tileTo = Number(flagValue(args, '--tile-to') ?? 160000);
const load = () =>
  loadavg()
    .map((l) => l.toFixed(1))
    .join(' ');

console.log(`load average before: ${load()}`);
const site = await buildBrowseSite({ dir, out });
console.log(
  `build: ${site.questions} questions, ${site.complexes} complexes, ${site.seconds.toFixed(1)} s -> ${out} (${site.problems.length} problems)`,
);

const browser = await launchBrowser();
try {
  const page = await browser.newPage();
  await page.setViewport({ width: 1400, height: 1000 });
  const opened = Date.now();
  await page.goto(`${pathToFileURL(join(out, 'index.html')).href}#/list`);
  await page.waitForSelector('#hit-count', { timeout: 120_000 });
  console.log(`list opened (summary, every task's index, first page drawn): ${Date.now() - opened} ms`);
  /** Picks `value` in the facet's select (or all with '*') and times it in the page. */
  const choose = (facet: string, value: string) =>
    page.evaluate(
      (f, v) => {
        const select = document.querySelector(`select[data-facet="${f}"]`) as HTMLSelectElement | null;
        if (!select) return { ms: -1, inner: -1, hits: `no facet ${f}` };
        (window as unknown as { MisiList: { forget(): void } }).MisiList.forget();
        const t0 = performance.now();
        select.value = v;
        select.dispatchEvent(new Event('change'));
        return {
          ms: performance.now() - t0,
          inner: (window as unknown as { misiLastFilterMs: number }).misiLastFilterMs,
          hits: document.getElementById('hit-count')?.textContent,
        };
      },
      facet,
      value,
    );
  /** The most common value of a facet among the listed questions. */
  const common = (facet: string) =>
    page.$eval(`select[data-facet="${facet}"]`, (s) => {
      const opts = [...(s as HTMLSelectElement).options]
        .slice(1)
        .map((o) => ({ v: o.value, n: Number(/\((\d+)\)$/.exec(o.textContent ?? '')?.[1] ?? 0) }));
      return opts.sort((a, b) => b.n - a.n)[0]?.v ?? '';
    });
  // '' picks the most common value left; '*' clears the facet.
  const steps: [string, string][] = [
    ['task', 'rotation'],
    ['split', TEST],
    ['param.axis', ''],
    ['complex', ''],
    ['answer', ''],
    ['answer', '*'],
    ['complex', '*'],
    ['param.axis', '*'],
    ['split', '*'],
    ['task', '*'],
    [TINY, 'yes'],
    ['task', 'residue_ligand'],
    ['param.verdict', 'no'],
    ['complex', ''],
    ['complex', '*'],
    ['param.verdict', '*'],
    ['task', '*'],
    [TINY, '*'],
  ];
  const times: number[] = [];
  console.log('filter steps (facet = value: questions listed, ms in the change handler, ms filtering and drawing):');
  for (const [facet, v] of steps) {
    const value = v === '' ? await common(facet) : v;
    const r = await choose(facet, value);
    times.push(r.ms);
    console.log(`  ${facet} = ${value}: ${r.hits} questions, ${r.ms.toFixed(1)} ms (${r.inner.toFixed(1)} ms)`);
  }
  times.sort((a, b) => a - b);
  console.log(
    `filters: median ${times[Math.floor(times.length / 2)].toFixed(1)} ms, slowest ${times[times.length - 1].toFixed(1)} ms over ${times.length} changes`,
  );
  const tiled = await page.evaluate((target) => {
    const w = window as unknown as {
      MisiStore: { table: any };
      MisiList: { filterNow: (t: any, c: Record<string, number>) => { hits: number[] } };
    };
    const t = w.MisiStore.table;
    const k = Math.max(1, Math.round(target / t.n));
    const facets: Record<string, { values: string[]; codes: Int32Array }> = {};
    for (const name of t.names) {
      const codes = new Int32Array(t.n * k);
      for (let i = 0; i < k; i++) codes.set(t.facets[name].codes, i * t.n);
      facets[name] = { values: t.facets[name].values, codes };
    }
    const big = { ...t, n: t.n * k, facets };
    const runs: Record<string, number> = {};
    const cases: Record<string, Record<string, number>> = {
      none: {},
      task: { task: 0 },
      'task+split': { task: 0, split: 0 },
      'task+split+complex': { task: 0, split: 0, complex: 0 },
    };
    for (const [name, chosen] of Object.entries(cases)) {
      const ms: number[] = [];
      for (let r = 0; r < 5; r++) {
        const t0 = performance.now();
        w.MisiList.filterNow(big, chosen);
        ms.push(performance.now() - t0);
      }
      runs[name] = ms.sort((a, b) => a - b)[2];
    }
    return { n: big.n, runs };
  }, tileTo);
  console.log(
    `the filter alone over ${tiled.n} questions (the index tiled; median of 5 runs): ${Object.entries(tiled.runs)
      .map(([k, ms]) => `${k} ${ms.toFixed(1)} ms`)
      .join(', ')}`,
  );
  await page.close();
  await benchQuestionPages(browser, out, dir, flagValue(args, '--tasks')?.split(','));
} finally {
  await closeBrowser(browser);
}
console.log(`load average after: ${load()}`);
