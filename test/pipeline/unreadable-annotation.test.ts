// An annotation or atom table that cannot be read is a problem each command that reads it
// names (file and cause), never a silent skip: stats, audit and browse on a small dataset
// generated from the sample (rotation_rotation, whose option images' annotations the audit
// reads, and translation), first with one option image's compact annotation cut to 50 bytes,
// then with a complex's atom table cut short.
import assert from 'node:assert/strict';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { findBrowser } from '../../renders/find-browser.ts';
import { cli as inProcess } from '../cli-in-process.ts';

const noBrowser = findBrowser() ? false : 'no Chromium on this machine';
const cli = (...args: string[]) => inProcess(args);
const root = mkdtempSync(join(tmpdir(), 'misi-unreadable-'));
const data = join(root, 'data');

before(async () => {
  if (noBrowser) return;
  const r = await cli(
    'generate',
    '--out',
    data,
    '--tasks',
    'translation,rotation_rotation',
    '--per-complex',
    'translation=1/1,rotation_rotation=1/1',
    '--test-share',
    '0.5',
  );
  assert.equal(r.status, 0, r.stderr);
});
after(() => rmSync(root, { recursive: true, force: true }));

/** The first test rotation_rotation record, read from its file. */
function firstChoiceRecord(dir: string): { complex: string; options: { image: string }[] } {
  return JSON.parse(readFileSync(join(dir, 'qa', 'rotation_rotation.test.jsonl'), 'utf8').split('\n')[0]);
}

const quoted = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

test('a compact annotation cut to 50 bytes: stats, audit and browse each name it and why', { skip: noBrowser }, async () => {
  const dir = join(root, 'cut-annotation');
  cpSync(data, dir, { recursive: true });
  const image = firstChoiceRecord(dir).options[0].image;
  const rel = `annotations/${image.replace(/^images\//, '').replace(/\.png$/, '')}.json.gz`;
  writeFileSync(join(dir, rel), readFileSync(join(dir, rel)).subarray(0, 50));
  const named = new RegExp(`${quoted(join(dir, rel))}: not gzip`);
  const stats = await cli('stats', dir);
  assert.equal(stats.status, 0, stats.stderr);
  assert.match(stats.stderr, new RegExp(`stats: ${named.source}`));
  const audit = await cli('audit', dir);
  assert.equal(audit.status, 0, audit.stderr);
  assert.match(audit.stderr, new RegExp(`audit: ${named.source}`));
  assert.deepEqual(JSON.parse((await cli('audit', dir, '--json')).stdout).problems.length, 1);
  const browse = await cli('browse', dir, '--out', join(root, 'site'));
  assert.equal(browse.status, 0, browse.stderr);
  assert.match(browse.stderr, new RegExp(`misi-gen browse: audit: ${named.source}`));
});

test("a complex's atom table cut short: stats names the table", { skip: noBrowser }, async () => {
  const dir = join(root, 'cut-table');
  cpSync(data, dir, { recursive: true });
  const rel = `annotations/complex-${encodeURIComponent(firstChoiceRecord(dir).complex)}.json`;
  writeFileSync(join(dir, rel), readFileSync(join(dir, rel)).subarray(0, 50));
  const stats = await cli('stats', dir);
  assert.equal(stats.status, 0, stats.stderr);
  assert.match(stats.stderr, new RegExp(`stats: ${quoted(join(dir, rel))}: not JSON`));
});
