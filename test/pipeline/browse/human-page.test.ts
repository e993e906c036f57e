// `misi-gen human` answered in headless Chromium as a person would: letter buttons and keys,
// Yes/No with bonds, typed commands and bond lists (a malformed one refused), with a scripted
// mix of right and wrong answers, the page reloaded midway (it resumes where it stopped); the
// downloaded file scores in `misi-gen score --answered-only` exactly what the mix should,
// worked out by hand below; with a second file, score prints the mean over the two with its spread.
// At 1280x800 the first image shows whole under the question's first line, as large as fits,
// nothing over it; a paragraph shown before is folded; the last screen says the session is
// finished. The session's data holds what the person is shown and no more; a second
// `human --out` on it is refused and leaves it as it was; --n is per task and a cap is said.

import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import type { Browser, Page } from 'puppeteer-core';
import { generate } from '../../../pipeline/generate/run-generate.ts';
import { taskById } from '../../../qa/task-registry.ts';
import { findBrowser } from '../../../renders/find-browser.ts';
import { SAMPLE_DIR, SAMPLE_LIGANDS } from '../../../structures/sample-path.ts';
import { cli as inProcess } from '../../cli-in-process.ts';
import { closeBrowser, openBrowser, openPage } from './page-driver.ts';

const noBrowser = findBrowser() === null ? 'no Chromium on this machine' : false;
const TASKS = ['translation', 'rotation_rotation', 'residue_ligand', 'pocket_ligand'];
const root = mkdtempSync(join(tmpdir(), 'misi-human-'));
const dataset = join(root, 'data');
const session = join(root, 'session');
const downloads = join(root, 'downloads');
let browser: Browser;

type Rec = { id: string; task: string; answer: string; options?: { letter: string }[] };
const testRecords = (): Map<string, Rec> =>
  new Map(
    TASKS.flatMap((t) =>
      readFileSync(join(dataset, 'qa', `${t}.test.jsonl`), 'utf8')
        .split('\n')
        .filter(Boolean)
        .map((l) => JSON.parse(l) as Rec),
    ).map((r) => [r.id, r]),
  );
// Under `npm test` the built bin (the page script then joins dist/'s compiled modules), alone the source.
const cli = (...args: string[]) => inProcess(args);

/**
 * The scripted mix, by task and by the question's place among that task's questions on the
 * page: right or wrong. Each answer scores 1 or 0 exactly: a right one is the answer itself; a
 * wrong translation (not in this mix) would move along z, the wrong axis; a wrong choice is another letter; a wrong residue_ligand
 * verdict is the other verdict (a Yes naming a bond when the truth is No, a No when it is
 * Yes: both 0); a wrong pocket_ligand list names one invented bond (none of the true ones
 * found: 0; with no true bond, more than twice as many as true: 0).
 * Per task (percent): translation 2/2 = 100, rotation_rotation 1/2 = 50, residue_ligand 0/2 = 0,
 * pocket_ligand 1/2 = 50. Average (paper, without rotation_rotation): (100 + 0 + 50) / 3 = 50;
 * average over all four: (100 + 50 + 0 + 50) / 4 = 50.
 */
const MIX: Record<string, boolean[]> = {
  translation: [true, true],
  rotation_rotation: [true, false],
  residue_ligand: [false, false],
  pocket_ligand: [true, false],
};
const EXPECTED = { translation: 100, rotation_rotation: 50, residue_ligand: 0, pocket_ligand: 50, paper: 50, all: 50 };

before(async () => {
  if (noBrowser) return;
  await generate({
    structures: [SAMPLE_DIR],
    ligandsFile: SAMPLE_LIGANDS,
    out: dataset,
    tasks: TASKS.map((t) => taskById(t)!),
    seed: 3,
    perComplex: 'translation=2/2,rotation_rotation=2/2,residue_ligand=2/2,pocket_ligand=1/1',
    testShare: 0.5,
    pages: 2,
    quiet: true,
    log: () => {},
  });
  const r = await cli('human', dataset, '--out', session, '--tasks', TASKS.join(','), '--n', '2', '--split', 'test', '--seed', '7');
  assert.equal(r.status, 0, r.stderr);
  assert.equal(r.stdout.trim(), join(session, 'human.html'));
  browser = await openBrowser();
});
after(async () => {
  if (browser) await closeBrowser(browser);
  rmSync(root, { recursive: true, force: true });
});

