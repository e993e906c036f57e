// A ligands.tsv beside whole entries is read without flags (as `misi-gen fetch` writes it):
// full selectors, residue names (the ligand-of-interest rule), peptides (rejected with the
// chain named), gzipped entries; an explicit --ligands still comes first.

import assert from 'node:assert/strict';
import { copyFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, test } from 'node:test';
import { gzipSync } from 'node:zlib';
import { ingest } from '../../structures/ingest.ts';
import { SAMPLE } from '../shared-structures.ts';

const dir = mkdtempSync(join(tmpdir(), 'misi-beside-'));
after(() => rmSync(dir, { recursive: true, force: true }));
const PDB = join(SAMPLE, 'pdb-entries/3mht.pdb');

test('selectors, names and peptides from the ligands.tsv beside the entries', async () => {
  copyFileSync(PDB, join(dir, 'aaaa.pdb'));
  writeFileSync(join(dir, 'bbbb.pdb.gz'), gzipSync(readFileSync(PDB)));
  copyFileSync(PDB, join(dir, 'cccc.pdb'));
  copyFileSync(PDB, join(dir, 'dddd.pdb'));
  writeFileSync(join(dir, 'ligands.tsv'), 'entry\tligand\trule\naaaa\tSAH:A:328\tlargest-group\nbbbb\tsah\ncccc\t5-mer\n');
  const { complexes, rejects } = await ingest([dir]);
  assert.deepEqual(
    complexes.map((c) => [c.id, c.ligand.name, c.ligand.chain, c.ligand.number]),
    [
      ['aaaa', 'SAH', 'A', 328],
      ['bbbb', 'SAH', 'A', 328],
      ['dddd', 'SAH', 'A', 328],
    ],
  );
  const say = (id: string) =>
    complexes
      .find((c) => c.id === id)!
      .warnings.map((w) => w.message)
      .join(' | ');
  assert.doesNotMatch(say('aaaa'), /chosen|picked/);
  assert.match(say('bbbb'), /chosen by residue name SAH: the only instance/);
  assert.match(say('dddd'), /picked automatically: the largest non-polymer/);
  // The gzipped copy is the same structure: same sha256 (of the text) as the plain file.
  assert.equal(complexes[1].sources[0].sha256, complexes[0].sources[0].sha256);
  assert.deepEqual(
    rejects.map((r) => [r.id, r.stage]),
    [['cccc', 'select-ligand']],
  );
  assert.match(rejects[0].reason, /peptide ligand \(5-mer\): no polymer chain of 5 residues/);
  // An explicit ligands file wins over the one beside the entries.
  const other = join(dir, 'other.tsv');
  writeFileSync(other, 'cccc\tSAH:A:328\n');
  const explicit = await ingest([join(dir, 'cccc.pdb')], { ligandsFile: other });
  assert.deepEqual(
    explicit.complexes.map((c) => c.id),
    ['cccc'],
  );
});

test('a bad ligands.tsv beside entries rejects those entries with its line, the run goes on', async () => {
  const bad = mkdtempSync(join(dir, 'bad-'));
  copyFileSync(PDB, join(bad, 'eeee.pdb'));
  writeFileSync(join(bad, 'ligands.tsv'), 'entry\tligand\neeee\tSAH:A\n');
  const { complexes, rejects } = await ingest([bad]);
  assert.equal(complexes.length, 0);
  assert.deepEqual(
    rejects.map((r) => [r.id, r.stage]),
    [['eeee', 'select-ligand']],
  );
  assert.match(rejects[0].reason, /ligands\.tsv line 2: ligand 'SAH:A' is neither/);
});
