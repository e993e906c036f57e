// Broken inputs do not spoil a dataset (real Chromium, the CLI as a user runs it): the
// bundled sample's complexes plus inputs that fail at ingest - reading (a truncated mol2,
// an empty SDF), the pocket cut (a ligand far from its protein), ligand chemistry and
// H-bonds (copies of good complexes whose step is made to throw, as a bug there would,
// through MISI_GEN_FAULT) - give the same qa/, images/, annotations/, split.json and
// complexes.jsonl, byte for byte, as the good complexes alone; only rejects.jsonl and the
// manifest's reject count differ. A complex that fails after the split (render) keeps its
// side; a run SIGKILLed mid-way and resumed ends as the uninterrupted run, and a further
// run retries nothing. --strict exits 3.

import assert from 'node:assert/strict';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { findBrowser } from '../../renders/find-browser.ts';
import { listing } from '../same-dataset.ts';
import { SAMPLE } from '../shared-structures.ts';
import { runCli } from '../spawn-cli.ts';

const noBrowser = findBrowser() === null ? 'no Chromium on this machine' : false;
const OPTIONS = [
  '--tasks',
  'translation,rotation_rotation',
  '--per-complex',
  'translation=1/1,rotation_rotation=1/1',
  '--test-share',
  '0.5',
  '--seed',
  '5',
  '--workers',
  '2',
];
const root = mkdtempSync(join(tmpdir(), 'misi-mixed-'));
const good = join(root, 'good');
const broken = join(root, 'broken');
const ligands = join(root, 'ligands.tsv');
const INGEST_FAULTS = 'ligand-chemistry:chem-fault,hbonds:hbond-fault';
after(() => rmSync(root, { recursive: true, force: true }));

const cli = (args: string[], env: Record<string, string> = {}) => runCli(args, root, env);
const generate = (out: string, structures: string[], env: Record<string, string> = {}, extra: string[] = []) =>
  cli(['generate', '--out', out, '--structures', ...structures, '--ligands', ligands, ...OPTIONS, ...extra], env);

