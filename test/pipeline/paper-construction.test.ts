// `generate --paper` on 12 complexes of ../shared (real Chromium): its dataset is, file for
// file and byte for byte, the one the separate flags it stands for make (`--decoys paper
// --negatives stratified --zoom-distance unstated --label-layout avoid --labels all`), but
// for the manifest's record of the flag (`options.construction: "paper"`, its last key) and
// the run's identity, which holds the same record; a flag it sets, given with it, is refused
// before anything starts. Kept cheap: one question per task and side, 128 px images.

import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { after, test } from 'node:test';
import { TASKS } from '../../qa/tasks/index.ts';
import { findBrowser } from '../../renders/find-browser.ts';
import { cli } from '../cli-in-process.ts';
import { NEEDS_SHARED, SHARED } from '../shared-structures.ts';

const skip = NEEDS_SHARED || (findBrowser() ? false : 'no Chromium on this machine');
const root = mkdtempSync(join(tmpdir(), 'misi-paper-construction-'));
after(() => rmSync(root, { recursive: true, force: true }));

const RUN = [
  'generate',
  join(SHARED, 'pdbbind'),
  '--limit',
  '12',
  '--size',
  '128',
  '--per-complex',
  TASKS.map((t) => `${t.id}=1/1`).join(','),
];
// Written out by hand: what --paper stands for (docs/generate.md).
const SEPARATE = [
  '--decoys',
  'paper',
  '--negatives',
  'stratified',
  '--zoom-distance',
  'unstated',
  '--label-layout',
  'avoid',
  '--labels',
  'all',
];

/** Every file under `dir`, relative, sorted. */
function files(dir: string, under = dir): string[] {
  return readdirSync(dir)
    .sort()
    .flatMap((n) => (statSync(join(dir, n)).isDirectory() ? files(join(dir, n), under) : [relative(under, join(dir, n))]));
}

const json = (path: string) => JSON.parse(readFileSync(path, 'utf8'));

test('--paper makes the dataset of the separate flags, byte for byte, and records itself', { skip }, async () => {
  const paper = join(root, 'paper');
  const separate = join(root, 'separate');
  const a = await cli([...RUN, '--paper', '--out', paper]);
  assert.equal(a.status, 0, a.stderr);
  const b = await cli([...RUN, ...SEPARATE, '--out', separate]);
  assert.equal(b.status, 0, b.stderr);
  // run.json holds the run's times; the manifest and the identity are compared below.
  const compared = (dir: string) =>
    files(dir).filter((f) => !['run.json', 'manifest.json', 'parts/run.json', 'parts/assembly.json'].includes(f));
  assert.deepEqual(compared(paper), compared(separate));
  assert.ok(compared(paper).filter((f) => f.startsWith('images/')).length > 50, 'images were drawn');
  for (const f of compared(paper)) assert.ok(readFileSync(join(paper, f)).equals(readFileSync(join(separate, f))), f);

  const mp = json(join(paper, 'manifest.json'));
  const ms = json(join(separate, 'manifest.json'));
  assert.equal(Object.keys(mp.options).at(-1), 'construction');
  assert.equal(mp.options.construction, 'paper');
  assert.equal('construction' in ms.options, false);
  assert.deepEqual(
    [mp.options.decoys, mp.options.negatives, mp.options.zoomDistance, mp.options.labelLayout, new Set(Object.values(mp.options.labels))],
    ['paper', 'stratified', 'unstated', 'avoid', new Set(['all'])],
  );
  delete mp.options.construction;
  // The rest of the manifest the same, key order included.
  assert.equal(JSON.stringify(mp), JSON.stringify(ms));
  // The run's identity (parts/run.json: dataset) and the assembly plan (parts/assembly.json: options) hold the record too.
  for (const [part, key] of [
    ['parts/run.json', 'dataset'],
    ['parts/assembly.json', 'options'],
  ] as const) {
    const p = json(join(paper, part));
    assert.equal(p[key].construction, 'paper', part);
    delete p[key].construction;
    assert.equal(JSON.stringify(p), JSON.stringify(json(join(separate, part))), part);
  }
});

test('a flag --paper sets, given with it, is refused before anything starts', { skip: NEEDS_SHARED }, async () => {
  for (const extra of [
    ['--labels', 'all'],
    ['--decoys', 'anchored'],
    ['--label-layout', 'docking=clear'],
  ]) {
    const out = join(root, `refused-${extra[0].slice(2)}`);
    const r = await cli([...RUN, '--paper', ...extra, '--out', out]);
    assert.equal(r.status, 2, r.stderr);
    assert.match(r.stderr, new RegExp(`^misi-gen: --paper sets ${extra[0]} itself \\(it stands for ${SEPARATE.join(' ')}\\)`));
    assert.equal(existsSync(out), false, 'no folder made');
  }
});
