// `misi-gen verify` on a small dataset generated from the sample: whole, then with an image
// truncated, one altered, one deleted and a malformed line, each named in its own words; one
// byte changed in each kind of file (a qa line, an annotation, an atom table, an image,
// split.json), a file added and one taken away, each named; with --answers, an answer changed
// with the manifest's digest made to match; a manifest from before the digests of every file.

import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
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
    'translation,rotation,rotation_rotation,residue_ligand,pocket_ligand',
    '--per-complex',
    'translation=1/1,rotation=1/1,rotation_rotation=1/1,residue_ligand=1/1,pocket_ligand=1/1',
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

/** Changes one byte of the file near its middle: a lowercase letter to the next one where there is one (the text stays JSON), else a bit of the byte. */
function changeOneByte(path: string): void {
  const bytes = readFileSync(path);
  let i = bytes.indexOf(Buffer.from('"question":"'));
  i = i >= 0 ? i + 20 : Math.floor(bytes.length / 2);
  let at = i;
  while (at < bytes.length && !(bytes[at] >= 0x61 && bytes[at] < 0x7a)) at++;
  if (at < bytes.length) bytes[at]++;
  else bytes[i] ^= 1;
  writeFileSync(path, bytes);
}

const copyOf = (name: string) => {
  const dir = join(root, name);
  cpSync(data, dir, { recursive: true });
  return dir;
};

test('one byte changed in a qa file, an annotation, an atom table, an image and split.json: each file named', {
  skip: noBrowser,
}, async () => {
  const bad = copyOf('bytes');
  const annotations = readdirSync(join(bad, 'annotations')).sort();
  const annotation = annotations.find((n) => n.endsWith('.json.gz'))!;
  const table = annotations.find((n) => n.startsWith('complex-'))!;
  const image = readdirSync(join(bad, 'images')).sort()[0];
  assert.ok(annotation && table && image, annotations.join(' '));
  for (const rel of ['qa/translation.test.jsonl', `annotations/${annotation}`, `annotations/${table}`, `images/${image}`, 'split.json'])
    changeOneByte(join(bad, rel));
  const r = await cli('verify', bad);
  assert.equal(r.status, 1, r.stderr);
  assert.match(r.stderr, /verify: qa\/translation\.test\.jsonl: sha256 differs from the manifest/);
  assert.match(r.stderr, new RegExp(`verify: annotations/${annotation.replace(/\./g, '\\.')}: sha256 differs from the manifest`));
  assert.match(r.stderr, new RegExp(`verify: annotations/${table.replace(/\./g, '\\.')}: sha256 differs from the manifest`));
  assert.match(r.stderr, new RegExp(`verify: images/${image}: sha256 differs from the manifest`));
  assert.match(r.stderr, /split\.json: sha256 differs from the manifest/);
  assert.match(r.stderr, /: 5 problems\n/);
});

test('a file added to the dataset and one taken away are named', { skip: noBrowser }, async () => {
  const bad = copyOf('added');
  writeFileSync(join(bad, 'qa', 'notes.txt'), 'mine\n');
  const gone = readdirSync(join(bad, 'annotations')).sort()[1];
  unlinkSync(join(bad, 'annotations', gone));
  const r = await cli('verify', bad);
  assert.equal(r.status, 1, r.stderr);
  assert.match(r.stderr, /verify: qa\/notes\.txt: not in the manifest/);
  assert.match(r.stderr, new RegExp(`verify: annotations/${gone.replace(/\./g, '\\.')}: listed in the manifest but does not exist`));
});

/** Rewrites the manifest's digest of a file to its bytes as they are now (a hand edit made to match). */
function digestMadeToMatch(dir: string, rel: string): void {
  const manifestPath = join(dir, 'manifest.json');
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8'));
  const entry = manifest.files.find((f: { path: string }) => f.path === rel);
  entry.sha256 = createHash('sha256')
    .update(readFileSync(join(dir, rel)))
    .digest('hex');
  writeFileSync(manifestPath, JSON.stringify(manifest, null, 2));
}

/** Replaces the answer (and nothing else) of the first record of a qa file. */
function changeAnswer(dir: string, rel: string, to: (answer: string) => string): void {
  const path = join(dir, rel);
  const lines = readFileSync(path, 'utf8').split('\n');
  const record = JSON.parse(lines[0]);
  record.answer = to(record.answer);
  lines[0] = JSON.stringify(record);
  writeFileSync(path, lines.join('\n'));
}

