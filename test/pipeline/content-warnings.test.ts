// Readings that change what a complex holds are said on screen, by kind with their ids, and
// where the full warnings are: a truncated `_ligand.mol2` beside a good `_ligand.sdf` (the
// ligand is read from the SDF, atom names generated; the run goes on, exit 0), a whole entry
// with altlocs and no ligand selector. Each kind (Diagnostic.kind) is set by the reader that
// makes the warning, and the summary counts kinds, not words. Rejects are summarised with
// their first ids per stage. Real files: the bundled sample, cut, copied or edited.

import assert from 'node:assert/strict';
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, test } from 'node:test';
import { ContentChanges, changeKind } from '../../pipeline/content-warnings.ts';
import { ingest } from '../../structures/ingest.ts';
import type { Diagnostic } from '../../structures/model.ts';
import { cli as inProcess } from '../cli-in-process.ts';
import { NEEDS_SHARED, SAMPLE, SHARED } from '../shared-structures.ts';

const root = mkdtempSync(join(tmpdir(), 'misi-changes-'));
after(() => rmSync(root, { recursive: true, force: true }));
const run = (...args: string[]) => inProcess(args, { cwd: root });

// 1hpv of the sample, with its mol2 cut after 1500 bytes (mid atom section).
const bad = join(root, 'bad');
mkdirSync(join(bad, '1hpv'), { recursive: true });
for (const f of ['1hpv_ligand.sdf', '1hpv_pocket.pdb']) copyFileSync(join(SAMPLE, 'pdbbind/1hpv', f), join(bad, '1hpv', f));
writeFileSync(join(bad, '1hpv', '1hpv_ligand.mol2'), readFileSync(join(SAMPLE, 'pdbbind/1hpv/1hpv_ligand.mol2')).subarray(0, 1500));

test('a truncated mol2 beside a good SDF: ingest reads the SDF and says so on screen', async () => {
  const out = join(root, 'out-bad');
  const r = await run('ingest', bad, '--out', out);
  assert.equal(r.status, 0, r.stderr);
  assert.match(r.stderr, /ingest: 1 complex read, 0 rejected/);
  assert.ok(
    r.stderr.includes(
      `ingest: 1 complex changed on reading (the warnings are in ${join(out, 'complexes.jsonl')}): ligand read from the SDF (mol2 unusable; atom names generated) 1: 1hpv\n`,
    ),
    r.stderr,
  );
  const c = JSON.parse(readFileSync(join(out, 'complexes.jsonl'), 'utf8'));
  assert.equal(c.ligand.atomNames, 'generated');
  // The kind is kept in the record (what a resumed generate counts from).
  assert.ok(
    c.warnings.some(
      (w: Diagnostic) => w.kind === 'ligand-from-sdf' && /mol2 unusable .*truncated.*; ligand read from the SDF instead/.test(w.message),
    ),
  );
});

test('a truncated mol2 beside a good SDF: hbonds says so too, with the reason', async () => {
  const r = await run('hbonds', join(bad, '1hpv'));
  assert.equal(r.status, 0, r.stderr);
  assert.match(r.stderr, /^hbonds: 1hpv: mol2 unusable \(.*file truncated.*\); ligand read from the SDF instead$/m);
});

test('the sample entry alone, without its ligands.tsv: the automatic pick is named on screen', async () => {
  mkdirSync(join(root, 'lone-3mht'), { recursive: true });
  copyFileSync(join(SAMPLE, 'pdb-entries/3mht.pdb'), join(root, 'lone-3mht', '3mht.pdb'));
  const r = await run('ingest', join(root, 'lone-3mht'), '--out', join(root, 'out-3mht'));
  assert.equal(r.status, 0, r.stderr);
  assert.match(r.stderr, /1 complex changed on reading \(.*\): .*ligand picked automatically 1: 3mht/);
  const beside = await run('ingest', join(SAMPLE, 'pdb-entries'), '--out', join(root, 'out-3mht-listed'));
  assert.equal(beside.status, 0, beside.stderr);
  assert.doesNotMatch(beside.stderr, /picked automatically/);
});

test('the good sample says nothing changed; a missing partner is a reject named by id', async () => {
  const lone = join(root, 'lone');
  mkdirSync(join(lone, '9zzz'), { recursive: true });
  copyFileSync(join(SAMPLE, 'pdbbind/1hpv/1hpv_pocket.pdb'), join(lone, '9zzz', '9zzz_pocket.pdb'));
  const r = await run('ingest', join(SAMPLE, 'pdbbind'), lone, '--out', join(root, 'out-lone'));
  assert.equal(r.status, 0, r.stderr);
  assert.doesNotMatch(r.stderr, /changed on reading/);
  assert.match(r.stderr, /ingest: 1 reject \(1 discover\) listed in .*rejects\.jsonl; first ids: discover: 9zzz\n/);
});

