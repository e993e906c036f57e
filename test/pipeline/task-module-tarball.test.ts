// Two tasks written outside the package, installed as a user installs misi-gen: the packed
// tarball (`npm pack`) installed into a temporary folder (from the npm cache where it can, else the registry), the
// CLI run from there with `--task-module`. The example task of docs/api-example (its answer
// commands, its motion the scene) and test/fixtures/task-modules/bond-verdict-task.mjs (its
// answer a verdict with bonds, like residue_ligand, with a legibility target and a baseline
// of its own) each get what the nine get: generate, verify, stats (observer margins for the
// first, label legibility for the second), audit (with the baseline the task declares),
// browse and human (the answer control of its kind accepts its own answer form), export,
// score and eval --baseline. Skips without Chromium, or when the tarball's dependencies are
// cannot be installed (no npm cache nor registry).

import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { pathToFileURL } from 'node:url';
import type { Browser } from 'puppeteer-core';
import { parseTruth, VerdictTruthSchema } from '../../qa/answer-kinds.ts';
import { closeBrowser, launchBrowser } from '../../renders/browser.ts';
import { findBrowser } from '../../renders/find-browser.ts';
import { REPO } from '../shared-structures.ts';

const noBrowser = findBrowser() === null ? 'no Chromium on this machine' : false;
const root = mkdtempSync(join(tmpdir(), 'misi-tarball-'));
const app = join(root, 'app');
const data = join(app, 'data');
const MODULES = ['api-example/ligand-rotation-task.mjs', 'task-modules/bond-verdict-task.mjs'];
const withModules = MODULES.flatMap((m) => ['--task-module', m]);
let skip: string | false = noBrowser;