/** At 1280x800: the first image whole above the fold, under the question's first line, as large as fits, not covered. */
async function firstImageShown(page: Page): Promise<void> {
  await page.waitForFunction(() => (document.querySelector('.q-body .images img') as HTMLImageElement | null)?.complete);
  const box = await page.evaluate(() => {
    const img = document.querySelector('.q-body .images img') as HTMLImageElement;
    const r = img.getBoundingClientRect();
    const line = document.getElementById('first-line')!.getBoundingClientRect();
    const column = img.closest('.images')!.getBoundingClientRect();
    return {
      top: r.top,
      bottom: r.bottom,
      left: r.left,
      right: r.right,
      width: r.width,
      natural: img.naturalWidth,
      lineBottom: line.bottom,
      column: column.width,
      uncovered: [
        [r.left + 2, r.top + 2],
        [r.right - 2, r.bottom - 2],
        [r.left + 2, r.bottom - 2],
        [r.right - 2, r.top + 2],
      ].map(([x, y]) => document.elementFromPoint(x, y) === img),
      text: document.getElementById('first-line')!.textContent,
      scrolled: window.scrollY,
    };
  });
  assert.equal(box.scrolled, 0);
  assert.ok(box.text && box.text.length > 20, 'the first line of the question is there');
  assert.ok(box.top >= box.lineBottom, `the image (top ${box.top}) is under the first line (bottom ${box.lineBottom})`);
  assert.ok(box.bottom <= 800 && box.right <= 1280 && box.left >= 0, `the image shows whole above the fold: ${JSON.stringify(box)}`);
  // As large as the screen shows it whole: the column's width or the height left, whichever is less.
  const fits = Math.min(box.column, 800 - box.top - 40);
  assert.ok(box.width >= fits, `the image is ${box.width} px wide; ${fits} fit (its own size ${box.natural})`);
  assert.deepEqual(box.uncovered, [true, true, true, true], 'nothing covers the image');
}

/** Every file under `dir` with its content's hash. */
function snapshot(dir: string): Record<string, string> {
  const out: Record<string, string> = {};
  const walk = (d: string) => {
    for (const f of readdirSync(d)) {
      const p = join(d, f);
      if (statSync(p).isDirectory()) walk(p);
      else out[p] = createHash('sha256').update(readFileSync(p)).digest('hex');
    }
  };
  walk(dir);
  return out;
}

test('human: the session holds what the person is shown only; a second --out on it is refused and changes nothing; --n is per task, a cap said', {
  skip: noBrowser,
}, async () => {
  const text = readFileSync(join(session, 'data', 'session.js'), 'utf8');
  const data = JSON.parse(text.slice(text.indexOf(',') + 1, text.lastIndexOf(')')));
  const recs = testRecords();
  assert.equal(data.questions.length, 8);
  for (const q of data.questions) {
    assert.deepEqual(Object.keys(q).sort(), ['form', 'id', 'images', 'question', 'task']);
    const r = recs.get(q.id)!;
    if (r.options) assert.deepEqual(q.form, { kind: 'letter', letters: r.options.map((o) => o.letter) });
  }
  assert.doesNotMatch(text, /"(answer|truth|options|commands|meta)":/);
  const before = snapshot(session);
  const again = await cli('human', dataset, '--out', session, '--tasks', 'translation', '--n', '1', '--split', 'test');
  assert.equal(again.status, 2, again.stderr);
  assert.match(again.stderr, /already holds a session .*left as it is/);
  assert.deepEqual(snapshot(session), before, 'the session is unchanged');
  // --n is per task; a task whose split has fewer gives what it has, and stderr says so.
  const wide = join(root, 'wide');
  const many = await cli('human', dataset, '--out', wide, '--tasks', TASKS.join(','), '--n', '50', '--split', 'test');
  assert.equal(many.status, 0, many.stderr);
  const inSplit = (t: string) => [...recs.values()].filter((r) => r.task === t).length;
  for (const t of TASKS)
    assert.match(many.stderr, new RegExp(`human: ${t}: ${inSplit(t)} questions?, not --n 50 \\(the test split has only ${inSplit(t)}\\)`));
  const help = await cli('human', '--help');
  assert.match(help.stdout, /questions PER TASK/);
  const { page, errors } = await openPage(browser, join(wide, 'human.html'));
  assert.match(await page.$eval('#session-size', (e) => e.textContent ?? ''), /up to 50 of each of 4 kinds of question/);
  assert.match(
    await page.$eval('.per-task', (e) => e.textContent ?? ''),
    new RegExp(`translation: ${inSplit('translation')} \\(fewer than 50: the test split has only`),
  );
  assert.match(await page.$eval('#time-estimate', (e) => e.textContent ?? ''), /^It takes about \d+ (minutes|hours?)/);
  assert.deepEqual(errors, []);
  await page.close();
});

