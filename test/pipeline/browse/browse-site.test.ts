// `misi-gen browse` on a dataset generated from the bundled sample, driven in headless
// Chromium from the file system as a person would: filter the list to a task and a complex
// (the counts beside each value are those of the records), open a question whose images,
// options and answer are its record's, see the complex drawn in 3D (a canvas that is not
// black, another picture per view button); then the dataset folder moves with its site and a
// missing image and an unknown id are said in place; --serve answers on 127.0.0.1 with the
// site and the images it names only, to no other Host, and a malformed request does not stop it.
// Also a question page of each of three tasks: all its images and a drawn 3D view.

import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import type { Browser } from 'puppeteer-core';
import { openDataset } from '../../../pipeline/dataset/read-dataset.ts';
import { generate } from '../../../pipeline/generate/run-generate.ts';
import { taskById } from '../../../qa/task-registry.ts';
import { findBrowser } from '../../../renders/find-browser.ts';
import { SAMPLE_DIR, SAMPLE_LIGANDS } from '../../../structures/sample-path.ts';
import { cli as inProcess } from '../../cli-in-process.ts';
import { REPO } from '../../shared-structures.ts';
import { closeBrowser, litShare, openBrowser, openPage, pixels } from './page-driver.ts';

const noBrowser = findBrowser() === null ? 'no Chromium on this machine' : false;
const TASKS = ['translation', 'rotation_rotation', 'residue_ligand'];
const root = mkdtempSync(join(tmpdir(), 'misi-browse-'));
const dataset = join(root, 'data');
let browser: Browser;

type Rec = {
  id: string;
  task: string;
  split: string;
  complex: string;
  images: string[];
  answer: string;
  truth: unknown;
  options?: { letter: string; image?: string; commands?: string }[];
};
const records = (dir: string, task: string): Rec[] =>
  ['train', 'test'].flatMap((s) =>
    readFileSync(join(dir, 'qa', `${task}.${s}.jsonl`), 'utf8')
      .split('\n')
      .filter(Boolean)
      .map((l) => JSON.parse(l)),
  );
const correlation = (xs: number[], ys: number[]) => {
  const mean = (v: number[]) => v.reduce((s, x) => s + x, 0) / v.length;
  const mx = mean(xs),
    my = mean(ys);
  let sxy = 0,
    sxx = 0,
    syy = 0;
  xs.forEach((x, i) => {
    sxy += (x - mx) * (ys[i] - my);
    sxx += (x - mx) ** 2;
    syy += (ys[i] - my) ** 2;
  });
  return sxy / Math.sqrt(sxx * syy);
};
const cli = (...args: string[]) => inProcess(args, { cwd: REPO });

before(async () => {
  if (noBrowser) return;
  await generate({
    structures: [SAMPLE_DIR],
    ligandsFile: SAMPLE_LIGANDS,
    out: dataset,
    tasks: TASKS.map((t) => taskById(t)!),
    seed: 5,
    perComplex: 'translation=1/1,rotation_rotation=2/2,residue_ligand=1/1',
    testShare: 0.5,
    pages: 2,
    quiet: true,
    log: () => {},
  });
  const r = await cli('browse', dataset);
  assert.equal(r.status, 0, r.stderr);
  assert.equal(r.stdout.trim(), join(dataset, 'browse', 'index.html'));
  browser = await openBrowser();
});
after(async () => {
  if (browser) await closeBrowser(browser);
  rmSync(root, { recursive: true, force: true });
});

