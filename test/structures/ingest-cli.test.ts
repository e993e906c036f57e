// `misi-gen ingest` end to end on real files: the bundled sample in all three layouts, the
// collections of ../shared, and every kind of bad input, each becoming one reject.

import assert from 'node:assert/strict';
import { cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { cli as inProcess } from '../cli-in-process.ts';
import { NEEDS_SHARED, REPO, SAMPLE, SHARED } from '../shared-structures.ts';

async function run(args: string[]) {
  const r = await inProcess(args, { cwd: REPO });
  return { status: r.status, stdout: r.stdout, stderr: r.stderr };
}

const readLines = (p: string) =>
  readFileSync(p, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((l) => JSON.parse(l));

test('the bundled sample reads in all three layouts, sorted by id, with provenance', async () => {
  const out = mkdtempSync(join(tmpdir(), 'misi-ingest-'));
  const r = await run(['ingest', SAMPLE, '--ligands', join(SAMPLE, 'pdb-entries/ligands.tsv'), '--out', out]);
  assert.equal(r.status, 0, r.stderr);
  const complexes = readLines(join(out, 'complexes.jsonl'));
  const ids = complexes.map((c) => c.id);
  assert.deepEqual(ids, [...ids].sort());
  assert.ok(ids.length >= 3);
  const roles = new Set(complexes.flatMap((c) => c.sources.map((s: { role: string }) => s.role)));
  for (const role of ['pocket', 'protein', 'ligand', 'entry']) assert.ok(roles.has(role), `no ${role} source`);
  for (const c of complexes) {
    assert.ok(c.pocket.length > 0 && c.ligand.atoms.length > 0, c.id);
    for (const s of c.sources) assert.match(s.sha256, /^[0-9a-f]{64}$/);
  }
  assert.deepEqual(readLines(join(out, 'rejects.jsonl')), []);
  assert.match(r.stderr, /complexes read, 0 rejected/);
  rmSync(out, { recursive: true });
});

test('bad input of every kind becomes one reject each; the good complex is still read', async () => {
  const root = mkdtempSync(join(tmpdir(), 'misi-bad-'));
  const src = join(SAMPLE, 'pdbbind/1hpv');
  const pocket = readFileSync(join(src, '1hpv_pocket.pdb'), 'utf8');
  const sdf = readFileSync(join(src, '1hpv_ligand.sdf'), 'utf8');
  const mk = (id: string, files: Record<string, string | Buffer>, parent = 'set') => {
    const d = join(root, parent, id);
    mkdirSync(d, { recursive: true });
    for (const [name, body] of Object.entries(files)) writeFileSync(join(d, name.replace('ID', id)), body);
  };
  cpSync(src, join(root, 'set/good1'), { recursive: true });
  for (const f of readdirSync(join(root, 'set/good1')))
    cpSync(join(root, 'set/good1', f), join(root, 'set/good1', f.replace('1hpv', 'good1')));
  for (const f of readdirSync(join(root, 'set/good1'))) if (f.startsWith('1hpv')) rmSync(join(root, 'set/good1', f));
  const atomLine = pocket.split('\n').findIndex((l) => l.startsWith('ATOM'));
  const lines = pocket.split('\n');
  const withLine = (k: number, f: (l: string) => string) => lines.map((l, i) => (i === k ? f(l) : l)).join('\n');
  mk('empty', { 'ID_pocket.pdb': '', 'ID_ligand.sdf': sdf });
  mk('binary', { 'ID_pocket.pdb': pocket, 'ID_ligand.sdf': Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 1, 2, 3, 0, 0]) });
  mk('truncated', { 'ID_pocket.pdb': pocket.slice(0, pocket.indexOf('\n', pocket.length / 2) + 40), 'ID_ligand.sdf': sdf });
  mk('nan', { 'ID_pocket.pdb': withLine(atomLine + 3, (l) => l.slice(0, 30) + '   x.yzw' + l.slice(38)), 'ID_ligand.sdf': sdf });
  mk('huge', { 'ID_pocket.pdb': withLine(atomLine + 3, (l) => l.slice(0, 30) + '9.99e+99' + l.slice(38)), 'ID_ligand.sdf': sdf });
  mk('noatoms', {
    'ID_pocket.pdb': pocket,
    'ID_ligand.mol2': '@<TRIPOS>MOLECULE\nempty\n 0 0 0 0 0\nSMALL\nNO_CHARGES\n\n@<TRIPOS>ATOM\n@<TRIPOS>BOND\n',
  });
  const flat = sdf
    .split('\n')
    .map((l, i) => (i >= 4 && /^\s+-?\d+\.\d{4}\s+-?\d+\.\d{4}\s+-?\d+\.\d{4} /.test(l) ? l.slice(0, 20) + '    0.0000' + l.slice(30) : l))
    .join('\n');
  mk('flat', { 'ID_pocket.pdb': pocket, 'ID_ligand.sdf': flat });
  const far = sdf
    .split('\n')
    .map((l, i) =>
      i >= 4 && /^\s+-?\d+\.\d{4}\s+-?\d+\.\d{4}\s+-?\d+\.\d{4} /.test(l)
        ? (Number(l.slice(0, 10)) + 500).toFixed(4).padStart(10) + l.slice(10)
        : l,
    )
    .join('\n');
  mk('far', { 'ID_pocket.pdb': pocket, 'ID_ligand.sdf': far });
  mk('lonely', { 'ID_ligand.sdf': sdf });
  mk('good1', { 'good1_pocket.pdb': pocket, 'good1_ligand.sdf': sdf }, 'zz-later');
  const out = join(root, 'out');
  const r = await run(['ingest', join(root, 'set'), join(root, 'zz-later'), '--out', out]);
  assert.equal(r.status, 0, r.stderr);
  assert.doesNotMatch(r.stderr, /at .*\.ts:\d+/); // no stack trace
  const complexes = readLines(join(out, 'complexes.jsonl'));
  assert.deepEqual(
    complexes.map((c) => c.id),
    ['good1'],
  );
  const rejects = readLines(join(out, 'rejects.jsonl'));
  const why = Object.fromEntries(rejects.map((x) => [x.id, x]));
  const expect: Record<string, RegExp> = {
    empty: /empty/,
    binary: /binary/,
    truncated: /truncated/,
    nan: /not numbers/,
    huge: /absurdly large/,
    noatoms: /no atoms/,
    flat: /no 3D coordinates/,
    far: /no protein residue near the ligand/,
    lonely: /missing partner/,
    good1: /duplicate id/,
  };
  for (const [id, re] of Object.entries(expect)) {
    assert.ok(why[id], `no reject for ${id}: ${JSON.stringify(rejects)}`);
    assert.match(why[id].reason, re, id);
    assert.ok(why[id].path && why[id].stage, id);
  }
  assert.equal(rejects.length, Object.keys(expect).length);
  assert.match(r.stderr, /1 complex read, 10 rejected/);
  rmSync(root, { recursive: true });
});

