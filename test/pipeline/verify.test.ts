// `misi-gen verify` on a small dataset generated from the sample: whole, then with an image
// truncated, one altered, one deleted and a malformed line, each named in its own words.

import assert from 'node:assert/strict';
import { appendFileSync, cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, unlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { findBrowser } from '../../renders/find-browser.ts';
import { cli as inProcess } from '../cli-in-process.ts';

const noBrowser = findBrowser() ? false : 'no Chromium on this machine';
const cli = (...args: string[]) => inProcess(args);
const root = mkdtempSync(join(tmpdir(), 'misi-verify-'));
const data = join(root, 'data');

before(async () => {
  if (noBrowser) return;
  const r = await cli(
    'generate',
    '--out',
    data,
    '--tasks',
    'translation,rotation',
    '--per-complex',
    'translation=1/1,rotation=1/1',
    '--test-share',
    '0.5',
  );
  assert.equal(r.status, 0, r.stderr);
});
after(() => rmSync(root, { recursive: true, force: true }));

test('a whole dataset verifies', { skip: noBrowser }, async () => {
  const r = await cli('verify', data);
  assert.equal(r.status, 0, r.stderr);
  assert.match(r.stderr, /match the manifest/);
});

test("a dataset whose manifest records the retired 'coverage' antialiasing still verifies", { skip: noBrowser }, async () => {
  const old = join(root, 'coverage');
  cpSync(data, old, { recursive: true });
  const manifestPath = join(old, 'manifest.json');
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8'));
  manifest.options.antialias = 'coverage';
  writeFileSync(manifestPath, JSON.stringify(manifest, null, 2));
  const r = await cli('verify', old);
  assert.equal(r.status, 0, r.stderr);
  assert.match(r.stderr, /match the manifest/);
});

test('a truncated, an altered and a missing image, and a malformed line, are each named', { skip: noBrowser }, async () => {
  const bad = join(root, 'bad');
  cpSync(data, bad, { recursive: true });
  const images = readdirSync(join(bad, 'images')).sort();
  const [truncated, altered, missing] = images;
  writeFileSync(join(bad, 'images', truncated), readFileSync(join(bad, 'images', truncated)).subarray(0, 50));
  appendFileSync(join(bad, 'images', altered), Buffer.from([0]));
  unlinkSync(join(bad, 'images', missing));
  const qa = join(bad, 'qa', 'rotation.train.jsonl');
  const lines = readFileSync(qa, 'utf8').split('\n');
  lines[0] = lines[0].slice(0, 40);
  writeFileSync(qa, lines.join('\n'));
  const r = await cli('verify', bad);
  assert.equal(r.status, 1);
  assert.match(r.stderr, new RegExp(`images/${truncated}: sha256 differs`));
  assert.match(r.stderr, new RegExp(`images/${altered}: sha256 differs`));
  assert.match(r.stderr, new RegExp(`images/${missing}.*does not exist`));
  assert.match(r.stderr, /qa\/rotation\.train\.jsonl:1: not JSON/);
  assert.match(r.stderr, /qa\/rotation\.train\.jsonl: \d+ records, the manifest says \d+/);
  assert.doesNotMatch(r.stderr, /\n\s+at /);
});