test('--answers: an answer changed by hand, its digest made to match, is found; without --answers it passes', {
  skip: noBrowser,
}, async () => {
  const whole = await cli('verify', data, '--answers');
  assert.equal(whole.status, 0, whole.stderr);
  assert.match(whole.stderr, /\d+ answers derived again from their truths/);
  const bad = copyOf('answers');
  // A translation answer moved by one angstrom; a rotation_rotation letter moved on by one.
  changeAnswer(bad, 'qa/translation.train.jsonl', (a) => a.replace(/(-?\d+)$/, (n) => String(Number(n) + 1)));
  changeAnswer(bad, 'qa/rotation_rotation.test.jsonl', (a) => String.fromCharCode(((a.charCodeAt(0) - 65 + 1) % 4) + 65));
  digestMadeToMatch(bad, 'qa/translation.train.jsonl');
  digestMadeToMatch(bad, 'qa/rotation_rotation.test.jsonl');
  const plain = await cli('verify', bad);
  assert.equal(plain.status, 0, plain.stderr);
  const r = await cli('verify', bad, '--answers');
  assert.equal(r.status, 1, r.stderr);
  assert.match(r.stderr, /qa\/translation\.train\.jsonl:1 \([^)]+\): answer 'move . -?\d+' is not the one its truth gives, 'move . -?\d+'/);
  assert.match(r.stderr, /qa\/rotation_rotation\.test\.jsonl:1 \([^)]+\): answer '[A-D]' is not the one its truth gives, '[A-D]'/);
  assert.match(r.stderr, /: 2 problems\n/);
});

test('a manifest made before the digests of every file: verifies as before, with one line saying what was not checked', {
  skip: noBrowser,
}, async () => {
  const old = copyOf('before-digests');
  const manifestPath = join(old, 'manifest.json');
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8'));
  delete manifest.files;
  writeFileSync(manifestPath, JSON.stringify(manifest, null, 2));
  changeOneByte(join(old, 'qa', 'translation.test.jsonl'));
  const r = await cli('verify', old);
  assert.equal(r.status, 0, r.stderr);
  assert.match(r.stderr, /match the manifest/);
  const notes = r.stderr.split('\n').filter((l) => l.includes('not checked'));
  assert.equal(notes.length, 1, r.stderr);
  assert.match(notes[0], /made before misi-gen recorded the digest of every file: the qa files, annotations, atom tables/);
});

test("--answers: the H-bond tasks' answers are derived from their truths too (a bond dropped, a verdict turned)", {
  skip: noBrowser,
}, async () => {
  const bad = copyOf('hbond-answers');
  // The first record of each task's train file (its test file when train has none).
  const fileOf = (task: string) =>
    readdirSync(join(bad, 'qa'))
      .filter((n) => n.startsWith(`${task}.`) && !n.includes('.tiny.') && readFileSync(join(bad, 'qa', n), 'utf8').trim() !== '')
      .sort()
      .reverse()[0];
  const residue = `qa/${fileOf('residue_ligand')}`;
  const pocket = `qa/${fileOf('pocket_ligand')}`;
  changeAnswer(bad, residue, (a) => (a === 'No' ? 'Yes: ARG NH2, O1' : 'No'));
  changeAnswer(bad, pocket, (a) => (a.includes('; ') ? a.slice(0, a.lastIndexOf('; ')) : `${a}; ARG 1 NH2 A, O1`));
  digestMadeToMatch(bad, residue);
  digestMadeToMatch(bad, pocket);
  assert.equal((await cli('verify', bad)).status, 0);
  const r = await cli('verify', bad, '--answers');
  assert.equal(r.status, 1, r.stderr);
  assert.match(
    r.stderr,
    new RegExp(`${residue.replace(/\./g, '\\.')}:1 \\(residue_ligand-[^)]+\\): answer '(No|Yes: .+)' is not the one its truth gives`),
  );
  assert.match(
    r.stderr,
    new RegExp(`${pocket.replace(/\./g, '\\.')}:1 \\(pocket_ligand-[^)]+\\): answer '.+' is not the one its truth gives`),
  );
  assert.match(r.stderr, /: 2 problems\n/);
});