test('browse: filter to a task and a complex, open a question: its images, options, answer and a 3D view', {
  skip: noBrowser,
}, async () => {
  const all = records(dataset, 'rotation_rotation');
  const { page, errors } = await openPage(browser, join(dataset, 'browse', 'index.html'));
  assert.match(await page.$eval('#counts', (e) => e.textContent ?? ''), /rotation_rotation/);
  await page.click('header a[href="#/list"]');
  await page.waitForSelector('select[data-facet=task]');
  const total = TASKS.reduce((n, t) => n + records(dataset, t).length, 0);
  assert.equal(await page.$eval('#hit-count', (e) => e.textContent), String(total));
  const taskOption = await page.$eval('select[data-facet=task] option[value=rotation_rotation]', (e) => e.textContent);
  assert.equal(taskOption, `rotation_rotation (${all.length})`);
  await page.select('select[data-facet=task]', 'rotation_rotation');
  assert.equal(await page.$eval('#hit-count', (e) => e.textContent), String(all.length));
  // The complex facet now counts rotation_rotation questions only.
  const complex = all[all.length - 1].complex;
  const ofComplex = all.filter((r) => r.complex === complex);
  assert.equal(
    await page.$eval(`select[data-facet=complex] option[value="${complex}"]`, (e) => e.textContent),
    `${complex} (${ofComplex.length})`,
  );
  await page.select('select[data-facet=complex]', complex);
  assert.equal(await page.$eval('#hit-count', (e) => e.textContent), String(ofComplex.length));
  const listed = await page.$$eval('#question-list a', (as) => as.map((a) => a.textContent));
  assert.deepEqual(
    listed,
    ofComplex.map((r) => r.id),
  );
  assert.match(page.url(), /task=rotation_rotation/);

  const rec = ofComplex[0];
  await page.click(`#question-list a[href="#/q/${rec.id}"]`);
  await page.waitForSelector('#answer');
  await page.waitForFunction(() => [...document.querySelectorAll('.images img')].every((i) => (i as HTMLImageElement).complete));
  assert.equal(await page.$eval('h1', (e) => e.textContent), rec.id);
  assert.deepEqual(await page.$$eval('.images img', (is) => is.map((i) => i.getAttribute('data-path'))), rec.images);
  assert.ok(
    (await page.$$eval('.images img', (is) => is.map((i) => (i as HTMLImageElement).naturalWidth))).every((w) => w > 0),
    'every image loads',
  );
  assert.deepEqual(
    await page.$$eval('#options tr', (rs) => rs.map((r) => r.getAttribute('data-letter'))),
    rec.options!.map((o) => o.letter),
  );
  assert.deepEqual(
    await page.$$eval('#options img', (is) => is.map((i) => i.getAttribute('data-path'))),
    rec.options!.map((o) => o.image),
  );
  assert.equal(await page.$eval('#answer', (e) => e.textContent), rec.answer);
  assert.deepEqual(JSON.parse(await page.$eval('#truth', (e) => e.textContent ?? '')), rec.truth);
  const others = await page.$$eval('.others a', (as) => as.map((a) => a.textContent));
  const sameComplex = TASKS.flatMap((t) => records(dataset, t))
    .filter((r) => r.complex === complex && r.id !== rec.id)
    .map((r) => r.id)
    .sort();
  assert.deepEqual([...others].sort(), sameComplex);
  // Zoom on click.
  await page.click('.images img');
  assert.equal(await page.$eval('#zoom', (e) => (e as HTMLElement).hidden), false);
  await page.click('#zoom');

  await page.waitForSelector('#viewer canvas');
  await new Promise((r) => setTimeout(r, 500));
  const viewer = (await page.$('#viewer'))!;
  const lit = await litShare(viewer);
  assert.ok(lit > 0.02, `the 3D view draws the complex (${(100 * lit).toFixed(1)} % of its pixels lit)`);
  // Each view button turns the complex as the question's own images show it: where 3Dmol puts
  // every atom on screen follows where the renderer put it (the images' annotations), in x and y.
  const folder = openDataset(dataset);
  for (const [k, view] of ['front', 'left', 'top'].entries()) {
    const drawn = folder.annotation(rec.images[k])!.atoms!;
    await page.click(`button[data-view=${view}]`);
    const onScreen = await page.evaluate((id) => {
      const w = window as unknown as {
        misiViewer: { viewer: { modelToScreen(p: object): { x: number; y: number } } };
        MISI: { load(n: string): Promise<{ atoms: number[][] }> };
      };
      return w.MISI.load(`complexes/${id}`).then((s) =>
        s.atoms.map((a) => w.misiViewer.viewer.modelToScreen({ x: a[1], y: a[2], z: a[3] })),
      );
    }, rec.complex);
    assert.equal(onScreen.length, drawn.length, `${view}: the 3D view draws the atoms the image draws`);
    assert.ok(
      correlation(
        drawn.map((a) => a.x),
        onScreen.map((p) => p.x),
      ) > 0.99,
      `${view}: x follows the image`,
    );
    assert.ok(
      correlation(
        drawn.map((a) => a.y),
        onScreen.map((p) => p.y),
      ) > 0.99,
      `${view}: y follows the image`,
    );
  }
  await page.click('button[data-view=front]');
  await new Promise((r) => setTimeout(r, 300));
  const front = await pixels(viewer);
  await page.click('button[data-view=left]');
  await new Promise((r) => setTimeout(r, 300));
  assert.notDeepEqual(await pixels(viewer), front, 'the left view is another picture');
  assert.equal(await page.$eval('#view-name', (e) => e.textContent), 'left view');
  // Labels: off on opening, all of the scene's on a click (one pass), off again on another.
  const labelCount = () =>
    page.evaluate(() => (window as unknown as { misiViewer: { viewer: { labels: unknown[] } } }).misiViewer.viewer.labels.length);
  const sceneLabels = await page.evaluate(
    (id) =>
      (window as unknown as { MISI: { load(n: string): Promise<{ labels: unknown[] }> } }).MISI.load(`complexes/${id}`).then(
        (s) => s.labels.length,
      ),
    rec.complex,
  );
  assert.ok(sceneLabels > 10, `the scene has labels (${sceneLabels})`);
  assert.equal(await labelCount(), 0, 'no labels on opening');
  const unlabelled = await pixels(viewer);
  await page.click('#labels');
  assert.equal(await labelCount(), sceneLabels);
  assert.equal(await page.$eval('#labels', (e) => e.textContent), 'hide labels');
  await new Promise((r) => setTimeout(r, 300));
  assert.notDeepEqual(await pixels(viewer), unlabelled, 'the labels are drawn');
  await page.click('#labels');
  assert.equal(await labelCount(), 0);
  assert.deepEqual(errors, []);
});

