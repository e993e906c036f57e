// interaction_kind and pocket_interactions (#54) through every command, with nothing in
// pipeline/ that names them: a dataset of `--tasks interactions` from the first 40 complexes
// of ../shared (the bundled sample asks no interaction_kind question on train; 256 px images,
// for speed) run through verify, stats (label legibility of the residues their answers name),
// audit (their own baselines, residue name only and distance only, at chance), export, score (their own
// answers score 100), eval --baseline, browse (the site names their answer kinds) and human
// (the yes/no buttons and the residue-list field of their kinds take the answers in the form
// the questions state, and the field refuses a residue without its chain). Skips without
// ../shared or Chromium.

import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { pathToFileURL } from 'node:url';
import { ResidueListTruthSchema, YesNoTruthSchema } from '../../qa/answer-kinds.ts';
import { answerKindOf, taskById } from '../../qa/task-registry.ts';
import { closeBrowser, launchBrowser } from '../../renders/browser.ts';
import { findBrowser } from '../../renders/find-browser.ts';
import { NEEDS_SHARED, REPO, SHARED } from '../shared-structures.ts';

const TASKS = ['interaction_kind', 'pocket_interactions'];
const skip = NEEDS_SHARED || (findBrowser() === null ? 'no Chromium on this machine' : false);
const root = mkdtempSync(join(tmpdir(), 'misi-interactions-'));
const data = join(root, 'data');

const cli = (args: string[]) =>
  spawnSync(process.execPath, [join(REPO, 'pipeline/bin/misi-gen.js'), ...args], { cwd: root, encoding: 'utf8', maxBuffer: 1 << 26 });
