// `ingest` and `generate` both default to `--out out`. Run one after the other in the same
// folder and, before, the second replaced the first one's complexes.jsonl and rejects.jsonl
// without a word. Now each refuses the other's folder (usage error, exit 2, naming the
// folder, the file that shows what it holds and what to do), before it writes anything or
// starts a browser; the files in it stay byte for byte. Its own folder is still its own:
// ingest writes it again, generate resumes. Real runs of the CLI on the bundled sample.

import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, test } from 'node:test';
import { findBrowser } from '../../renders/find-browser.ts';
import { cli as inProcess } from '../cli-in-process.ts';
import { SAMPLE } from '../shared-structures.ts';

const root = mkdtempSync(join(tmpdir(), 'misi-out-folder-'));
after(() => rmSync(root, { recursive: true, force: true }));
/** The CLI run in `cwd`, so the default `out` is cwd/out. */
/** The command run in-process in `cwd`: its exit status as `code`, and stderr. */
const cli = async (cwd: string, ...args: string[]) => {
  const r = await inProcess(args, { cwd });
  return { code: r.status, stderr: r.stderr };
};
/** Every file under `dir` with the sha256 of its bytes. */
const snapshot = (dir: string) =>
  Object.fromEntries(
    readdirSync(dir, { recursive: true, encoding: 'utf8' })
      .sort()
      .filter((f) => statSync(join(dir, f)).isFile())
      .map((f) => [
        f,
        createHash('sha256')
          .update(readFileSync(join(dir, f)))
          .digest('hex'),
      ]),
  );
const bytes = (p: string) => readFileSync(p);
const noBrowser = findBrowser() === null ? 'no Chromium on this machine' : false;
const SMALL = ['--tasks', 'translation', '--per-complex', 'translation=1/1', '--size', '128', '--workers', '1', '--limit', '1'];

test("ingest, then generate with the same default --out: generate refuses, naming out/complexes.jsonl; ingest's files stay", async () => {
  const cwd = join(root, 'ingest-first');
  mkdirSync(cwd);
  // No --out, either time: the default, as a user types the two commands one after the other.
  const first = await cli(cwd, 'ingest', join(SAMPLE, 'pdbbind'));
  assert.equal(first.code, 0, first.stderr);
  const complexes = bytes(join(cwd, 'out', 'complexes.jsonl'));
  const rejects = bytes(join(cwd, 'out', 'rejects.jsonl'));
  const r = await cli(cwd, 'generate', ...SMALL);
  assert.equal(r.code, 2, r.stderr);
  assert.ok(
    r.stderr.includes(
      `--out out holds the output of misi-gen ingest (${join('out', 'complexes.jsonl')}, no manifest.json): generate would replace its complexes.jsonl and rejects.jsonl`,
    ),
    r.stderr,
  );
  assert.match(
    r.stderr,
    /Give generate another folder \(e\.g\. --out dataset\), or delete out\/complexes\.jsonl if you mean to replace it/,
  );
  assert.doesNotMatch(r.stderr, /\n\s+at /, 'no stack trace');
  assert.deepEqual(readdirSync(join(cwd, 'out')).sort(), ['complexes.jsonl', 'rejects.jsonl'], 'generate wrote nothing');
  assert.ok(bytes(join(cwd, 'out', 'complexes.jsonl')).equals(complexes));
  assert.ok(bytes(join(cwd, 'out', 'rejects.jsonl')).equals(rejects));
  // Ingest into its own output again: allowed (the same inputs give the same file).
  const again = await cli(cwd, 'ingest', join(SAMPLE, 'pdbbind'));
  assert.equal(again.code, 0, again.stderr);
  assert.ok(bytes(join(cwd, 'out', 'complexes.jsonl')).equals(complexes));
});

test('generate, then ingest into its folder (finished, or a run under way): ingest refuses; the dataset stays whole', {
  skip: noBrowser,
}, async () => {
  const cwd = join(root, 'generate-first');
  mkdirSync(cwd);
  const made = await cli(cwd, 'generate', ...SMALL);
  assert.equal(made.code, 0, made.stderr);
  const before = snapshot(join(cwd, 'out'));
  const complexes = bytes(join(cwd, 'out', 'complexes.jsonl'));
  const r = await cli(cwd, 'ingest', join(SAMPLE, 'pdbbind'));
  assert.equal(r.code, 2, r.stderr);
  assert.ok(
    r.stderr.includes(
      `--out out holds a dataset made by misi-gen generate or merge (${join('out', 'manifest.json')}): ingest would replace its complexes.jsonl and rejects.jsonl`,
    ),
    r.stderr,
  );
  assert.match(r.stderr, /Give ingest another folder \(e\.g\. --out ingested\)/);
  assert.doesNotMatch(r.stderr, /ingest: \d+ complexes read/);
  assert.deepEqual(snapshot(join(cwd, 'out')), before);
  assert.ok(bytes(join(cwd, 'out', 'complexes.jsonl')).equals(complexes));
  const verify = await cli(cwd, 'verify', 'out');
  assert.equal(verify.code, 0, verify.stderr);
  // A run stopped before its manifest (parts/run.json, as after a kill in the assembly).
  const partial = join(root, 'partial');
  cpSync(join(cwd, 'out'), partial, { recursive: true });
  rmSync(join(partial, 'manifest.json'));
  const p = await cli(root, 'ingest', join(SAMPLE, 'pdbbind'), '--out', partial);
  assert.equal(p.code, 2, p.stderr);
  assert.ok(p.stderr.includes(`--out ${partial} holds a misi-gen generate run (${join(partial, 'parts', 'run.json')})`), p.stderr);
  // generate's own folder is still its own: with the same options it resumes and draws nothing.
  const resumed = await cli(cwd, 'generate', ...SMALL);
  assert.equal(resumed.code, 0, resumed.stderr);
  assert.equal(JSON.parse(readFileSync(join(cwd, 'out', 'run.json'), 'utf8')).images.rendered, 0);
  assert.ok(bytes(join(cwd, 'out', 'complexes.jsonl')).equals(complexes));
});

test('an empty or new --out is taken by either command', async () => {
  const r = await cli(root, 'ingest', join(SAMPLE, 'pdbbind'), '--out', join(root, 'fresh', 'deeper'));
  assert.equal(r.code, 0, r.stderr);
  assert.ok(existsSync(join(root, 'fresh', 'deeper', 'complexes.jsonl')));
});
