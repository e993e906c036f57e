// Crash-proof generation on the bundled sample with real Chromium: a clean run is the
// reference; another run is SIGKILLed (its process group and every browser) at kill points
// chosen by a seeded generator (after N images, and once in the middle of the final
// assembly), resumed each time, and must end byte-identical to the clean run (qa/ files,
// manifest, complexes, rejects, split, the same image and annotation files with the same
// bytes). A changed option on resume is refused naming it. Three shards run in parallel and
// merged equal the clean run too (its digests of every file verify); merge names missing, incomplete and other-browser shards.
// The clean run reads its inputs on the default threads, the others in the main thread
// (--read-threads 1: three complexes, and three shards on two cores, gain nothing from
// threads), which the identical bytes show does not matter.

import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import seedrandom from 'seedrandom';
import { findBrowser } from '../../renders/find-browser.ts';
import { assertSameDataset, listing } from '../same-dataset.ts';
import { REPO } from '../shared-structures.ts';
import { runCli } from '../spawn-cli.ts';

const browserPath = findBrowser()?.path;
const noBrowser = browserPath === undefined ? 'no Chromium on this machine' : false;
/** What the browser says it is (the first line with a version number). */
const browserLine = browserPath
  ? spawnSync(browserPath, ['--version'], { encoding: 'utf8' })
      .stdout.split('\n')
      .find((l) => /\d+\.\d+/.test(l))
      ?.trim()
  : undefined;
const TASKS = 'translation,translation_rotation,rotation_rotation';
const OPTIONS = [
  '--tasks',
  TASKS,
  '--per-complex',
  'translation=1/1,translation_rotation=1/1,rotation_rotation=1/1',
  '--test-share',
  '0.5',
  '--seed',
  '11',
];
const root = mkdtempSync(join(tmpdir(), 'misi-crash-'));
const clean = join(root, 'clean');

const cli = (args: string[], env: Record<string, string> = {}) => runCli(args, REPO, env);

const generate = (out: string, extra: string[] = [], env: Record<string, string> = {}) =>
  cli(['generate', '--out', out, '--workers', '2', ...OPTIONS, ...extra], env);
const ONE_THREAD = ['--read-threads', '1'];

let distinct = 0;
before(async () => {
  if (noBrowser) return;
  const r = await generate(clean); // the default threads
  assert.equal(r.code, 0, r.stderr);
  distinct = JSON.parse(readFileSync(join(clean, 'manifest.json'), 'utf8')).distinctImages;
});
after(() => rmSync(root, { recursive: true, force: true }));

test('SIGKILL after N images (N seeded) and during the assembly, resumed each time: byte-identical to the clean run', {
  skip: noBrowser,
}, async () => {
  assert.ok(distinct >= 20, `the clean run drew ${distinct} images`);
  const out = join(root, 'killed');
  const rng = seedrandom('crash-resume');
  // Three kills while drawing, each within a quarter of the images so every one lands.
  for (let k = 0; k < 3; k++) {
    const n = 1 + Math.floor(rng() * Math.floor(distinct / 4));
    const r = await generate(out, ONE_THREAD, { MISI_GEN_KILL_AFTER_IMAGES: String(n) });
    assert.equal(r.signal, 'SIGKILL', `kill ${k + 1} (after ${n} images) did not happen: exit ${r.code}\n${r.stderr}`);
    assert.ok(!existsSync(join(out, 'manifest.json')), 'no manifest before the run is complete');
  }
  // One kill in the middle of the final assembly (after 1..6 of its files).
  const files = 1 + Math.floor(rng() * 6);
  const mid = await generate(out, ONE_THREAD, { MISI_GEN_KILL_AFTER_FILES: String(files) });
  assert.equal(mid.signal, 'SIGKILL', `the assembly kill (after ${files} files) did not happen: exit ${mid.code}\n${mid.stderr}`);
  // Refused: a changed option, named.
  const changed = await cli([
    'generate',
    '--out',
    out,
    '--workers',
    '2',
    ...OPTIONS.map((a, i) => (OPTIONS[i - 1] === '--seed' ? '12' : a)),
  ]);
  assert.equal(changed.code, 1);
  assert.match(changed.stderr, /--seed differs: 11 in that run, 12 now/);
  // The last resume ends the run.
  const last = await generate(out, ONE_THREAD);
  assert.equal(last.code, 0, last.stderr);
  assertSameDataset(out, clean);
  for (const sub of ['', 'images', 'annotations', 'qa', 'parts/done']) {
    assert.deepEqual(
      listing(join(out, sub)).filter((f) => f.includes('.tmp')),
      [],
      `temporary files left in ${sub || '.'}`,
    );
  }
  // Nothing was drawn twice in the last run beyond what the kills interrupted; a further run draws nothing.
  const again = await generate(out, ONE_THREAD);
  assert.equal(again.code, 0, again.stderr);
  assert.equal(JSON.parse(readFileSync(join(out, 'run.json'), 'utf8')).images.rendered, 0);
  assertSameDataset(out, clean);
});