/** Types `text` into the answer field and submits it with Enter. */
async function typeAnswer(page: Page, text: string): Promise<void> {
  await page.click('#answer-text', { clickCount: 3 });
  await page.type('#answer-text', text);
  await page.keyboard.press('Enter');
}

/** Answers the question on screen, right or wrong as the mix says, through clicks and keys. */
async function answer(page: Page, r: Rec, right: boolean): Promise<void> {
  if (r.task === 'translation') {
    // A malformed command is refused, with the reason, and the question stays.
    await typeAnswer(page, 'mvoe x 3');
    assert.match(await page.$eval('#answer-check', (e) => e.textContent ?? ''), /Not accepted: .*unknown verb 'mvoe'/);
    await typeAnswer(page, right ? r.answer : `move z 3`);
  } else if (r.task === 'rotation_rotation') {
    const wrong = ['A', 'B', 'C', 'D'].find((l) => l !== r.answer)!;
    if (right) await page.keyboard.press(r.answer.toLowerCase() as 'a');
    else await page.click(`button[data-letter=${wrong}]`);
  } else if (r.task === 'residue_ligand') {
    const truthNo = r.answer === 'No';
    if (right === truthNo) return page.keyboard.press('n');
    await page.click('#answer-yes');
    await typeAnswer(page, 'SER OG');
    assert.match(await page.$eval('#answer-check', (e) => e.textContent ?? ''), /Not accepted/);
    // A right answer typed as the question writes it (`Yes: SER OG, O2`), a wrong one as bonds alone.
    await typeAnswer(page, right ? r.answer : 'ZZZ N, Q99');
  } else {
    await typeAnswer(page, 'ARG 221 NH2, O22');
    assert.match(await page.$eval('#answer-check', (e) => e.textContent ?? ''), /Not accepted/);
    await typeAnswer(page, right ? r.answer || 'none' : 'ZZZ 999 N Q, Q99');
  }
}

