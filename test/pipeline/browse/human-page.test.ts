// `misi-gen human` answered in headless Chromium as a person would: letter buttons and keys,
// Yes/No with bonds, typed commands and bond lists (a malformed one refused), with a scripted
// mix of right and wrong answers, the page reloaded midway (it resumes where it stopped); the
// downloaded file scores in `misi-gen score --answered-only` exactly what the mix should,
// worked out by hand below; with a second file, score prints the mean over the two with its spread.

import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
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
  await page.type('#participant', 'tester-1');
  await page.click('#start');
  const seen: Record<string, number> = {};
  const total = Object.values(MIX).reduce((s, m) => s + m.length, 0);
  for (let k = 0; k < total; k++) {
    await page.waitForSelector('#question-number');
    assert.equal(await page.$eval('#question-number', (e) => e.textContent), `Question ${k + 1} of ${total}`);
    const id = (await page.$eval('#question-number', (e) => e.getAttribute('data-id')))!;
    const r = recs.get(id)!;
    assert.ok(r, `question ${id} is a test question of the dataset`);
    assert.equal(await page.$$eval('body', (b) => b[0].textContent!.includes('Answer:')), false);
    const nth = (seen[r.task] = (seen[r.task] ?? -1) + 1);
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
  await page.click('#download');
  const file = join(downloads, 'tester-1.test.jsonl');
  for (let i = 0; i < 50 && !existsSync(file); i++) await new Promise((res) => setTimeout(res, 100));
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
  assert.match(table.stdout, /\naverage \(paper\)\s+2\s+75\.0\s+35\.4\s+50\.0\s+100\.0/);
});