test('a whole entry with altlocs and no selector: both kinds named', { skip: NEEDS_SHARED }, async () => {
  // Alone in a folder: beside ../shared's ligands.tsv the entry would get its listed selector.
  mkdirSync(join(root, 'lone-entry'), { recursive: true });
  copyFileSync(join(SHARED, 'pdb-entries/1bma.pdb'), join(root, 'lone-entry', '1bma.pdb'));
  const r = await run('ingest', join(root, 'lone-entry', '1bma.pdb'), '--out', join(root, 'out-1bma'));
  assert.equal(r.status, 0, r.stderr);
  assert.match(r.stderr, /1 complex changed on reading \(.*\): ligand picked automatically 1: 1bma; alternate locations chosen 1: 1bma\n/);
});

// Each kind, made by the reader that makes it, from the bundled sample edited the way real
// files go wrong: the kind is set on the warning itself (the summary never reads the words).
const pocketText = readFileSync(join(SAMPLE, 'pdbbind/1hpv/1hpv_pocket.pdb'), 'utf8');
const mol2Text = readFileSync(join(SAMPLE, 'pdbbind/1hpv/1hpv_ligand.mol2'), 'utf8');
const sdfText = readFileSync(join(SAMPLE, 'pdbbind/1hpv/1hpv_ligand.sdf'), 'utf8');
const isAtom = (l: string) => l.startsWith('ATOM  ') || l.startsWith('HETATM');
/** The pocket with `edit` applied to the atom lines of residue `name number` of chain A. */
function editResidue(name: string, num: number, edit: (lines: string[]) => string[]): string {
  const lines = pocketText.split('\n');
  const at = lines
    .map((l, i) => (isAtom(l) && l.slice(17, 20) === name && l[21] === 'A' && Number(l.slice(22, 26)) === num ? i : -1))
    .filter((i) => i >= 0);
  assert.ok(at.length > 0, `no ${name} A ${num} in the sample pocket`);
  const edited = edit(at.map((i) => lines[i]));
  return [...lines.slice(0, at[0]), ...edited, ...lines.slice(at[at.length - 1] + 1)].join('\n');
}
/** An atom line with alternate location `alt`, occupancy `occ` (and optionally another residue name). */
const alt = (l: string, loc: string, occ: number, res = l.slice(17, 20)) =>
  l.slice(0, 16) + loc + res + l.slice(20, 54) + occ.toFixed(2).padStart(6) + l.slice(60);
/** The mol2 with the atom and bond lines changed by `atom` and `bond` (fields split on blanks). */
function editMol2(atom: (f: string[]) => string[], bond: (f: string[]) => string[]): string {
  let section = '';
  return mol2Text
    .split('\n')
    .map((l) => {
      if (l.startsWith('@<TRIPOS>')) section = l;
      else if (l.trim() && section === '@<TRIPOS>ATOM') return ' ' + atom(l.trim().split(/\s+/)).join(' ');
      else if (l.trim() && section === '@<TRIPOS>BOND') return ' ' + bond(l.trim().split(/\s+/)).join(' ');
      return l;
    })
    .join('\n');
}
const same = (f: string[]) => f;