const ok = (r: ReturnType<typeof cli>, what: string) => assert.equal(r.status, 0, `${what}: ${r.stderr}\n${r.stdout}`);
const lines = (path: string) =>
  readFileSync(path, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((l) => JSON.parse(l));
const records = (task: string, splits = ['train', 'test']) => splits.flatMap((s) => lines(join(data, 'qa', `${task}.${s}.jsonl`)));

before(() => {
  if (skip) return;
  const args = ['generate', join(SHARED, 'pdbbind'), '--limit', '40', '--out', data, '--tasks', 'interactions', '--test-share', '0.5'];
  ok(cli([...args, '--per-complex', 'interaction_kind=6/6,pocket_interactions=8/8', '--size', '256', '--workers', '1']), 'generate');
});
after(() => rmSync(root, { recursive: true, force: true }));

test('generate and verify: records typed by the kinds yesno and residues, each answer the one its truth gives', { skip }, () => {
  ok(cli(['verify', data]), 'verify');
  const asked = records('interaction_kind');
  const listed = records('pocket_interactions');
  // pocket_interactions asks only residues with a partner of their name (18 questions on these 40 complexes).
  assert.ok(asked.length >= 20 && listed.length >= 10, `${asked.length} and ${listed.length} questions`);
  for (const r of asked) {
    const truth = YesNoTruthSchema.parse(r.truth);
    // Written out by hand: `Yes` when the residue makes the kind asked, else `No`.
    assert.equal(r.answer, truth.makes ? 'Yes' : 'No', r.id);
    assert.equal(answerKindOf(taskById('interaction_kind')!).answerOf(r.truth), r.answer);
  }
  assert.equal(asked.filter((r) => r.answer === 'Yes').length, asked.filter((r) => r.answer === 'No').length);
  for (const r of listed) {
    const truth = ResidueListTruthSchema.parse(r.truth);
    const said = truth.residues.map((x) => `${x.name} ${x.number}${x.insertionCode} ${x.chain || '_'}`).join('; ');
    assert.equal(r.answer, said, r.id);
    assert.equal(answerKindOf(taskById('pocket_interactions')!).answerOf(r.truth), r.answer);
  }
});

test('stats: label legibility of the residues their questions name, against their targets', { skip }, () => {
  const r = cli(['stats', data, '--json']);
  ok(r, 'stats');
  const stats = JSON.parse(r.stdout) as { task: string; legibility?: { referenced: number; target: { figure: string; min: number } } }[];
  const asked = stats.find((s) => s.task === 'interaction_kind')!.legibility!;
  // One label per question: the residue asked about.
  assert.equal(asked.referenced, records('interaction_kind', ['train', 'test']).length);
  assert.deepEqual([asked.target.figure, asked.target.min], ['referencedReadableInAll', 0.98]);
  const listed = stats.find((s) => s.task === 'pocket_interactions')!.legibility!;
  // Every candidate's label, those left out of the answer too: twice the answer's residues.
  const residues = records('pocket_interactions').reduce((n, q) => n + q.truth.residues.length, 0);
  assert.equal(listed.referenced, 2 * residues);
  assert.deepEqual([listed.target.figure, listed.target.min], ['referencedReadableInFour', 0.9]);
});

test("audit: each task's residue-name-only and distance-only baselines, at chance", { skip }, () => {
  const r = cli(['audit', data, '--json']);
  ok(r, 'audit (every task clean)');
  const report = JSON.parse(r.stdout) as {
    tasks: {
      task: string;
      splits: { chance: number; baselines: { name: string; label: string; n: number; score: number; flagged: boolean }[] }[];
    }[];
  };
  for (const task of TASKS) {
    const split = report.tasks.find((x) => x.task === task)!.splits[0];
    const own = split.baselines.filter((b) => b.name === 'residueName' || b.name === 'distance');
    assert.deepEqual(own.map((b) => b.label).sort(), ['residue name only', 'residue-ligand distance only'], task);
    assert.ok(
      own.every((b) => b.n > 0),
      JSON.stringify(own),
    );
    // interaction_kind's No is a residue of the same name within 0.15 A of its Yes's distance: neither tells the verdict.
    if (task === 'interaction_kind') {
      // Chance: the random baseline's Yes or No at even odds, averaged over a few draws per question.
      assert.ok(Math.abs(split.chance - 0.5) < 0.1, String(split.chance));
      assert.ok(!own.some((b) => b.flagged), JSON.stringify(own));
    }
    // pocket_interactions' candidates come in pairs of one name, one making the kind and one not: chance is one half, stated,
    // and a rule by the name alone treats both of a pair alike, right on exactly half.
    if (task === 'pocket_interactions') {
      assert.equal(split.chance, 0.5);
      assert.equal(split.baselines.find((b) => b.name === 'residueName')!.score, 0.5);
      assert.ok(!split.baselines.some((b) => b.flagged), JSON.stringify(split.baselines));
    }
  }
});

test('export, score and eval --baseline: both tasks written, own answers score 100', { skip }, () => {
  ok(cli(['export', data, '--format', 'llava', '--out', join(root, 'llava')]), 'export');
  const files = readdirSync(join(root, 'llava'));
  for (const task of TASKS) assert.ok(files.includes(`${task}.test.json`), files.join(', '));
  const own = TASKS.flatMap((t) => records(t, ['test'])).map((q) => JSON.stringify({ id: q.id, prediction: q.answer }));
  writeFileSync(join(root, 'own.jsonl'), `${own.join('\n')}\n`);
  const scored = cli(['score', data, join(root, 'own.jsonl'), '--json']);
  ok(scored, 'score');
  const tasks = JSON.parse(scored.stdout).tasks as Record<string, { composite: number }>;
  assert.deepEqual(
    TASKS.map((t) => tasks[t]?.composite),
    [100, 100],
  );
  const out = join(root, 'random.jsonl');
  ok(cli(['eval', data, '--baseline', 'random', '--out', out]), 'eval --baseline random');
  const ids = lines(out).map((p) => p.id as string);
  for (const task of TASKS)
    assert.ok(
      ids.some((id) => id.startsWith(`${task}-`)),
      task,
    );
});

test('browse names their kinds; human: Yes/No and the residue list taken as the questions state them', { skip }, async () => {
  ok(cli(['browse', data, '--out', join(root, 'site')]), 'browse');
  const summary = readdirSync(join(root, 'site', 'data')).find((f) => f.startsWith('summary'))!;
  const text = readFileSync(join(root, 'site', 'data', summary), 'utf8');
  assert.match(text, /"task":"interaction_kind"[^}]*"answer":"yesno"/);
  assert.match(text, /"task":"pocket_interactions"[^}]*"answer":"residues"/);
  const session = join(root, 'session');
  ok(cli(['human', data, '--out', session, '--split', 'test', '-n', '4']), 'human');
  const byId = new Map(TASKS.flatMap((t) => records(t, ['test'])).map((q) => [q.id as string, q]));
  const browser = await launchBrowser();
  const seen: string[] = [];
  try {
    const page = await browser.newPage();
    await page.goto(pathToFileURL(join(session, 'human.html')).href);
    await page.type('#participant', 'tester');
    await page.click('#start');
    for (;;) {
      const id = await page
        .waitForSelector('#question-number', { timeout: 5000 })
        .then(() => page.$eval('#question-number', (e) => e.getAttribute('data-id')))
        .catch(() => null);
      if (!id) break;
      const q = byId.get(id)!;
      seen.push(q.task);
      if (q.task === 'interaction_kind') await page.click(q.answer === 'Yes' ? '#answer-yes' : '#answer-no');
      else {
        // A residue without its chain is refused, with the reason under the field.
        const first = q.answer.split('; ')[0].split(' ').slice(0, 2).join(' ');
        await page.type('#answer-text', first);
        await page.keyboard.press('Enter');
        assert.match(
          await page.$eval('#answer-check', (e) => e.textContent ?? ''),
          /Not accepted: .* is not a residue as 'NAME NUMBER CHAIN'/,
        );
        await page.$eval('#answer-text', (e) => {
          (e as HTMLInputElement).value = '';
        });
        await page.type('#answer-text', q.answer);
        await page.keyboard.press('Enter');
      }
      await page
        .waitForFunction((was) => document.querySelector('#question-number')?.getAttribute('data-id') !== was, { timeout: 10_000 }, id)
        .catch(async () => assert.fail(`${id}: not accepted: ${await page.$eval('#answer-check', (e) => e.textContent)}`));
    }
  } finally {
    await closeBrowser(browser);
  }
  assert.deepEqual([...new Set(seen)].sort(), TASKS);
  assert.ok(existsSync(join(session, 'human.html')));
});
