// What a newcomer reads on screen after a small run of the bundled sample, held against the
// files the run wrote: generate's summary adds up (on a fresh folder every distinct image was
// drawn, none "already there"; a resumed run drew none), a test side of fewer than 5
// complexes is warned about with the share as people write it, two baselines in a row go to
// their own files under the dataset and a third run with other settings is refused without
// --force, and stats shows tiny apart from test. Chromium draws the images (one task).

import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { DEFAULT_TEST_SHARE } from '../../pipeline/generate/split.ts';
import { DEFAULT_TEST_SHARE_FRACTION, formatTestShare, splitWarnings } from '../../pipeline/split-warnings.ts';
import { findBrowser } from '../../renders/find-browser.ts';
import { cli as inProcess } from '../cli-in-process.ts';

const noBrowser = findBrowser() === null ? 'no Chromium on this machine' : false;
const root = mkdtempSync(join(tmpdir(), 'misi-summary-'));
const data = join(root, 'data');
const run = (...args: string[]) => inProcess(args, { cwd: root });
let first: Awaited<ReturnType<typeof run>>;

before(async () => {
  if (noBrowser) return;
  first = await run('generate', '--out', data, '--tasks', 'translation', '--test-share', '0.5', '--workers', '1');
  assert.equal(first.status, 0, first.stderr);
});
after(() => rmSync(root, { recursive: true, force: true }));

test('generate on a fresh folder: every distinct image drawn, none already there; resumed: none drawn', { skip: noBrowser }, async () => {
  const manifest = JSON.parse(readFileSync(join(data, 'manifest.json'), 'utf8'));
  const m =
    /generate: 3 complexes \(1 train, 2 test\), (\d+) questions, (\d+) image references, (\d+) distinct images \((\d+) drawn, (\d+) already there\), 0 rejects/.exec(
      first.stderr,
    );
  assert.ok(m, first.stderr);
  assert.equal(Number(m[1]), manifest.questions);
  assert.equal(Number(m[3]), manifest.images.length);
  assert.equal(Number(m[4]), manifest.images.length, 'drawn = distinct on a fresh folder');
  assert.equal(Number(m[5]), 0);
  const again = await run('generate', '--out', data, '--tasks', 'translation', '--test-share', '0.5', '--workers', '1');
  assert.equal(again.status, 0, again.stderr);
  assert.match(
    again.stderr,
    new RegExp(`${manifest.images.length} distinct images \\(0 drawn, ${manifest.images.length} already there\\)`),
  );
});

test('a test side of fewer than 5 complexes is warned about, the share as given', { skip: noBrowser }, async () => {
  assert.match(
    first.stderr,
    /generate: warning: the test side holds 2 of 3 complexes \(fewer than 5\), so a score on it says little: give more structures or a larger --test-share \(now 0\.5\)\n/,
  );
});

test('split with the default share: the warning writes it 490/3993 = 0.123, as --help does', async () => {
  assert.equal(DEFAULT_TEST_SHARE_FRACTION[0] / DEFAULT_TEST_SHARE_FRACTION[1], DEFAULT_TEST_SHARE);
  assert.equal(formatTestShare(DEFAULT_TEST_SHARE), '490/3993 = 0.123');
  assert.equal(formatTestShare(0.2), '0.2');
  const r = await run('split', '--out', join(root, 'split'));
  assert.equal(r.status, 0, r.stderr);
  assert.match(r.stderr, /split: warning: the test side holds 0 of 3 complexes .* \(now 490\/3993 = 0\.123\)\n/);
  assert.match((await run('generate', '--help')).stdout, /--test-share .*\[default: 490\/3993 = 0\.123\]/);
});

test("two baselines in a row: each in its own file under the dataset; another run's file needs --force", { skip: noBrowser }, async () => {
  const random = await run('eval', data, '--baseline', 'random');
  assert.equal(random.status, 0, random.stderr);
  const randomFile = join(data, 'eval', 'baseline-random.test.jsonl');
  assert.ok(random.stderr.includes(`-> ${randomFile}\n`), random.stderr);
  const before = readFileSync(randomFile, 'utf8');
  const majority = await run('eval', data, '--baseline', 'majority');
  assert.equal(majority.status, 0, majority.stderr);
  assert.ok(existsSync(join(data, 'eval', 'baseline-majority.test.jsonl')));
  assert.ok(existsSync(join(data, 'eval', 'baseline-majority.test.meta.json')));
  assert.equal(readFileSync(randomFile, 'utf8'), before, "the first baseline's file is untouched");
  assert.equal(existsSync(join(root, 'preds.jsonl')), false, 'nothing in the current folder');
  // The same run again may write its own file; another run (other seed, or majority) may not.
  assert.equal((await run('eval', data, '--baseline', 'random')).status, 0);
  for (const args of [
    ['--baseline', 'random', '--seed', '3'],
    ['--baseline', 'majority', '--out', randomFile],
  ]) {
    const r = await run('eval', data, ...args);
    assert.equal(r.status, 1, r.stderr);
    assert.match(
      r.stderr,
      /holds the predictions of another run \(baseline random, split test, tasks translation.*\); give another --out, or --force to replace it/,
    );
    assert.equal(readFileSync(randomFile, 'utf8'), before);
  }
  const forced = await run('eval', data, '--baseline', 'majority', '--out', randomFile, '--force');
  assert.equal(forced.status, 0, forced.stderr);
  assert.equal(JSON.parse(readFileSync(join(data, 'eval', 'baseline-random.test.meta.json'), 'utf8')).baseline, 'majority');
});

test('stats shows tiny apart from test and adds up to what verify counts', { skip: noBrowser }, async () => {
  const r = await run('stats', data);
  assert.equal(r.status, 0, r.stderr);
  const manifest = JSON.parse(readFileSync(join(data, 'manifest.json'), 'utf8'));
  const c = manifest.counts.translation;
  const tiny = readFileSync(join(data, 'qa', 'translation.tiny.jsonl'), 'utf8')
    .split('\n')
    .filter(Boolean).length;
  assert.ok(tiny > 0);
  assert.ok(
    r.stdout.startsWith(`translation: ${c.train + c.test} questions (train ${c.train}, test ${c.test}; tiny ${tiny} of the test ones);`),
    r.stdout,
  );
  const verify = await run('verify', data);
  assert.equal(verify.status, 0, verify.stderr);
  assert.match(verify.stdout + verify.stderr, new RegExp(`${manifest.questions} records`));
});

test('tasks without test questions are named; none named when every task has some', { skip: noBrowser }, async () => {
  const counts = JSON.parse(readFileSync(join(data, 'manifest.json'), 'utf8')).counts as Record<string, { train: number; test: number }>;
  assert.ok(counts.translation.test > 0);
  assert.ok(!splitWarnings({ train: 10, test: 10 }, 0.5, counts).some((w) => /no test question/.test(w)));
  const without = { ...counts, docking: { train: 6, test: 0 } };
  assert.deepEqual(splitWarnings({ train: 10, test: 10 }, 0.5, without), [
    'no test question for task docking (the test complexes could not give one: see rejects.jsonl)',
  ]);
  assert.deepEqual(splitWarnings({ train: 3, test: 0 }, DEFAULT_TEST_SHARE, { translation: { train: 12, test: 0 } }), [
    'the test side holds 0 of 3 complexes (fewer than 5), so a score on it says little: give more structures or a larger --test-share (now 490/3993 = 0.123)',
    'no test question for any task',
  ]);
});
