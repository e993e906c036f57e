// `misi-gen fetch` against a local archive (test/pipeline/fake-archive.ts, 127.0.0.1 only):
// faults injected (429 + Retry-After, repeated 500s, a connection cut mid-body, a body that
// is not gzip) still give every present entry intact and one reject for the missing id; a
// second run sends no request; a run killed with SIGKILL and run again gives the same files;
// `generate` on the fetched folder equals `generate` on the same entries from disk.

import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, test } from 'node:test';
import { gunzipSync } from 'node:zlib';
import { findBrowser } from '../../renders/find-browser.ts';
import { cli } from '../cli-in-process.ts';
import { REPO } from '../shared-structures.ts';
import { BIN } from '../spawn-cli.ts';
import { archiveOf, entryText, NO_GEMMI, startArchive } from './fake-archive.ts';

const root = mkdtempSync(join(tmpdir(), 'misi-fetch-'));
after(() => rmSync(root, { recursive: true, force: true }));
const FAST = ['--retry-delay', '0.05'];
/** The command run in-process in `cwd` (the killed run below is a process of its own): its exit status as `code`, and stderr. */
const runCli = async (args: string[], cwd: string) => {
  const r = await cli(args, { cwd });
  return { code: r.status, stderr: r.stderr };
};
const lines = (p: string) => readFileSync(p, 'utf8').split('\n').filter(Boolean);
const entryFiles = (dir: string) =>
  readdirSync(dir)
    .filter((f) => f.endsWith('.cif.gz'))
    .sort();

test('faults injected: every present entry intact, the missing id one reject, exit 0; a second run sends no request', {
  skip: NO_GEMMI,
}, async () => {
  const ids = ['3mht', '4mht', '5mht', '6mht'];
  const entries = archiveOf(ids);
  const archive = await startArchive(
    entries,
    new Map([
      ['3mht', ['429', 'drop']],
      ['4mht', ['500', '500', '500']],
      ['5mht', ['not-gzip', 'drop']],
    ]),
  );
  try {
    const out = join(root, 'faults');
    const run = await runCli(
      ['fetch', '3mht', '4mht', '5mht', '6mht:SAH', '1zzz', '--out', out, '--mirror', archive.template, ...FAST],
      REPO,
    );
    assert.equal(run.code, 0, run.stderr);
    assert.deepEqual(
      entryFiles(out),
      ids.map((id) => `${id}.cif.gz`),
    );
    for (const id of ids) assert.equal(gunzipSync(readFileSync(join(out, `${id}.cif.gz`))).toString('utf8'), entryText(id), id);
    // The missing id: one reject line naming it and the 404, on stderr and in the folder.
    const rejects = lines(join(out, 'fetch-rejects.jsonl')).map((l) => JSON.parse(l));
    assert.deepEqual(
      rejects.map((r) => [r.id, r.stage]),
      [['1zzz', 'fetch']],
    );
    assert.match(rejects[0].reason, /HTTP 404/);
    assert.match(run.stderr, /rejected 1zzz \(fetch\): not found at http:\/\/127\.0\.0\.1:\d+\/download\/1ZZZ\.cif\.gz/);
    // Retry-After: 1 was honoured (no request for 3mht sooner than 1 s after the 429).
    const asked = archive.log.filter((e) => e.id === '3mht');
    assert.deepEqual(
      asked.map((e) => e.answer),
      ['429', 'drop', '200'],
    );
    assert.ok(asked[1].at - asked[0].at >= 1000, `retried after ${asked[1].at - asked[0].at} ms`);
    assert.deepEqual(
      archive.log.filter((e) => e.id === '4mht').map((e) => e.answer),
      ['500', '500', '500', '200'],
    );
    assert.deepEqual(
      archive.log.filter((e) => e.id === '5mht').map((e) => e.answer),
      ['not-gzip', 'drop', '200'],
    );
    // One record per entry: URL, bytes, sha256, date.
    for (const id of ids) {
      const rec = JSON.parse(readFileSync(join(out, 'fetch-records', `${id}.json`), 'utf8'));
      assert.equal(rec.url, `${archive.url}/download/${id.toUpperCase()}.cif.gz`);
      assert.equal(rec.bytes, entries.get(id)!.length);
      assert.equal(rec.sha256, createHash('sha256').update(entries.get(id)!).digest('hex'));
      assert.ok(!Number.isNaN(Date.parse(rec.fetched)));
    }
    // ligands.tsv: the rule chose SAH:A:328 by size (no name) and by name (6mht:SAH).
    assert.deepEqual(lines(join(out, 'ligands.tsv')), [
      'entry\tligand\trule',
      '3mht\tSAH:A:328\tlargest-group',
      '4mht\tSAH:A:328\tlargest-group',
      '5mht\tSAH:A:328\tlargest-group',
      '6mht\tSAH:A:328\tresidue-name',
    ]);
    // Again: nothing is asked for (the missing id is remembered), same outcome.
    const before = archive.log.length;
    const again = await runCli(
      ['fetch', '3mht', '4mht', '5mht', '6mht:SAH', '1zzz', '--out', out, '--mirror', archive.template, ...FAST],
      REPO,
    );
    assert.equal(again.code, 0, again.stderr);
    assert.equal(archive.log.length, before, JSON.stringify(archive.log.slice(before)));
    assert.match(again.stderr, /0 fetched now, 4 already there; 0 requests/);
    assert.match(again.stderr, /rejected 1zzz .*--recheck-missing/);
    // --strict: the reject makes exit status 3.
    const strict = await runCli(['fetch', '3mht', '1zzz', '--out', out, '--mirror', archive.template, '--strict'], REPO);
    assert.equal(strict.code, 3, strict.stderr);
    assert.equal(archive.log.length, before);
  } finally {
    await archive.close();
  }
});

