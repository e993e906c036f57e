// The hand-made bad mmCIF and mol2 files of test/fixtures/strict-readers, read by `misi-gen
// ingest` as a user would: each becomes one reject naming its file, the line of the fault and
// the reason in the PDB reader's words; the same lone-pair molecule without the bad bond line
// is read. The lines and reasons below are the fixture README's, written by hand.

import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { REPO, SAMPLE } from '../shared-structures.ts';
import { CURRENT_CLI } from '../spawn-cli.ts';

const FIXTURES = join(REPO, 'test/fixtures/strict-readers');
const POCKET = join(SAMPLE, 'pdbbind/1hpv/1hpv_pocket.pdb');

interface Expected {
  file: string;
  line: number;
  reason: string;
}
const ENTRIES: Record<string, Expected> = {
  'cif-residue-number': {
    file: 'cif-residue-number.cif',
    line: 26,
    reason: "residue number '32B8' is not a whole number (_atom_site.auth_seq_id)",
  },
  'cif-occupancy': { file: 'cif-occupancy.cif', line: 22, reason: "occupancy '1,00' is not a number (_atom_site.occupancy)" },
  'cif-charge': { file: 'cif-charge.cif', line: 25, reason: "formal charge 'plus' is not a whole number (_atom_site.pdbx_formal_charge)" },
};
const LIGANDS: Record<string, Expected> = {
  'mol2-bond-after-lone-pair': {
    file: 'mol2-bond-after-lone-pair.mol2',
    line: 25,
    reason: "bond line does not join two atoms of the file: '9     5    99 1'",
  },
  'mol2-charge': { file: 'mol2-charge.mol2', line: 10, reason: "charge '0,0000' is not a number (field 9)" },
  'mol2-residue-number': { file: 'mol2-residue-number.mol2', line: 11, reason: "substructure id 'A1' is not a whole number (field 7)" },
};

test('bad mmCIF and mol2 files are rejected by ingest with file, line and reason; the good lone-pair molecule is read', () => {
  const root = mkdtempSync(join(tmpdir(), 'misi-strict-'));
  try {
    const inputs = join(root, 'in');
    const paths: Record<string, string> = {};
    for (const [id, e] of Object.entries(ENTRIES)) {
      mkdirSync(join(inputs, id), { recursive: true });
      copyFileSync(join(FIXTURES, e.file), (paths[id] = join(inputs, id, e.file)));
    }
    // PDBbind folders: the 1HPV pocket beside each hand-made ligand.
    for (const [id, file] of [
      ...Object.entries(LIGANDS).map(([id, e]) => [id, e.file]),
      ['mol2-lone-pair-good', 'mol2-lone-pair-good.mol2'],
    ]) {
      const dir = join(inputs, id);
      mkdirSync(dir, { recursive: true });
      copyFileSync(POCKET, join(dir, `${id}_pocket.pdb`));
      copyFileSync(join(FIXTURES, file), (paths[id] = join(dir, `${id}_ligand.mol2`)));
    }
    const ligands = join(root, 'ligands.tsv');
    writeFileSync(
      ligands,
      Object.keys(ENTRIES)
        .map((id) => `${id}\tSAH:A:328\n`)
        .join(''),
    );
    const out = join(root, 'out');
    const r = spawnSync(process.execPath, [CURRENT_CLI, 'ingest', inputs, '--ligands', ligands, '--out', out], {
      cwd: REPO,
      encoding: 'utf8',
    });
    assert.equal(r.status, 0, r.stderr);
    const rejects = readFileSync(join(out, 'rejects.jsonl'), 'utf8')
      .split('\n')
      .filter(Boolean)
      .map((l) => JSON.parse(l));
    const byId = new Map(rejects.map((x) => [x.id, x]));
    for (const [id, e] of [...Object.entries(ENTRIES), ...Object.entries(LIGANDS)]) {
      const x = byId.get(id);
      assert.ok(x, `${id} was not rejected (rejects: ${JSON.stringify(rejects)})`);
      assert.equal(x.path, paths[id], id);
      assert.equal(x.stage, id.startsWith('cif') ? 'read-entry' : 'read-ligand', id);
      assert.equal(x.reason, `line ${e.line}: ${e.reason}`, id);
      assert.equal(x.internal, undefined, id);
      // The terminal names the same file and reason.
      assert.ok(r.stderr.includes(e.reason), `${id}: stderr does not give the reason\n${r.stderr}`);
    }
    assert.equal(rejects.length, Object.keys(ENTRIES).length + Object.keys(LIGANDS).length, JSON.stringify(rejects));
    const complexes = readFileSync(join(out, 'complexes.jsonl'), 'utf8')
      .split('\n')
      .filter(Boolean)
      .map((l) => JSON.parse(l));
    assert.deepEqual(
      complexes.map((c) => c.id),
      ['mol2-lone-pair-good'],
    );
    assert.equal(complexes[0].ligand.atoms.length, 7, 'the lone pair is left out, the seven heavy atoms kept');
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
});
