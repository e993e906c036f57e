// A task written outside the package (docs/api-example/ligand-rotation-task.mjs), loaded
// with --task-module by every command that reads tasks: generate writes its questions,
// score gives its own answers 100, eval's baselines answer it (and warn for a task whose
// train side is empty), export writes it; without the flag, score names the unknown task.
// The CLI runs from the source (test/source-cli.ts); the module's helpers come from the
// package's dist/ (it imports 'misi-gen', as a user's module would).

import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { findBrowser } from '../../renders/find-browser.ts';
import { REPO } from '../shared-structures.ts';
import { SOURCE_CLI } from '../spawn-cli.ts';

const noBrowser = findBrowser() === null ? 'no Chromium on this machine' : false;
const MODULE = join(REPO, 'docs/api-example/ligand-rotation-task.mjs');
const root = mkdtempSync(join(tmpdir(), 'misi-task-module-'));
const data = join(root, 'data');
const cli = (args: string[]) => spawnSync(process.execPath, [...SOURCE_CLI, ...args], { encoding: 'utf8', cwd: root });
const lines = (path: string) =>
  readFileSync(path, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((l) => JSON.parse(l));

before(() => {
  if (noBrowser) return;
  // One train complex of three: translation_rotation's train questions find no partner.
  const r = cli([
    'generate',
    '--out',
    data,
    '--tasks',
    'rotation,translation_rotation,ligand_rotation',
    '--test-share',
    '0.5',
    '--workers',
    '1',
    '--task-module',
    MODULE,
  ]);
  assert.equal(r.status, 0, r.stderr);
});
after(() => rmSync(root, { recursive: true, force: true }));

test('generate writes the added task beside the chosen ones, with its template version', { skip: noBrowser }, () => {
  const train = lines(join(data, 'qa', 'ligand_rotation.train.jsonl'));
  assert.ok(train.length > 0);
  for (const q of train) {
    assert.match(q.answer, /^roll [xyz] -?\d+$/);
    assert.equal(q.images.length, 2);
  }
  const manifest = JSON.parse(readFileSync(join(data, 'manifest.json'), 'utf8'));
  assert.deepEqual(manifest.options.tasks, ['rotation', 'translation_rotation', 'ligand_rotation']);
  assert.ok(manifest.versions.templates.ligand_rotation);
});

test('score: its own answers score 100 with the module, and name the unknown task without it', { skip: noBrowser }, () => {
  const test = ['rotation', 'translation_rotation', 'ligand_rotation'].flatMap((t) => lines(join(data, 'qa', `${t}.test.jsonl`)));
  const own = join(root, 'own.jsonl');
  writeFileSync(own, test.map((q) => JSON.stringify({ id: q.id, prediction: q.answer })).join('\n') + '\n');
  const r = cli(['score', data, own, '--json', '--task-module', MODULE]);
  assert.equal(r.status, 0, r.stderr);
  const tasks = JSON.parse(r.stdout).tasks as Record<string, { composite: number; exact: number }>;
  assert.deepEqual(Object.keys(tasks), ['rotation', 'translation_rotation', 'ligand_rotation']);
  for (const [id, t] of Object.entries(tasks)) assert.deepEqual([id, t.composite, t.exact], [id, 100, 100]);
  // A wrong roll scores by the module's scorer (rotation's rule): axis right, 30 degrees off.
  const q = lines(join(data, 'qa', 'ligand_rotation.test.jsonl'))[0];
  const [axis, angle] = q.answer.split(' ').slice(1);
  const off = join(root, 'off.jsonl');
  writeFileSync(off, JSON.stringify({ id: q.id, prediction: `roll ${axis} ${Number(angle) + 30}` }) + '\n');
  const scored = JSON.parse(cli(['score', data, off, '--json', '--task-module', MODULE]).stdout).tasks.ligand_rotation;
  const n = lines(join(data, 'qa', 'ligand_rotation.test.jsonl')).length;
  assert.ok(Math.abs(scored.composite - (100 * (1 - 30 / 180)) / n) < 1e-5, String(scored.composite)); // JSON rounds to 6 decimals
  const without = cli(['score', data, own]);
  assert.equal(without.status, 1);
  assert.match(without.stderr, /unknown task 'ligand_rotation' \(known: translation, .*--task-module/);
});

test('eval --baseline: random answers the added task with its own guess; majority warns for a task with no train question', {
  skip: noBrowser,
}, () => {
  const rnd = join(root, 'random.jsonl');
  const r = cli(['eval', data, '--baseline', 'random', '--out', rnd, '--task-module', MODULE]);
  assert.equal(r.status, 0, r.stderr);
  const guesses = lines(rnd).filter((p) => p.id.startsWith('ligand_rotation-'));
  assert.ok(guesses.length > 0 && guesses.every((p) => /^roll [xyz] -?(15|30|45|60|75|90)$/.test(p.prediction)), JSON.stringify(guesses));
  const maj = join(root, 'majority.jsonl');
  const m = cli(['eval', data, '--baseline', 'majority', '--out', maj, '--task-module', MODULE]);
  assert.equal(m.status, 0, m.stderr);
  assert.equal(lines(join(data, 'qa', 'translation_rotation.train.jsonl')).length, 0);
  const n = lines(join(data, 'qa', 'translation_rotation.test.jsonl')).length;
  assert.ok(n > 0);
  assert.match(
    m.stderr,
    new RegExp(
      `majority baseline: ${n} translation_rotation questions? left unanswered \\(each scores 0\\): the train split has no question of it`,
    ),
  );
  assert.doesNotMatch(m.stderr, / (rotation|ligand_rotation) questions? left/);
});

test('export writes the added task', { skip: noBrowser }, () => {
  const out = join(root, 'llava');
  const r = cli(['export', data, '--format', 'llava', '--out', out, '--task-module', MODULE]);
  assert.equal(r.status, 0, r.stderr);
  const rows = JSON.parse(readFileSync(join(out, 'ligand_rotation.test.json'), 'utf8'));
  assert.equal(rows.length, lines(join(data, 'qa', 'ligand_rotation.test.jsonl')).length);
  assert.ok(existsSync(join(out, 'ligand_rotation.train.json')));
});

test('a --task-module that is missing or exports no task is a usage error naming it', () => {
  const missing = cli(['score', 'x', 'y', '--task-module', 'no-such-task.mjs']);
  assert.equal(missing.status, 2);
  assert.match(missing.stderr, /--task-module no-such-task\.mjs: no such file/);
  const empty = join(root, 'empty.mjs');
  writeFileSync(empty, 'export const answer = 42;\n');
  const none = cli(['score', 'x', 'y', '--task-module', empty]);
  assert.equal(none.status, 2);
  assert.match(none.stderr, /empty\.mjs: exports no task/);
  const bad = join(root, 'bad.mjs');
  writeFileSync(
    bad,
    "export const t = { id: 'rotation', format: 'cloze', imageCount: 1, defaultCounts: { train: 1, test: 1 }, template: 'x', plan() {} };\n",
  );
  const taken = cli(['score', 'x', 'y', '--task-module', bad]);
  assert.equal(taken.status, 2);
  assert.match(taken.stderr, /bad\.mjs: a task with id 'rotation' is already known/);
});