const run = (cmd: string, args: string[], cwd: string) => spawnSync(cmd, args, { cwd, encoding: 'utf8', maxBuffer: 1 << 26 });
const cli = (args: string[]) => run(process.execPath, [join(app, 'node_modules/misi-gen/pipeline/bin/misi-gen.js'), ...args], app);
const ok = (r: ReturnType<typeof run>, what: string) => assert.equal(r.status, 0, `${what}: ${r.stderr}\n${r.stdout}`);
const lines = (path: string) =>
  readFileSync(path, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((l) => JSON.parse(l));

before(() => {
  if (skip) return;
  mkdirSync(app);
  const packed = run('npm', ['pack', '--ignore-scripts', '--silent', '--pack-destination', root], REPO);
  ok(packed, 'npm pack');
  const tarball = packed.stdout.trim().split('\n').pop()!;
  writeFileSync(join(app, 'package.json'), JSON.stringify({ name: 'misi-tarball-test', private: true, type: 'module' }));
  const installed = run('npm', ['install', '--prefer-offline', '--no-audit', '--no-fund', '--ignore-scripts', join(root, tarball)], app);
  if (installed.status !== 0) {
    skip = `the tarball's dependencies cannot be installed (from the npm cache, else the registry): ${installed.stderr.split('\n').find((l) => l.includes('ERR')) ?? ''}`;
    return;
  }
  cpSync(join(REPO, 'docs/api-example'), join(app, 'api-example'), { recursive: true });
  cpSync(join(REPO, 'test/fixtures/task-modules'), join(app, 'task-modules'), { recursive: true });
  // The bundled sample: 3 complexes, two of them train.
  ok(
    cli(['generate', '--out', data, '--tasks', 'ligand_rotation,bond_verdict', '--test-share', '0.34', '--workers', '1', ...withModules]),
    'generate',
  );
});
after(() => rmSync(root, { recursive: true, force: true }));

const t = (name: string, fn: () => void | Promise<void>) => test(name, { skip: noBrowser }, async (c) => (skip ? c.skip(skip) : fn()));

t('generate and verify: both tasks written, their records typed by their answer kinds', () => {
  ok(cli(['verify', data, ...withModules]), 'verify');
  const rolls = ['train', 'test'].flatMap((s) => lines(join(data, 'qa', `ligand_rotation.${s}.jsonl`)));
  const verdicts = ['train', 'test'].flatMap((s) => lines(join(data, 'qa', `bond_verdict.${s}.jsonl`)));
  assert.ok(rolls.length > 0 && verdicts.length > 0);
  for (const r of rolls) {
    assert.match(r.answer, /^roll [xyz] -?\d+$/);
    assert.deepEqual(Object.keys(r.truth), ['commands']);
  }
  for (const r of verdicts) {
    assert.match(r.answer, /^(No|Yes: .+)$/);
    assert.deepEqual(Object.keys(r.truth), ['residue', 'bonds']);
    // The answer is the one its truth gives: `Yes: NAME ATOM, LIGAND ATOM; ...` or No.
    const truth = parseTruth(VerdictTruthSchema, r.truth);
    assert.ok(truth, `${r.id}: its truth is a verdict's`);
    const said = truth.bonds.map((b) => `${truth.residue.name} ${b.residueAtom}, ${b.ligandAtom}`);
    assert.equal(r.answer, said.length ? `Yes: ${said.join('; ')}` : 'No');
  }
  assert.ok(verdicts.some((r) => r.answer === 'No') && verdicts.some((r) => r.answer.startsWith('Yes: ')), 'both verdicts asked');
});

t('stats: margins for the task whose answer moves the scene, legibility against its target for the verdict task', () => {
  const r = cli(['stats', data, '--json', ...withModules]);
  ok(r, 'stats');
  const stats = JSON.parse(r.stdout) as {
    task: string;
    margins?: { questions: number; unstated: string };
    legibility?: any;
    histograms: Record<string, Record<string, number>>;
  }[];
  const roll = stats.find((s) => s.task === 'ligand_rotation')!;
  assert.ok(roll.margins && roll.margins.questions > 0, JSON.stringify(roll.margins));
  assert.equal(roll.margins.unstated, 'nothing: angles are read from the pictures alone');
  const verdict = stats.find((s) => s.task === 'bond_verdict')!;
  assert.equal(verdict.margins, undefined);
  // The verdict names the residue always and each bond's ligand atom: at least one label per question.
  const questions = ['train', 'test'].flatMap((s) => lines(join(data, 'qa', `bond_verdict.${s}.jsonl`))).length;
  assert.ok(verdict.legibility.referenced >= questions, JSON.stringify(verdict.legibility));
  assert.equal(verdict.legibility.target.min, 0.5);
  assert.equal(verdict.legibility.target.figure, 'referencedReadableInAll');
  // The histogram it declares (TaskModule.statsHistograms): its verdicts per split, every question counted once.
  const verdicts = ['train', 'test'].flatMap((s) => Object.values<number>(verdict.histograms[`verdict ${s}`] ?? {}));
  assert.equal(
    verdicts.reduce((a, b) => a + b, 0),
    questions,
    JSON.stringify(verdict.histograms),
  );
});

t('audit: the baseline the verdict task declares is fitted on train and scored on test', () => {
  const r = cli(['audit', data, '--json', ...withModules]);
  ok(r, 'audit');
  const report = JSON.parse(r.stdout) as {
    tasks: { task: string; splits: { baselines: { name: string; label: string; n: number }[] }[] }[];
  };
  const own = report.tasks.find((x) => x.task === 'bond_verdict')!.splits[0].baselines.find((b) => b.name === 'residueNameVerdict');
  assert.ok(own && own.n > 0, JSON.stringify(report.tasks));
  assert.equal(own.label, 'residue name only (bond_verdict)');
});

t('score and eval --baseline: own answers score 100, the baselines answer both tasks', () => {
  const test = ['ligand_rotation', 'bond_verdict'].flatMap((task) => lines(join(data, 'qa', `${task}.test.jsonl`)));
  writeFileSync(join(app, 'own.jsonl'), test.map((q) => JSON.stringify({ id: q.id, prediction: q.answer })).join('\n') + '\n');
  const scored = cli(['score', data, join(app, 'own.jsonl'), '--json', ...withModules]);
  ok(scored, 'score');
  const tasks = JSON.parse(scored.stdout).tasks as Record<string, { composite: number }>;
  assert.deepEqual(
    Object.entries(tasks).map(([id, s]) => [id, s.composite]),
    [
      ['ligand_rotation', 100],
      ['bond_verdict', 100],
    ],
  );
  for (const baseline of ['random', 'majority']) {
    const out = join(app, `${baseline}.jsonl`);
    ok(cli(['eval', data, '--baseline', baseline, '--out', out, ...withModules]), `eval --baseline ${baseline}`);
    const ids = lines(out).map((p) => p.id as string);
    for (const task of ['ligand_rotation', 'bond_verdict'])
      assert.ok(
        ids.some((id) => id.startsWith(`${task}-`)),
        `${baseline}: ${task}`,
      );
  }
});

t('export: both tasks written', () => {
  ok(cli(['export', data, '--format', 'llava', '--out', join(app, 'llava'), ...withModules]), 'export');
  const files = readdirSync(join(app, 'llava'));
  for (const task of ['ligand_rotation', 'bond_verdict']) assert.ok(files.includes(`${task}.test.json`), files.join(', '));
});

t('browse: the site knows each answer kind; human: the verdict control takes "Yes: ..." as the question writes it', async () => {
  ok(cli(['browse', data, '--out', join(app, 'site'), ...withModules]), 'browse');
  const summary = readdirSync(join(app, 'site', 'data')).find((f) => f.startsWith('summary'))!;
  const text = readFileSync(join(app, 'site', 'data', summary), 'utf8');
  assert.match(text, /"task":"ligand_rotation"[^}]*"answer":"commands"/);
  assert.match(text, /"task":"bond_verdict"[^}]*"answer":"verdict"/);
  const session = join(app, 'session');
  ok(cli(['human', data, '--out', session, '--split', 'test', '--n', '5', ...withModules]), 'human');
  const verdictTest = lines(join(data, 'qa', 'bond_verdict.test.jsonl'));
  const yes = verdictTest.find((r) => r.answer.startsWith('Yes: '));
  const browser: Browser = await launchBrowser();
  try {
    const page = await browser.newPage();
    await page.goto(pathToFileURL(join(session, 'human.html')).href);
    await page.type('#participant', 'tester');
    await page.click('#start');
    const forms: Record<string, string> = {};
    for (;;) {
      const id = await page
        .waitForSelector('#question-number', { timeout: 5000 })
        .then(() => page.$eval('#question-number', (e) => e.getAttribute('data-id')))
        .catch(() => null);
      if (!id) break;
      if (id.startsWith('ligand_rotation-')) {
        forms[id] = 'commands';
        await page.type('#answer-text', 'roll x 30');
        await page.keyboard.press('Enter');
      } else {
        const r = verdictTest.find((q) => q.id === id)!;
        forms[id] = 'verdict';
        await page.click('#answer-yes');
        // The answer as the question writes it, "Yes: " and all.
        await page.type('#answer-text', r === yes ? r.answer : 'Yes: SER OG, O2');
        await page.keyboard.press('Enter');
      }
      // Accepted: the next question (or the end) comes; a refused form would stay, its reason under the field.
      await page
        .waitForFunction((was) => document.querySelector('#question-number')?.getAttribute('data-id') !== was, { timeout: 10_000 }, id)
        .catch(async () => assert.fail(`${id}: not accepted: ${await page.$eval('#answer-check', (e) => e.textContent)}`));
    }
    assert.ok(Object.values(forms).includes('commands') && Object.values(forms).includes('verdict'), JSON.stringify(forms));
  } finally {
    await closeBrowser(browser);
  }
  assert.ok(existsSync(join(session, 'human.html')));
});

t("both modules type-check against the installed package's declarations (JSDoc, as a TypeScript user sees them)", () => {
  const tsc = run(
    process.execPath,
    [
      join(REPO, 'node_modules/typescript/bin/tsc'),
      '--noEmit',
      '--allowJs',
      '--checkJs',
      '--strict',
      '--module',
      'nodenext',
      '--moduleResolution',
      'nodenext',
      '--target',
      'es2022',
      '--typeRoots',
      join(REPO, 'node_modules/@types'),
      '--types',
      'node',
      ...MODULES,
    ],
    app,
  );
  ok(tsc, 'tsc');
});