test('a run killed with SIGKILL mid-way, run again, gives the same files as a run left alone', { skip: NO_GEMMI }, async () => {
  const ids = ['3mht', '4mht', '5mht', '6mht', '7mht', '8mht'];
  const entries = archiveOf(ids);
  const whole = join(root, 'whole');
  const killed = join(root, 'killed');
  const quick = await startArchive(entries);
  const slow = await startArchive(entries, new Map(), 400);
  try {
    assert.equal((await runCli(['fetch', ...ids, '--out', whole, '--mirror', quick.template], REPO)).code, 0);
    const child = spawn(process.execPath, [BIN, 'fetch', ...ids, '--out', killed, '--mirror', slow.template, '--concurrency', '2'], {
      cwd: REPO,
      detached: true,
      stdio: 'ignore',
    });
    const exited = new Promise((resolve) => child.on('exit', resolve));
    // Killed once two entries are in, while the others are on the wire.
    for (let i = 0; i < 600 && !(existsSync(killed) && entryFiles(killed).length >= 2); i++) await new Promise((r) => setTimeout(r, 20));
    process.kill(-child.pid!, 'SIGKILL');
    await exited;
    const kept = entryFiles(killed);
    assert.ok(kept.length >= 2 && kept.length < ids.length, `killed with ${kept.length} entries in`);
    for (const f of kept) assert.deepEqual(readFileSync(join(killed, f)), readFileSync(join(whole, f)), f);
    const again = await runCli(['fetch', ...ids, '--out', killed, '--mirror', quick.template], REPO);
    assert.equal(again.code, 0, again.stderr);
    assert.deepEqual(entryFiles(killed), entryFiles(whole));
    for (const f of entryFiles(whole)) assert.deepEqual(readFileSync(join(killed, f)), readFileSync(join(whole, f)), f);
    assert.equal(readFileSync(join(killed, 'ligands.tsv'), 'utf8'), readFileSync(join(whole, 'ligands.tsv'), 'utf8'));
    assert.deepEqual(
      readdirSync(killed).filter((f) => f.endsWith('.part')),
      [],
    );
    assert.deepEqual(
      readdirSync(join(killed, 'fetch-records')).sort(),
      ids.map((id) => `${id}.json`),
    );
    // The resumed run asked only for what was not there.
    assert.equal(quick.log.length, ids.length + ids.length - kept.length);
  } finally {
    await Promise.all([quick.close(), slow.close()]);
  }
});

