// What a new user reads, through the CLI as typed (issue 45): a refused resume names every
// option that differs with both values (--tasks or --size, not an image size of a task the
// other run does not hold); counts of one are singular; `fetch --help` offers only its own
// options and its own --strict; a bad choice names the flag as typed (--by, not split-by);
// the scaffold note points at the page that explains it; the ingest ETA comes from the
// measured pace. Real runs on the bundled sample with real Chromium.

import assert from 'node:assert/strict';
import { appendFileSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { after, before, test } from 'node:test';
import { progressReporter } from '../../pipeline/progress.ts';
import { findBrowser } from '../../renders/find-browser.ts';
import { cli as inProcess } from '../cli-in-process.ts';
import { REPO, SAMPLE } from '../shared-structures.ts';

const noBrowser = findBrowser() ? false : 'no Chromium on this machine';
const cli = (...args: string[]) => inProcess(args, { cwd: REPO });
const root = mkdtempSync(join(tmpdir(), 'misi-newcomer-'));
const data = join(root, 'data');
const RUN = [
  '--tasks',
  'translation,rotation',
  '--per-complex',
  'translation=1/1,rotation=1/1',
  '--test-share',
  '0.5',
  '--workers',
  '1',
  '--limit',
  '1',
];

let first = '';
before(async () => {
  if (noBrowser) return;
  const r = await cli('generate', '--out', data, ...RUN);
  assert.equal(r.status, 0, r.stderr);
  first = r.stderr;
});
after(() => rmSync(root, { recursive: true, force: true }));

test('one complex is "1 complex" in the summary', { skip: noBrowser }, async () => {
  const summary = first.split('\n').find((l) => l.startsWith('generate: 1 complex ('));
  assert.ok(summary, first);
  assert.doesNotMatch(summary, /\b1 (complexes|questions|rejects|distinct images|image references)\b/);
});

test('a refused resume names --tasks, not the image size of a task the other run lacks', { skip: noBrowser }, async () => {
  const r = await cli(
    'generate',
    '--out',
    data,
    ...RUN.map((a) => (a === 'translation,rotation' ? 'rotation' : a === 'translation=1/1,rotation=1/1' ? 'rotation=1/1' : a)),
  );
  assert.equal(r.status, 1, r.stderr);
  assert.ok(
    r.stderr.includes(
      'holds a run with other options: --tasks differs: translation,rotation in that run, rotation now; rerun with the same options',
    ),
    r.stderr,
  );
  assert.doesNotMatch(r.stderr, /--translation|--size|--per-complex|template version/);
  // A count of a task both runs hold is said; the tasks still come first.
  const more = await cli(
    'generate',
    '--out',
    data,
    ...RUN.map((a) => (a === 'translation,rotation' ? 'rotation' : a === 'translation=1/1,rotation=1/1' ? 'rotation=2/1' : a)),
  );
  assert.equal(more.status, 1, more.stderr);
  assert.ok(
    more.stderr.includes(
      '--tasks differs: translation,rotation in that run, rotation now; --per-complex differs: rotation=1/1 in that run, rotation=2/1 now',
    ),
    more.stderr,
  );
});

test('a refused resume names --size with both values, and every other option that differs', { skip: noBrowser }, async () => {
  const r = await cli('generate', '--out', data, ...RUN, '--size', '256', '--seed', '12');
  assert.equal(r.status, 1, r.stderr);
  assert.ok(r.stderr.includes('--size differs: 512 in that run, 256 now'), r.stderr);
  assert.ok(r.stderr.includes('--seed differs: 0 in that run, 12 now'), r.stderr);
  assert.doesNotMatch(r.stderr, /--rotation|--translation/);
  const one = await cli('generate', '--out', data, ...RUN, '--size', 'rotation=256');
  assert.equal(one.status, 1, one.stderr);
  assert.ok(one.stderr.includes('--size differs: 512 in that run, 512, rotation=256 now'), one.stderr);
});

test('verify with one problem says "1 problem"', { skip: noBrowser }, async () => {
  const image = readdirSync(join(data, 'images')).sort()[0];
  const path = join(data, 'images', image);
  const bytes = readFileSync(path);
  appendFileSync(path, Buffer.from([0]));
  try {
    const r = await cli('verify', data);
    assert.equal(r.status, 1);
    assert.match(r.stderr, /: 1 problem\n/);
  } finally {
    // The other tests read this dataset whole.
    rmSync(path);
    appendFileSync(path, bytes);
  }
});

test('fetch --help offers no --task-module and speaks of entries, not questions, under --strict', async () => {
  const r = await cli('fetch', '--help');
  assert.equal(r.status, 0, r.stderr);
  const help = r.stdout.replace(/\s+/g, ' ');
  assert.doesNotMatch(help, /task-module/);
  assert.doesNotMatch(help, /questions/);
  assert.match(help, /--strict exit 3 when any entry could not be fetched/);
  for (const command of ['ingest', 'split', 'hbonds', 'render'])
    assert.doesNotMatch((await cli(command, '--help')).stdout, /task-module/, command);
  const generate = (await cli('generate', '--help')).stdout.replace(/\s+/g, ' ');
  assert.match(generate, /--task-module/);
  assert.match(generate, /questions that could not be planned do not count/);
  for (const command of ['score', 'eval', 'export', 'preview', 'stats', 'audit', 'verify', 'merge'])
    assert.match((await cli(command, '--help')).stdout, /--task-module/, command);
});

test('a bad choice names the flag as typed: --by or --split-by, never the key split-by', async () => {
  for (const flag of ['--by', '--split-by']) {
    const r = await cli('split', flag, 'proteins', '--out', join(root, 'split'));
    assert.equal(r.status, 2);
    assert.ok(r.stderr.includes(`Invalid value for ${flag}: "proteins". Choices: "complex", "scaffold", "protein"`), r.stderr);
  }
  const eq = await cli('split', '--by=proteins', '--out', join(root, 'split'));
  assert.ok(eq.stderr.includes('Invalid value for --by: "proteins"'), eq.stderr);
  const missing = await cli('export', data, '--format', 'llava');
  assert.equal(missing.status, 2);
  assert.match(missing.stderr, /Missing required option: --out/);
});

test('the scaffold note says why and names a section that exists', async () => {
  const r = await cli('split', '--by', 'scaffold', '--out', join(root, 'scaffold'));
  assert.equal(r.status, 0, r.stderr);
  const m =
    /split: 3mht: the ligand has no SMILES, so its scaffold was built from its atoms and bonds as read; see (docs\/splits-export\.md)#([a-z-]+)/.exec(
      r.stderr,
    );
  assert.ok(m, r.stderr);
  const headings = readFileSync(join(REPO, m[1]), 'utf8')
    .split('\n')
    .filter((l) => l.startsWith('#'))
    .map((l) =>
      l
        .replace(/^#+\s*/, '')
        .toLowerCase()
        .replace(/[^a-z0-9 -]/g, '')
        .replace(/ /g, '-'),
    );
  assert.ok(headings.includes(m[2]), `#${m[2]} is no heading of ${m[1]}`);
});

test('ingest: every ETA it prints is no more than the run took', async () => {
  const started = Date.now();
  const r = await cli('ingest', SAMPLE, '--out', join(root, 'ingest'));
  const seconds = (Date.now() - started) / 1000;
  assert.equal(r.status, 0, r.stderr);
  assert.match(r.stderr, /ingest: 3 complexes read/);
  for (const m of r.stderr.matchAll(/ETA (\d+) s/g))
    assert.ok(Number(m[1]) <= seconds, `ETA ${m[1]} s in a ${seconds.toFixed(1)} s run:\n${r.stderr}`);
});

test('the progress ETA is measured from the first item on, not from the start-up before it', async () => {
  const stream = Object.assign(new PassThrough(), { isTTY: true, columns: 100 }) as unknown as NodeJS.WriteStream;
  let text = '';
  (stream as unknown as PassThrough).on('data', (d) => {
    text += d;
  });
  const p = progressReporter('ingest', stream);
  await new Promise((r) => setTimeout(r, 1500)); // start-up: RDKit, threads
  p.update(1, 11);
  assert.ok(!text.includes('ETA'), `no ETA before a pace was measured: ${JSON.stringify(text)}`);
  await new Promise((r) => setTimeout(r, 200));
  p.update(2, 11);
  const eta = Number(/ETA (\d+) s/.exec(text)?.[1]);
  // 9 left at about 0.2 s each: about 2 s, not the 9 * 0.85 s start-up and all would give.
  assert.ok(eta >= 1 && eta <= 4, `ETA ${eta} s: ${JSON.stringify(text)}`);
});