test('three shards in parallel, merged: byte-identical to the clean run; merge refuses an incomplete set', {
  skip: noBrowser,
}, async () => {
  const shards = [0, 1, 2].map((i) => join(root, `shard-${i}`));
  const runs = await Promise.all(
    shards.map((dir, i) => cli(['generate', '--out', dir, '--workers', '1', ...ONE_THREAD, ...OPTIONS, '--shard', `${i}/3`])),
  );
  for (const r of runs) assert.equal(r.code, 0, r.stderr);
  for (const dir of shards) assert.ok(!existsSync(join(dir, 'manifest.json')), 'a shard writes no dataset of its own');
  const lone = await cli(['merge', shards[0], '--out', join(root, 'lone')]);
  assert.equal(lone.code, 1);
  assert.match(lone.stderr, /shards 1\/3, 2\/3 missing/);
  // An interrupted shard (its end mark and one finished complex gone, as after a kill) and a
  // shard that never started are both named, and nothing is written.
  const cut = join(root, 'shard-1-cut');
  cpSync(shards[1], cut, { recursive: true });
  rmSync(join(cut, 'parts/shard.json'));
  const doneParts = readdirSync(join(cut, 'parts/done'));
  assert.ok(doneParts.length >= 1, `shard 1/3 holds ${doneParts.length} complexes`);
  rmSync(join(cut, 'parts/done', doneParts[0]));
  const partial = await cli(['merge', shards[0], cut, join(root, 'never-started'), '--out', join(root, 'partial')]);
  assert.equal(partial.code, 1);
  assert.match(
    partial.stderr,
    new RegExp(`shard-1-cut: shard 1/3 incomplete: ${doneParts.length - 1} of its ${doneParts.length} complexes done`),
  );
  assert.match(partial.stderr, /never-started: missing \(no such folder/);
  assert.match(partial.stderr, /shard 2\/3 missing: merge needs all 3/);
  assert.ok(!existsSync(join(root, 'partial')), 'merge wrote a partial dataset');
  // A shard drawn by another browser build is refused, both builds named.
  const other = join(root, 'shard-2-other-browser');
  cpSync(shards[2], other, { recursive: true });
  const runFile = join(other, 'parts/run.json');
  const run = JSON.parse(readFileSync(runFile, 'utf8'));
  run.dataset.browser = 'Chromium 1.2.3.4 built elsewhere';
  writeFileSync(runFile, JSON.stringify(run));
  const mixed = await cli(['merge', shards[0], shards[1], other, '--out', join(root, 'mixed')]);
  assert.equal(mixed.code, 1);
  assert.ok(
    mixed.stderr.includes(
      `the browser build differs: ${JSON.stringify(browserLine)} in ${shards[0]}, "Chromium 1.2.3.4 built elsewhere" in ${other}`,
    ),
    mixed.stderr,
  );

  const merged = join(root, 'merged');
  const r = await cli(['merge', ...shards, '--out', merged]);
  assert.equal(r.code, 0, r.stderr);
  assertSameDataset(merged, clean);
  // The merged manifest (the clean run's, byte for byte) keeps the digest of every file: each
  // annotation and atom table is among them, and verify checks them all.
  const digested = new Set(JSON.parse(readFileSync(join(merged, 'manifest.json'), 'utf8')).files.map((f: { path: string }) => f.path));
  for (const name of listing(join(merged, 'annotations'))) assert.ok(digested.has(`annotations/${name}`), name);
  const verified = await cli(['verify', merged]);
  assert.equal(verified.code, 0, verified.stderr);
});

test('the manifest records the browser build and the label font', { skip: noBrowser }, () => {
  const versions = JSON.parse(readFileSync(join(clean, 'manifest.json'), 'utf8')).versions;
  assert.equal(versions.browser, browserLine);
  const fontHash = createHash('sha256')
    .update(readFileSync(join(REPO, 'renders/assets/DejaVuSans.ttf')))
    .digest('hex');
  assert.equal(versions.font, `DejaVuSans.ttf sha256:${fontHash.slice(0, 16)}`);
});
