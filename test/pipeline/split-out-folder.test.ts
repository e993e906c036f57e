// `split --out` into a dataset replaced the dataset's own split.json (1 train / 2 test became
// 3 train / 0 test) and `verify` still passed (issue 45). Now split refuses a folder holding
// a dataset, or another split.json, unless --force (exit 2, naming the folder and what is
// there, nothing written); the manifest records split.json's sha256 and verify names a
// replaced one; a manifest from before it was recorded is not checked. Real runs of the CLI
// on the bundled sample, real Chromium for the dataset.

import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { findBrowser } from '../../renders/find-browser.ts';
import { cli as inProcess } from '../cli-in-process.ts';
import { REPO } from '../shared-structures.ts';

const noBrowser = findBrowser() ? false : 'no Chromium on this machine';
const cli = (...args: string[]) => inProcess(args, { cwd: REPO });
const root = mkdtempSync(join(tmpdir(), 'misi-split-out-'));
const data = join(root, 'data');
const read = (p: string) => readFileSync(p, 'utf8');
const sha = (p: string) => createHash('sha256').update(readFileSync(p)).digest('hex');

before(async () => {
  if (noBrowser) return;
  const r = await cli(
    'generate',
    '--out',
    data,
    '--tasks',
    'translation',
    '--per-complex',
    'translation=1/1',
    '--size',
    '128',
    '--test-share',
    '0.5',
    '--workers',
    '1',
  );
  assert.equal(r.status, 0, r.stderr);
});
after(() => rmSync(root, { recursive: true, force: true }));

test('the manifest records the sha256 of split.json', { skip: noBrowser }, async () => {
  const manifest = JSON.parse(read(join(data, 'manifest.json')));
  assert.equal(manifest.splitSha256, sha(join(data, 'split.json')));
});

test('split --out a dataset is refused (exit 2, folder and manifest named), the split.json untouched, verify passes', {
  skip: noBrowser,
}, async () => {
  const before = read(join(data, 'split.json'));
  const r = await cli('split', '--by', 'protein', '--out', data);
  assert.equal(r.status, 2, r.stderr);
  assert.ok(
    r.stderr.includes(
      `--out ${data} holds a dataset made by misi-gen generate or merge (${join(data, 'manifest.json')}): split would replace its split.json`,
    ),
    r.stderr,
  );
  assert.match(r.stderr, /or add --force to replace it/);
  assert.equal(r.stdout, '');
  assert.equal(read(join(data, 'split.json')), before);
  assert.equal((await cli('verify', data)).status, 0);
});

test('with --force split replaces it, and verify names the replaced split.json (exit 1)', { skip: noBrowser }, async () => {
  const copy = join(root, 'forced');
  cpSync(data, copy, { recursive: true });
  const r = await cli('split', '--by', 'protein', '--test-share', '0', '--out', copy, '--force');
  assert.equal(r.status, 0, r.stderr);
  assert.notEqual(read(join(copy, 'split.json')), read(join(data, 'split.json')));
  const v = await cli('verify', copy);
  assert.equal(v.status, 1, v.stderr);
  assert.ok(
    v.stderr.includes(`${join(copy, 'split.json')}: sha256 differs from the manifest: replaced after the dataset was made`),
    v.stderr,
  );
  // A manifest made before the sha256 was recorded: not checked.
  const manifestPath = join(copy, 'manifest.json');
  const manifest = JSON.parse(read(manifestPath));
  delete manifest.splitSha256;
  writeFileSync(manifestPath, JSON.stringify(manifest, null, 2) + '\n');
  assert.equal((await cli('verify', copy)).status, 0);
});

test('a missing split.json is named by verify', { skip: noBrowser }, async () => {
  const copy = join(root, 'no-split');
  cpSync(data, copy, { recursive: true });
  rmSync(join(copy, 'split.json'));
  const v = await cli('verify', copy);
  assert.equal(v.status, 1);
  assert.ok(v.stderr.includes(`${join(copy, 'split.json')}: recorded in the manifest but does not exist`), v.stderr);
});

test('split into its own folder again: the same split is written again; another is refused unless --force', async () => {
  const out = join(root, 'splits');
  assert.equal((await cli('split', '--by', 'complex', '--test-share', '0.5', '--out', out)).status, 0);
  const first = read(join(out, 'split.json'));
  const again = await cli('split', '--by', 'complex', '--test-share', '0.5', '--out', out);
  assert.equal(again.status, 0, again.stderr);
  const other = await cli('split', '--by', 'complex', '--test-share', '0', '--out', out);
  assert.equal(other.status, 2, other.stderr);
  assert.ok(
    other.stderr.includes(
      `--out ${out} holds another split.json (${join(out, 'split.json')}: by complex, seed 0: 1 train, 2 test): split would replace it with by complex, seed 0: 3 train, 0 test`,
    ),
    other.stderr,
  );
  assert.equal(read(join(out, 'split.json')), first);
  const forced = await cli('split', '--by', 'complex', '--test-share', '0', '--out', out, '--force');
  assert.equal(forced.status, 0, forced.stderr);
  assert.notEqual(read(join(out, 'split.json')), first);
});
