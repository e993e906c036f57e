// The pictures of docs/browse.md and docs/human-baseline.md: the browse site of a dataset
// (front page, the list filtered to a task and a complex, a question with its 3D view, its
// options with the 3D view's labels shown) at 1360x900, and a human session at 1280x800 (the
// start, the first question, a later one with the conventions folded, an answer
// (a pocket_ligand bond list) refused for its form, an image at full size, the last screen), taken in headless Chromium
// from the file system, written as palette PNGs when smaller.
// Usage: node --import tsx scripts/browse-screenshots.ts DATASET [--question ID] [--complex ID]
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Page } from 'puppeteer-core';
import { buildBrowseSite } from '../pipeline/browse/build-site.ts';
import { writeHumanSession } from '../pipeline/browse/human-session.ts';
import { toPalettePng } from '../pipeline/preview/palette-png.ts';
import { TINY } from '../qa/split-names.ts';
import { closeBrowser, launchBrowser } from '../renders/browser.ts';
import { REPO } from '../test/shared-structures.ts';
import { flagValue } from './flag-value.ts';

const args = process.argv.slice(2);
const dir = args[0];
const questionId = flagValue(args, '--question') ?? 'rotation_rotation-1a30-002';
const complex = questionId.split('-')[1];
const site = join(dir, 'browse');
const session = join(dir, 'human-docs');
await buildBrowseSite({ dir, out: site });
rmSync(session, { recursive: true, force: true });
await writeHumanSession({ dir, out: session, n: 2, split: TINY, seed: 0, tasks: ['rotation_rotation', 'pocket_ligand'] });
mkdirSync(join(REPO, 'docs/browse'), { recursive: true });

const save = async (page: Page, name: string) => {
  const shot = Buffer.from(await page.screenshot({ type: 'png' }));
  const small = toPalettePng(shot);
  writeFileSync(join(REPO, 'docs/browse', name), small.length < shot.length ? small : shot);
  console.log(`docs/browse/${name}`);
};
const ready = (page: Page) =>
  page.waitForFunction(() => (window as unknown as { misiReady?: unknown }).misiReady !== undefined, { timeout: 60_000 });
const browser = await launchBrowser();
try {
  const page = await browser.newPage();
  await page.setViewport({ width: 1360, height: 900 });
  await page.goto(pathToFileURL(join(site, 'index.html')).href);
  await ready(page);
  await new Promise((r) => setTimeout(r, 800));
  await save(page, 'front.png');
  await page.goto(`${pathToFileURL(join(site, 'index.html')).href}#/list?task=rotation_rotation&complex=${complex}`);
  await page.waitForSelector('#hit-count');
  await save(page, 'list.png');
  await page.goto(`${pathToFileURL(join(site, 'index.html')).href}#/q/${questionId}`);
  await page.waitForSelector('#viewer canvas');
  await page.click('button[data-view=left]');
  await new Promise((r) => setTimeout(r, 1000));
  await save(page, 'question.png');
  await page.click('#labels');
  await page.evaluate(() => document.querySelector('#options')?.scrollIntoView());
  await new Promise((r) => setTimeout(r, 500));
  await save(page, 'question-options.png');

  const human = await browser.newPage();
  await human.setViewport({ width: 1280, height: 800 });
  await human.goto(pathToFileURL(join(session, 'human.html')).href);
  await ready(human);
  await save(human, 'human-start.png');
  await human.type('#participant', 'p01');
  await human.click('#start');
  const shown = () =>
    human.waitForFunction(() => [...document.querySelectorAll('.q-body .images img')].every((i) => (i as HTMLImageElement).complete));
  await shown();
  await save(human, 'human-first.png');
  await human.keyboard.press('a');
  await shown();
  await save(human, 'human-choice.png');
  await human.keyboard.press('b');
  await shown();
  await human.type('#answer-text', 'SER OG, O2');
  await human.keyboard.press('Enter');
  await save(human, 'human-refused.png');
  await human.click('.q-body .images figure:nth-child(2) img');
  await new Promise((r) => setTimeout(r, 300));
  await save(human, 'human-zoom.png');
  await human.keyboard.press('Escape');
  for (let k = 0; k < 2; k++) {
    await human.click('#answer-text', { clickCount: 3 });
    await human.type('#answer-text', 'none');
    await human.keyboard.press('Enter');
    await new Promise((r) => setTimeout(r, 300));
  }
  await human.waitForSelector('#finished');
  await save(human, 'human-finished.png');
} finally {
  await closeBrowser(browser);
}
