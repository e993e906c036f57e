// Part of `npm run bench:browse` (scripts/bench-browse.ts): a question page of the browse site
// opened afresh in headless Chromium from the file system, for one question of each of three
// tasks, timed on the page's own clock from the start of navigation to: the question's text
// painted (the first frame after the answer is in the page), every image loaded, and the 3D
// view drawn (the page says it is ready). Meanwhile a script is sent to the page every 50 ms
// from the moment its document is read: when the first was answered, and the longest any
// waited (the page is frozen while it waits), with the longest task the page's main thread
// ran (Chromium's long-task entries).
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Browser } from 'puppeteer-core';
import { TEST, TRAIN } from '../qa/split-names.ts';

/** The page's times, ms from the start of navigation (-1: not yet). */
interface Times {
  painted: number;
  images: number;
  drawn: number;
  longest: number;
}

/** The tasks whose questions are opened, unless named (the first of these the dataset has; then any). */
const PREFERRED = ['translation', 'residue_ligand', 'rotation_rotation'];

/** Records the page's times (performance.now(), ms from the start of navigation) before any of its scripts runs. */
const INSTRUMENT = `(() => {
  const t = (window.__bench = { painted: -1, images: -1, drawn: -1, longest: 0 });
  new PerformanceObserver((l) => { for (const e of l.getEntries()) t.longest = Math.max(t.longest, e.duration); })
    .observe({ type: 'longtask', buffered: true });
  const poll = () => {
    if (t.painted < 0 && document.getElementById('answer')) requestAnimationFrame(() => setTimeout(() => { if (t.painted < 0) t.painted = performance.now(); }));
    const imgs = [...document.querySelectorAll('.images img')];
    if (t.images < 0 && imgs.length && imgs.every((i) => i.complete)) t.images = performance.now();
    if (t.drawn < 0 && window.misiReady !== undefined) t.drawn = performance.now();
    if (t.drawn < 0 || t.images < 0 || t.painted < 0) setTimeout(poll, 5);
  };
  poll();
})();`;

/** The first question of each of three tasks (those named, else PREFERRED first) in the dataset's qa/ test or train files. */
function questionIds(dir: string, tasks?: string[]): { task: string; id: string }[] {
  const have = [...new Set(readdirSync(join(dir, 'qa')).map((f) => f.split('.')[0]))].sort();
  const chosen = tasks ?? [...PREFERRED.filter((t) => have.includes(t)), ...have.filter((t) => !PREFERRED.includes(t))].slice(0, 3);
  return chosen.flatMap((task) => {
    for (const split of [TEST, TRAIN]) {
      try {
        const line = readFileSync(join(dir, 'qa', `${task}.${split}.jsonl`), 'utf8').split('\n')[0];
        if (line) return [{ task, id: (JSON.parse(line) as { id: string }).id }];
      } catch {
        // no such file: the next split
      }
    }
    console.log(`  ${task}: no question in ${dir}/qa`);
    return [];
  });
}

export async function benchQuestionPages(browser: Browser, site: string, dir: string, tasks?: string[]): Promise<void> {
  console.log(
    'question pages (ms from opening the page: text painted, images loaded, 3D drawn; the first script sent once the document is read answered at; the longest a script waited; the longest task):',
  );
  for (const { task, id } of questionIds(dir, tasks)) {
    const page = await browser.newPage();
    await page.setViewport({ width: 1400, height: 1000 });
    await page.evaluateOnNewDocument(INSTRUMENT);
    await page.goto(`${pathToFileURL(join(site, 'index.html')).href}#/q/${encodeURIComponent(id)}`, { waitUntil: 'domcontentloaded' });
    let slowest = 0;
    let first = -1;
    for (;;) {
      const sent = Date.now();
      const t = await page.evaluate(() => ({ ...(window as unknown as { __bench: Times }).__bench, now: performance.now() }));
      slowest = Math.max(slowest, Date.now() - sent);
      if (first < 0) first = t.now;
      if (t.painted >= 0 && t.images >= 0 && t.drawn >= 0) {
        console.log(
          `  ${task} ${id}: text ${t.painted.toFixed(0)}, images ${t.images.toFixed(0)}, 3D ${t.drawn.toFixed(0)}; first script answered at ${first.toFixed(0)}, longest wait for one ${slowest}, longest task ${t.longest.toFixed(0)}`,
        );
        break;
      }
      await new Promise((r) => setTimeout(r, 50));
    }
    await page.close();
  }
}