test('nothing readable: non-zero exit; a bad option: usage error, exit 2, no stack trace', async () => {
  const root = mkdtempSync(join(tmpdir(), 'misi-none-'));
  writeFileSync(join(root, 'x_ligand.sdf'), '');
  const r = await run(['ingest', root, '--out', join(root, 'out')]);
  assert.equal(r.status, 1);
  const u = await run(['ingest', root, '--ligand', 'not-a-selector', '--out', join(root, 'out')]);
  assert.equal(u.status, 2);
  assert.match(u.stderr, /RES:CHAIN:NUMBER/);
  assert.doesNotMatch(u.stderr, /\n\s+at /);
  rmSync(root, { recursive: true });
});

test('../shared: at least 99 % of PDBbind complexes and all 6 protein-ligand pairs read', { skip: NEEDS_SHARED }, async () => {
  const out = mkdtempSync(join(tmpdir(), 'misi-shared-'));
  const r = await run(['ingest', join(SHARED, 'pdbbind'), join(SHARED, 'protein-ligand'), '--out', out]);
  assert.equal(r.status, 0, r.stderr);
  const ids = new Set(readLines(join(out, 'complexes.jsonl')).map((c) => c.id));
  const pdbbind = readdirSync(join(SHARED, 'pdbbind'));
  const read = pdbbind.filter((id) => ids.has(id)).length;
  assert.ok(read >= 0.99 * pdbbind.length, `${read} of ${pdbbind.length}`);
  for (const id of readdirSync(join(SHARED, 'protein-ligand'))) assert.ok(ids.has(id), id);
  for (const x of readLines(join(out, 'rejects.jsonl'))) assert.ok(x.reason.length > 10);
  rmSync(out, { recursive: true });
});

test('../shared whole entries: every listed ligand is read, unlisted entries say why', { skip: NEEDS_SHARED }, async () => {
  const out = mkdtempSync(join(tmpdir(), 'misi-entries-'));
  const tsv = join(SHARED, 'pdb-entries/ligands.tsv');
  const r = await run(['ingest', join(SHARED, 'pdb-entries'), '--ligands', tsv, '--out', out]);
  assert.equal(r.status, 0, r.stderr);
  const listed = readFileSync(tsv, 'utf8')
    .trim()
    .split('\n')
    .slice(1)
    .map((l) => l.split('\t'));
  const byId = new Map(readLines(join(out, 'complexes.jsonl')).map((c) => [c.id, c]));
  for (const [entry, sel] of listed) {
    const c = byId.get(entry);
    assert.ok(c, `${entry} not read`);
    const [name, chain, num] = sel.split(':');
    assert.deepEqual([c.ligand.name, c.ligand.chain, String(c.ligand.number)], [name, chain, num], entry);
  }
  for (const x of readLines(join(out, 'rejects.jsonl'))) assert.equal(x.stage, 'select-ligand', x.id);
  rmSync(out, { recursive: true });
});