test('browse: a question page of each of three tasks shows every image and draws its complex in 3D', { skip: noBrowser }, async () => {
  for (const task of TASKS) {
    const rec = records(dataset, task)[0];
    const { page, errors } = await openPage(browser, join(dataset, 'browse', 'index.html'), `#/q/${rec.id}`);
    await page.waitForFunction(() => [...document.querySelectorAll('.images img')].every((i) => (i as HTMLImageElement).complete));
    assert.deepEqual(
      await page.$$eval('.images img', (is) =>
        is.filter((i) => (i as HTMLImageElement).naturalWidth > 0).map((i) => i.getAttribute('data-path')),
      ),
      rec.images,
      `${task}: every image shown`,
    );
    await page.waitForSelector('#viewer canvas');
    await new Promise((r) => setTimeout(r, 300));
    const lit = await litShare((await page.$('#viewer'))!);
    assert.ok(lit > 0.02, `${task}: the 3D view is drawn (${(100 * lit).toFixed(1)} % lit)`);
    assert.deepEqual(errors, []);
    await page.close();
  }
});

test('browse: the site moves with its dataset; a missing image and an unknown id are said in place', { skip: noBrowser }, async () => {
  const moved = join(root, 'elsewhere', 'moved-data');
  cpSync(dataset, moved, { recursive: true });
  const rec = records(moved, 'translation')[0];
  rmSync(join(moved, rec.images[1]));
  const { page, errors } = await openPage(browser, join(moved, 'browse', 'index.html'), `#/q/${rec.id}`);
  await page.waitForSelector('.images .missing');
  const missing = await page.$eval('.images .missing', (e) => e.textContent ?? '');
  assert.match(missing, new RegExp(`Image 2: ${rec.images[1]} is missing`));
  assert.equal(
    await page.$$eval('.images img', (is) => is.filter((i) => (i as HTMLImageElement).naturalWidth > 0).length),
    rec.images.length - 1,
  );
  await page.type('#search-id', 'no-such-question');
  await page.keyboard.press('Enter');
  await page.waitForFunction(() => document.querySelector('main .missing')?.textContent?.includes('no-such-question'));
  // A record chunk that went missing is named.
  renameSync(join(moved, 'browse', 'data', 'records'), join(moved, 'browse', 'data', 'gone'));
  await page.evaluate((id) => {
    location.hash = `#/q/${id}`;
    location.reload();
  }, records(moved, 'rotation_rotation')[0].id);
  await page.waitForFunction(() =>
    document.querySelector('main .missing')?.textContent?.includes('data/records/rotation_rotation/0.js is missing'),
  );
  assert.deepEqual(errors, []);
});