const same = (a: string, b: string) => readFileSync(a).equals(readFileSync(b));
function assertSameFiles(dir: string, reference: string, files: string[]): void {
  for (const f of files) assert.ok(same(join(dir, f), join(reference, f)), `${f} differs`);
  for (const sub of ['qa', 'images', 'annotations']) {
    assert.deepEqual(listing(join(dir, sub)), listing(join(reference, sub)), `${sub}/ holds other files`);
    for (const f of listing(join(reference, sub))) assert.ok(same(join(dir, sub, f), join(reference, sub, f)), `${sub}/${f} differs`);
  }
}
const rejectsOf = (dir: string) =>
  readFileSync(join(dir, 'rejects.jsonl'), 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((l) => JSON.parse(l));
const manifestOf = (dir: string) => JSON.parse(readFileSync(join(dir, 'manifest.json'), 'utf8'));

before(() => {
  cpSync(SAMPLE, good, { recursive: true });
  rmSync(join(good, 'pdb-entries', 'ligands.tsv'));
  writeFileSync(ligands, 'entry\tligand\n3mht\tSAH:A:328\n');
  const hpv = join(SAMPLE, 'pdbbind/1hpv');
  const pgp = join(SAMPLE, 'protein-ligand/1pgp');
  const put = (id: string, files: Record<string, string | Buffer>) => {
    mkdirSync(join(broken, id), { recursive: true });
    for (const [n, body] of Object.entries(files)) writeFileSync(join(broken, id, `${id}_${n}`), body);
  };
  const mol2 = readFileSync(join(hpv, '1hpv_ligand.mol2'), 'latin1');
  const pocket = readFileSync(join(hpv, '1hpv_pocket.pdb'));
  const sdf = readFileSync(join(pgp, '1pgp_ligand.sdf'), 'latin1');
  const protein = readFileSync(join(pgp, '1pgp_protein.pdb'));
  put('cut-mol2', { 'pocket.pdb': pocket, 'ligand.mol2': mol2.slice(0, mol2.indexOf('@<TRIPOS>BOND') - 17) });
  put('empty-sdf', { 'protein.pdb': protein, 'ligand.sdf': '' });
  const n = Number(sdf.split('\n')[3].slice(0, 3));
  put('far-ligand', {
    'protein.pdb': protein,
    'ligand.sdf': sdf
      .split('\n')
      .map((l, i) => (i >= 4 && i < 4 + n ? (Number(l.slice(0, 10)) + 400).toFixed(4).padStart(10) + l.slice(10) : l))
      .join('\n'),
  });
  put('chem-fault', { 'pocket.pdb': pocket, 'ligand.mol2': mol2 });
  put('hbond-fault', { 'protein.pdb': protein, 'ligand.sdf': sdf });
});

test('good complexes plus inputs failing at ingest: the same dataset as the good ones alone', { skip: noBrowser }, async () => {
  const alone = join(root, 'alone');
  const mixed = join(root, 'mixed');
  const a = await generate(alone, [good]);
  assert.equal(a.code, 0, a.stderr);
  const m = await generate(mixed, [good, broken], { MISI_GEN_FAULT: INGEST_FAULTS });
  assert.equal(m.code, 0, m.stderr);
  assert.doesNotMatch(m.stderr, /\n\s+at .+:\d+:\d+/, 'a stack trace on stderr');
  assertSameFiles(mixed, alone, ['complexes.jsonl', 'split.json']);
  const ma = manifestOf(alone),
    mm = manifestOf(mixed);
  // The manifest's digests name rejects.jsonl too, which differs by the five rejects: its entry is left out here.
  const sansRejects = (m: { files?: { path: string }[] }) => m.files?.filter((f) => f.path !== 'rejects.jsonl');
  assert.ok(
    mm.files?.some((f: { path: string }) => f.path === 'rejects.jsonl'),
    'the manifest digests rejects.jsonl',
  );
  assert.deepEqual({ ...mm, rejects: 0, files: sansRejects(mm) }, { ...ma, rejects: 0, files: sansRejects(ma) });
  const rejects = rejectsOf(mixed).filter((r) => !rejectsOf(alone).some((x) => JSON.stringify(x) === JSON.stringify(r)));
  assert.deepEqual(rejects.map((r) => [r.id, r.stage, r.internal ?? false]).sort(), [
    ['chem-fault', 'ligand-chemistry', true],
    ['cut-mol2', 'read-ligand', false],
    ['empty-sdf', 'read-ligand', false],
    ['far-ligand', 'pocket-cut', false],
    ['hbond-fault', 'hbonds', true],
  ]);
  assert.equal(mm.rejects - ma.rejects, 5);
  for (const r of rejects)
    assert.deepEqual(
      Object.keys(r).filter((k) => k !== 'internal'),
      ['id', 'path', 'stage', 'reason'],
    );
  // The summary counts rejects per stage and points at the file; the stacks are in errors.log.
  assert.match(
    m.stderr,
    /\(1 hbonds, 1 ligand-chemistry, 1 pocket-cut, 2 read-ligand.*; 2 internal \(bugs: see errors\.log\)\) listed in .*rejects\.jsonl/,
  );
  assert.match(readFileSync(join(mixed, 'errors.log'), 'utf8'), /hbond-fault[\s\S]*\n\s+at /);
  // --strict: the same run says so with exit 3 (resumed: nothing is redone).
  const strict = await generate(mixed, [good, broken], { MISI_GEN_FAULT: INGEST_FAULTS }, ['--strict']);
  assert.equal(strict.code, 3, strict.stderr);
  const strictAlone = await generate(alone, [good], {}, ['--strict']);
  assert.equal(strictAlone.code, 0, strictAlone.stderr);
});

test('a complex failing after the split keeps its side; SIGKILL mid-run and resume: the uninterrupted result', {
  skip: noBrowser,
}, async () => {
  const env = { MISI_GEN_FAULT: `${INGEST_FAULTS},render:1pgp` };
  const whole = join(root, 'whole');
  const w = await generate(whole, [good, broken], env);
  assert.equal(w.code, 0, w.stderr);
  const r = rejectsOf(whole).find((x) => x.id === '1pgp');
  assert.equal(r?.stage, 'render');
  assert.equal(r?.internal, true);
  // It keeps its side: the split is the one of the run without that failure.
  assert.ok(same(join(whole, 'split.json'), join(root, 'alone', 'split.json')));
  const killed = join(root, 'killed');
  const k = await generate(killed, [good, broken], { ...env, MISI_GEN_KILL_AFTER_IMAGES: '3' });
  assert.equal(k.signal, 'SIGKILL', `the kill did not happen: exit ${k.code}\n${k.stderr}`);
  const resumed = await generate(killed, [good, broken], env);
  assert.equal(resumed.code, 0, resumed.stderr);
  assertSameFiles(killed, whole, ['complexes.jsonl', 'split.json', 'rejects.jsonl', 'manifest.json']);
  // Rejected complexes count as done: a further run draws and retries nothing.
  const again = await generate(killed, [good, broken], env);
  assert.equal(again.code, 0, again.stderr);
  const run = JSON.parse(readFileSync(join(killed, 'run.json'), 'utf8'));
  assert.equal(run.images.rendered, 0);
  assert.equal(run.complexes.done, 0);
  assertSameFiles(killed, whole, ['complexes.jsonl', 'split.json', 'rejects.jsonl', 'manifest.json']);
});