test('a PDBbind index from a local copy of the archive (file:///): residue names and a peptide ligand', { skip: NO_GEMMI }, async () => {
  const archive = join(root, 'archive');
  for (const [id, gz] of archiveOf(['3mht', '4mht'])) {
    mkdirSync(join(archive, id.slice(1, 3)), { recursive: true });
    writeFileSync(join(archive, id.slice(1, 3), `${id}.cif.gz`), gz);
  }
  const index = join(root, 'INDEX_refined_data.2020');
  writeFileSync(
    index,
    [
      '# ==============================================================================',
      '# List of the protein-ligand complexes in the PDBbind refined set v.2020',
      '# 3 protein-ligand complexes in total, sorted by binding data',
      '# Latest update: Dec 2020',
      '# PDB code, resolution, release year, -logKd/Ki, Kd/Ki, reference, ligand name',
      '# ==============================================================================',
      '3mht  2.70  1996   6.00  Kd=1uM        // 3mht.pdf (SAH)',
      '4mht  NMR   1996   5.00  Ki~10uM       // 4mht.pdf (4-mer)',
      '9zzz  2.00  2001   4.00  IC50>100uM    // 9zzz.pdf (XYZ)',
      '',
    ].join('\n'),
  );
  const out = join(root, 'from-index');
  const run = await runCli(['fetch', '--pdbbind-index', index, '--out', out, '--mirror', `file://${archive}/{mid}/{id}.cif.gz`], REPO);
  assert.equal(run.code, 0, run.stderr);
  assert.deepEqual(lines(join(out, 'ligands.tsv')), ['entry\tligand\trule', '3mht\tSAH:A:328\tresidue-name', '4mht\t4-mer\tunmet']);
  const rejects = lines(join(out, 'fetch-rejects.jsonl')).map((l) => JSON.parse(l));
  assert.deepEqual(
    rejects.map((r) => [r.id, r.stage]),
    [
      ['4mht', 'select-ligand'],
      ['9zzz', 'fetch'],
    ],
  );
  assert.match(rejects[0].reason, /peptide ligand \(4-mer\): no polymer chain of 4 residues/);
  assert.match(rejects[0].reason, /INDEX_refined_data\.2020:8/);
  assert.match(rejects[1].reason, /no such file/);
});

const noBrowser = findBrowser() === null ? 'no Chromium on this machine' : NO_GEMMI;

test('generate on the fetched folder (no flags) equals generate on the same entries from disk with their selectors', {
  skip: noBrowser,
}, async () => {
  const ids = ['3mht', '4mht'];
  const archive = await startArchive(archiveOf(ids));
  const fetched = join(root, 'gen-fetched');
  const disk = join(root, 'gen-disk');
  try {
    assert.equal((await runCli(['fetch', ...ids, '--out', fetched, '--mirror', archive.template], REPO)).code, 0);
  } finally {
    await archive.close();
  }
  mkdirSync(disk);
  for (const id of ids) writeFileSync(join(disk, `${id}.cif`), entryText(id));
  writeFileSync(join(root, 'selectors.tsv'), 'entry\tligand\n3mht\tSAH:A:328\n4mht\tSAH:A:328\n');
  // Two complexes: read in the main thread (reading threads would only add their start-up).
  const common = [
    '--tasks',
    'translation',
    '--per-complex',
    'translation=1/1',
    '--test-share',
    '0.5',
    '--size',
    '128',
    '--workers',
    '1',
    '--read-threads',
    '1',
  ];
  const a = await runCli(['generate', '--structures', fetched, '--out', join(root, 'gen-a'), ...common], REPO);
  const b = await runCli(
    ['generate', '--structures', disk, '--ligands', join(root, 'selectors.tsv'), '--out', join(root, 'gen-b'), ...common],
    REPO,
  );
  assert.equal(a.code, 0, a.stderr);
  assert.equal(b.code, 0, b.stderr);
  const files = (dir: string, sub: string) => readdirSync(join(dir, sub)).sort();
  for (const sub of ['qa', 'images', 'annotations']) {
    assert.deepEqual(files(join(root, 'gen-a'), sub), files(join(root, 'gen-b'), sub), sub);
    for (const f of files(join(root, 'gen-a'), sub))
      assert.deepEqual(readFileSync(join(root, 'gen-a', sub, f)), readFileSync(join(root, 'gen-b', sub, f)), `${sub}/${f}`);
  }
  assert.ok(files(join(root, 'gen-a'), 'images').length > 0);
  // The complexes differ only in where their files were.
  const complexes = (dir: string) =>
    lines(join(dir, 'complexes.jsonl')).map((l) => {
      const c = JSON.parse(l);
      for (const s of c.sources) delete s.path;
      c.warnings = c.warnings
        .filter((w: { message: string }) => !/picked|chosen/.test(w.message))
        .map((w: { message: string }) => w.message);
      return c;
    });
  assert.deepEqual(complexes(join(root, 'gen-a')), complexes(join(root, 'gen-b')));
});