/** A raw HTTP/1.1 request (fetch would mend a malformed path or a Host): the status line's code. */
function rawStatus(port: number, path: string, host = `127.0.0.1:${port}`): Promise<number> {
  return new Promise((ok, fail) => {
    const socket = connect(port, '127.0.0.1', () => socket.write(`GET ${path} HTTP/1.1\r\nHost: ${host}\r\nConnection: close\r\n\r\n`));
    let got = '';
    socket.on('data', (d) => {
      got += d;
    });
    socket.on('end', () => ok(Number(/^HTTP\/1\.1 (\d{3})/.exec(got)?.[1] ?? 0)));
    socket.on('error', fail);
  });
}

test("browse --serve: the site and the dataset's images on 127.0.0.1, nothing beside them, to no foreign Host", {
  skip: noBrowser,
}, async () => {
  // A file beside the dataset and the site, under the folder holding both (root), and a file
  // of the dataset the site does not name (its records, with the answers).
  writeFileSync(join(root, 'private.txt'), 'not for the site');
  const child = spawn(process.execPath, [join(REPO, 'test/source-cli.mjs'), 'browse', dataset, '--out', join(root, 'served'), '--serve'], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  try {
    const url = await new Promise<string>((ok, fail) => {
      let out = '';
      child.stdout.on('data', (d) => {
        out += d;
        if (out.includes('\n')) ok(out.trim());
      });
      child.on('close', (code) => fail(new Error(`browse --serve exited ${code}`)));
    });
    assert.match(url, /^http:\/\/127\.0\.0\.1:\d+\/served\/index\.html$/);
    const port = Number(new URL(url).port);
    const page = await fetch(url);
    assert.equal(page.status, 200);
    assert.match(await page.text(), /<title>misi-gen browse<\/title>/);
    assert.equal((await fetch(new URL('data/summary.js', url))).status, 200);
    const image = records(dataset, 'translation')[0].images[0];
    const png = await fetch(new URL(`../data/${image}`, url));
    assert.equal(png.status, 200);
    assert.equal(png.headers.get('content-type'), 'image/png');
    // Outside the site and not an image it names: not served, though the files are there.
    assert.equal(readFileSync(join(root, 'private.txt'), 'utf8'), 'not for the site');
    assert.equal((await fetch(new URL('/private.txt', url))).status, 404);
    assert.equal((await fetch(new URL('/data/qa/translation.test.jsonl', url))).status, 404);
    assert.equal((await fetch(new URL('/data/complexes.jsonl', url))).status, 404);
    assert.equal((await fetch(new URL('/data/', url))).status, 404);
    assert.equal(await rawStatus(port, '/../private.txt'), 404);
    assert.equal(await rawStatus(port, '/%2e%2e/private.txt'), 404);
    // A favicon.
    const icon = await fetch(new URL('/favicon.ico', url));
    assert.equal(icon.status, 200);
    assert.equal(icon.headers.get('content-type'), 'image/svg+xml');
    // Another Host (a DNS name pointed at 127.0.0.1, or another port): refused; localhost with the port: served.
    assert.equal(await rawStatus(port, '/served/index.html', `attacker.example:${port}`), 403);
    assert.equal(await rawStatus(port, '/served/index.html', '127.0.0.1'), 403);
    assert.equal(await rawStatus(port, '/served/index.html', `localhost:${port}`), 200);
    // A malformed escape: 400, and the next request is served.
    assert.equal(await rawStatus(port, '/served/%E0%A4%A.html'), 400);
    assert.equal(await rawStatus(port, '/served/%zz'), 400);
    assert.equal((await fetch(url)).status, 200);
    assert.equal(child.exitCode, null, 'still serving');
  } finally {
    child.kill('SIGTERM');
  }
});