test('each kind is set by the reader that makes the warning, and counted by it alone', async () => {
  const dir = join(root, 'kinds');
  const folder = (id: string, files: { mol2?: string; pocket?: string }) => {
    mkdirSync(join(dir, id), { recursive: true });
    writeFileSync(join(dir, id, `${id}_ligand.mol2`), files.mol2 ?? mol2Text);
    writeFileSync(join(dir, id, `${id}_ligand.sdf`), sdfText);
    writeFileSync(join(dir, id, `${id}_pocket.pdb`), files.pocket ?? pocketText);
  };
  // The mol2 cut mid atom section: read from the SDF.
  folder('k-sdf', { mol2: mol2Text.slice(0, 1500) });
  // Every bond triple: the mol2 reads, RDKit cannot make a molecule of it, the SDF's orders are taken.
  folder('k-orders', { mol2: editMol2(same, (f) => [f[0], f[1], f[2], '3']) });
  // Atom 2 named as atom 1 in the mol2; in the pocket, ARG 8's CD named CG and its HB3 named
  // HB2 (no altloc). Both renames are warned about; only the heavy atom's is a change (a
  // hydrogen is neither drawn nor named in an answer).
  const renamedInArg8: Record<string, string> = { ' CD ': ' CG ', ' HB3': ' HB2' };
  folder('k-names', {
    mol2: editMol2((f) => (f[0] === '2' ? [f[0], 'C1', ...f.slice(2)] : f), same),
    pocket: editResidue('ARG', 8, (ls) =>
      ls.map((l) => (renamedInArg8[l.slice(12, 16)] ? l.slice(0, 12) + renamedInArg8[l.slice(12, 16)] + l.slice(16) : l)),
    ),
  });
  // ARG 8's CA at two places (A 0.6, B 0.4); PRO 9 in two versions, PRO (A 0.6) and ALA (B 0.4).
  folder('k-altlocs', {
    pocket: editResidue('PRO', 9, (ls) => [
      ...ls.map((l) => alt(l, 'A', 0.6)),
      ...ls.filter((l) => ['N', 'CA', 'C', 'O', 'CB'].includes(l.slice(12, 16).trim())).map((l) => alt(l, 'B', 0.4, 'ALA')),
    ]).replace(
      /^(ATOM {2}.{6} CA  )ARG A {3}8(.{28}).{6}(.*)$/m,
      (_, head, mid, tail) => `${head.slice(0, 16)}AARG A   8${mid}  0.60${tail}\n${head.slice(0, 16)}BARG A   8${mid}  0.40${tail}`,
    ),
  });
  // The entry alone, without its ligands.tsv: picked by the largest-group rule.
  mkdirSync(join(dir, 'k-picked'));
  copyFileSync(join(SAMPLE, 'pdb-entries/3mht.pdb'), join(dir, 'k-picked', '3mht.pdb'));
  const { complexes, rejects } = await ingest([dir]);
  assert.deepEqual(rejects, []);
  const kinds = (id: string) =>
    [
      ...new Set(
        complexes
          .find((c) => c.id === id)!
          .warnings.filter((w) => w.kind)
          .map((w) => w.kind),
      ),
    ].sort();
  assert.deepEqual(
    complexes.map((c) => c.id),
    ['3mht', 'k-altlocs', 'k-names', 'k-orders', 'k-sdf'],
  );
  assert.deepEqual(kinds('k-sdf'), ['ligand-from-sdf']);
  assert.deepEqual(kinds('k-orders'), ['bond-orders-from-sdf']);
  assert.deepEqual(kinds('k-names'), ['atoms-renamed']);
  assert.deepEqual(kinds('k-altlocs'), ['altlocs-chosen']);
  assert.deepEqual(kinds('3mht'), ['ligand-picked']);
  // Each made where expected: the words for people are those the readers always wrote.
  const marked = complexes.flatMap((c) => c.warnings.filter((w) => w.kind).map((w) => `${c.id} ${w.kind}: ${w.message}`));
  for (const words of [
    /^k-sdf ligand-from-sdf: mol2 unusable \(.*\); ligand read from the SDF instead$/,
    /^k-orders bond-orders-from-sdf: RDKit could not read the mol2 bond orders; SMILES, charges and aromaticity taken from the SDF of the same ligand$/,
    /^k-names atoms-renamed: duplicate ligand atom names made unique: C1 -> C1_2$/,
    /^k-names atoms-renamed: atom name CG repeats in residue ARG 8; renamed CG_\d+$/,
    /^k-altlocs altlocs-chosen: alternate locations in ARG 8 chain 'A': kept the highest occupancy per atom \(A\)$/,
    /^k-altlocs altlocs-chosen: residue ALA 9 chain 'A' has two versions; kept PRO \(higher occupancy\)$/,
    /^3mht ligand-picked: ligand SAH:A:328 picked automatically: /,
  ])
    assert.equal(marked.filter((m) => words.test(m)).length, 1, `${words} in:\n${marked.join('\n')}`);
  const hydrogen = complexes
    .find((c) => c.id === 'k-names')!
    .warnings.filter((w) => /atom name HB2 repeats in residue ARG 8; renamed HB2_\d+$/.test(w.message));
  assert.equal(hydrogen.length, 1, 'the renamed hydrogen is warned about');
  assert.equal(hydrogen[0].kind, undefined, 'a renamed hydrogen is no change');
  // The complex's own other warnings carry no kind (an element guessed, SDF atom names made up...).
  assert.ok(complexes.every((c) => c.warnings.every((w) => w.kind || changeKind(w) === null)));
  const changes = new ContentChanges();
  for (const c of complexes) changes.add(c.id, c.warnings);
  assert.equal(
    changes.summary('here'),
    '5 complexes changed on reading (the warnings are in here): ligand read from the SDF (mol2 unusable; atom names generated) 1: k-sdf; bond orders taken from the SDF 1: k-orders; ligand picked automatically 1: 3mht; atoms renamed 1: k-names; alternate locations chosen 1: k-altlocs',
  );
});

test('the summary counts by kind alone: the same words without a kind are not counted; ids listed first five', async () => {
  const changes = new ContentChanges();
  const renamed: Diagnostic = { file: 'x.mol2', message: 'duplicate ligand atom names made unique: N -> N_2', kind: 'atoms-renamed' };
  for (const id of ['e', 'd', 'c', 'b', 'a']) changes.add(id, [renamed]);
  // Words alone (an older record, or another message that happens to say the same) count for nothing.
  changes.add('f', [{ file: 'x', message: "alternate locations in ARG 8 chain 'A': kept the highest occupancy per atom (A)" }]);
  changes.add('g', [{ file: 'x', message: 'pocket cut from the protein: 57 residues within 10 A of the ligand' }]);
  // A kind this version does not know (written by a later one) is left out, not a crash.
  changes.add('h', [{ file: 'x', message: 'm', kind: 'toString' as Diagnostic['kind'] }]);
  assert.equal(changes.summary('here'), '5 complexes changed on reading (the warnings are in here): atoms renamed 5: a, b, c and 2 more');
});