test('human: answered by clicks and keys with a scripted mix, reloaded midway; the export scores what the mix should', {
  skip: noBrowser,
}, async () => {
  const recs = testRecords();
  const page0 = await openPage(browser, join(session, 'human.html'));
  const { page, errors } = page0;
  const cdp = await page.createCDPSession();
  await cdp.send('Browser.setDownloadBehavior', { behavior: 'allow', downloadPath: downloads });
  await page.setViewport({ width: 1280, height: 800 });
  await page.type('#participant', 'tester-1');
  await page.click('#start');
  const seen: Record<string, number> = {};
  const total = Object.values(MIX).reduce((s, m) => s + m.length, 0);
  await firstImageShown(page);
  await page.setViewport({ width: 1400, height: 1000 });
  for (let k = 0; k < total; k++) {
    await page.waitForSelector('#question-number');
    assert.equal(await page.$eval('#question-number', (e) => e.textContent), `Question ${k + 1} of ${total}`);
    const id = (await page.$eval('#question-number', (e) => e.getAttribute('data-id')))!;
    const r = recs.get(id)!;
    assert.ok(r, `question ${id} is a test question of the dataset`);
    assert.equal(await page.$$eval('body', (b) => b[0].textContent!.includes('Answer:')), false);
    const nth = (seen[r.task] = (seen[r.task] ?? -1) + 1);
    if (k === 1) {
      // The second question of a task: the paragraphs the first showed (how the pictures are
      // drawn, the frame...) are folded into one line that opens them; the task is not.
      assert.match(await page.$eval('details.seen summary', (e) => e.textContent ?? ''), /^Read before: .*How the pictures are drawn/);
      assert.match(await page.$eval('.q-text', (e) => e.textContent ?? ''), /Task: /);
    }
    await answer(page, r, MIX[r.task][nth]);
    await page.waitForFunction(
      (was) => document.querySelector('#question-number')?.textContent !== was,
      {},
      `Question ${k + 1} of ${total}`,
    );
    if (k === 3) {
      await page.reload({ waitUntil: 'domcontentloaded' });
      await page.waitForFunction(() => (window as unknown as { misiReady?: unknown }).misiReady !== undefined);
      assert.equal(
        await page.$eval('#question-number', (e) => e.textContent),
        `Question 5 of ${total}`,
        'the reload resumes at the next question',
      );
    }
  }
  await page.waitForSelector('#download');
  assert.equal(await page.$eval('#where', (e) => e.textContent), 'finished');
  assert.match(await page.$eval('main', (e) => e.textContent ?? ''), /The session is finished: you answered all 8 of its 8 questions/);
  await page.click('#download');
  const file = join(downloads, 'tester-1.test.jsonl');
  // Chromium writes <name>.crdownload and renames it when the download ends: wait for the one file (10 s at most).
  const done = () => existsSync(file) && readdirSync(downloads).every((f) => !f.endsWith('.crdownload'));
  for (let i = 0; i < 100 && !done(); i++) await new Promise((res) => setTimeout(res, 100));
  assert.deepEqual(readdirSync(downloads), ['tester-1.test.jsonl']);
  const lines = readFileSync(file, 'utf8')
    .trim()
    .split('\n')
    .map((l) => JSON.parse(l));
  assert.equal(lines.length, total);
  for (const l of lines) assert.ok(typeof l.seconds === 'number' && l.seconds >= 0 && l.participant === 'tester-1');
  assert.deepEqual(errors, []);

  // The session asked 2 questions of each task, a sample of the split: --answered-only scores
  // the questions asked; without it the others count as missing (0), so a task's figure is its
  // right answers over all its questions in the split.
  const scored = await cli('score', dataset, file, '--json', '--answered-only');
  assert.equal(scored.status, 0, scored.stderr);
  const json = JSON.parse(scored.stdout);
  for (const t of TASKS)
    assert.equal(json.tasks[t].composite, EXPECTED[t as keyof typeof EXPECTED], `${t}: ${JSON.stringify(json.tasks[t])}`);
  assert.equal(json.average.composite, EXPECTED.paper);
  assert.equal(json.averageAllTasks.composite, EXPECTED.all);
  assert.equal(json.missing, 0);
  const whole = JSON.parse((await cli('score', dataset, file, '--json')).stdout);
  const inSplit = (t: string) => [...recs.values()].filter((r) => r.task === t).length;
  assert.ok(inSplit('translation') > 2, 'the split holds more translation questions than the session asks');
  for (const t of TASKS)
    assert.ok(Math.abs(whole.tasks[t].composite - (100 * MIX[t].filter(Boolean).length) / inSplit(t)) < 1e-6, `${t} over the whole split`);

  // A second person answering every question right: the human row is the mean of the two, with
  // its spread. sd of (x, y) over n - 1 = |x - y| / sqrt(2): 100 and 50 -> 35.36; 50 and 100 (paper) -> 35.36.
  const second = join(root, 'tester-2.test.jsonl');
  writeFileSync(second, lines.map((l) => JSON.stringify({ id: l.id, prediction: recs.get(l.id)!.answer || 'none' })).join('\n') + '\n');
  const both = await cli('score', dataset, file, second, '--json', '--answered-only');
  assert.equal(both.status, 0, both.stderr);
  const people = JSON.parse(both.stdout).people as { task: string; composite: { files: number; mean: number; sd: number } }[];
  const row = (t: string) => people.find((p) => p.task === t)!.composite;
  assert.deepEqual([row('translation').mean, row('translation').sd], [100, 0]);
  assert.equal(row('residue_ligand').mean, 50);
  assert.ok(Math.abs(row('residue_ligand').sd - 100 / Math.SQRT2) < 1e-9);
  assert.equal(row('average (paper)').mean, 75);
  assert.ok(Math.abs(row('average (paper)').sd - 50 / Math.SQRT2) < 1e-9);
  const table = await cli('score', dataset, file, second, '--answered-only');
  assert.match(table.stdout, /^Human row: 2 prediction files/);
  assert.match(table.stdout, /\naverage \(3 tasks\)\s+2\s+75\.0\s+35\.4\s+50\.0\s+100\.0/);
});
