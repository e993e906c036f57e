// mmCIF entry facts (id, initial release date, resolution, method) from the categories as the
// wwPDB writes them: key-value items, loops, values on the next line and `;` text fields; and
// the reader on an archive-like entry (multi-character chains, many atoms, several models).

import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import { chooseLigand } from '../../structures/ligand-of-interest.ts';
import { readMmcifEntry } from '../../structures/mmcif-entry-info.ts';
import { parseMmcif } from '../../structures/read-mmcif.ts';
import { formatSelector } from '../../structures/residue-kinds.ts';
import { NO_GEMMI, sampleMmcif } from '../pipeline/fake-archive.ts';

const HEAD = `data_1ABC
#
_entry.id   1ABC
#
_struct.title
;A title on several lines
_refine.ls_d_res_high 9.99 (inside a text field: not read)
;
#
loop_
_exptl.entry_id
_exptl.method
_exptl.crystals_number
1ABC 'X-RAY DIFFRACTION' 1
1ABC 'NEUTRON DIFFRACTION' ?
#
_pdbx_database_status.recvd_initial_deposition_date 2001-02-03
#
_refine.entry_id 1ABC
_refine.ls_d_res_high
1.85
_reflns.d_resolution_high 1.80
#
`;

const TAIL = `loop_
_atom_site.group_PDB
_atom_site.id
ATOM 1
#
loop_
_pdbx_audit_revision_history.ordinal
_pdbx_audit_revision_history.data_content_type
_pdbx_audit_revision_history.major_revision
_pdbx_audit_revision_history.minor_revision
_pdbx_audit_revision_history.revision_date
1 'Structure model' 1 0 2002-05-06
2 'Structure model' 1 1 2011-07-13
#
`;

test('entry id, initial release date, resolution of the refinement, joint methods', () => {
  const { id, info } = readMmcifEntry(HEAD + TAIL);
  assert.equal(id, '1ABC');
  assert.deepEqual(info, {
    releaseDate: '2002-05-06',
    releaseDateSource: 'mmcif _pdbx_audit_revision_history',
    resolution: 1.85,
    method: 'X-RAY DIFFRACTION; NEUTRON DIFFRACTION',
  });
});

test('older files: _database_PDB_rev number 1; NMR: no resolution; nothing stated: nothing recorded', () => {
  const old = `data_2XYZ\n_entry.id 2XYZ\n_exptl.method 'SOLUTION NMR'\nloop_\n_database_PDB_rev.num\n_database_PDB_rev.date\n_database_PDB_rev.date_original\n2 1999-01-01 ?\n1 1997-03-04 1996-10-10\n#\n`;
  assert.deepEqual(readMmcifEntry(old).info, {
    releaseDate: '1997-03-04',
    releaseDateSource: 'mmcif _database_PDB_rev',
    method: 'SOLUTION NMR',
  });
  assert.deepEqual(readMmcifEntry('data_x\n_refine.ls_d_res_high ?\n').info, {});
  // Only the first data block counts.
  assert.equal(readMmcifEntry('data_a\n_entry.id A\ndata_b\n_entry.id B\n').id, 'A');
});

// The archive's entries as the mmCIF reader meets them: the sample entry written by gemmi
// (no group_PDB column), its chain A renamed to a two-character chain, atom serials past
// 99,999, and a second model appended.

test('gemmi mmCIF: hetero groups from _entity, multi-character chains, serials past 99,999, first model only', { skip: NO_GEMMI }, () => {
  const cif = sampleMmcif();
  // gemmi's columns end: ... auth_seq_id auth_asym_id pdbx_PDB_model_num.
  const rows = cif.split('\n');
  const first = rows.findIndex((l) => /^\d+ /.test(l) && l.split(' ').length > 15);
  const renamed = rows.map((l, i) =>
    i >= first && /^\d+ /.test(l) && / A 1$/.test(l) ? l.replace(/^\d+/, (n) => String(Number(n) + 100000)).replace(/ A 1$/, ' AB 1') : l,
  );
  const atomRows = renamed.filter((l, i) => i >= first && / (AB|C|D) 1$/.test(l));
  const lastAtom = renamed.lastIndexOf(atomRows[atomRows.length - 1]);
  const model2 = atomRows.slice(0, 5).map((l) => l.replace(/ 1$/, ' 2'));
  const text = [...renamed.slice(0, lastAtom + 1), ...model2, ...renamed.slice(lastAtom + 1)].join('\n');
  const rec = parseMmcif(text, '3mht.cif');
  assert.deepEqual(rec.errors, []);
  assert.ok(rec.warnings.some((w) => /several models; only the first/.test(w.message)));
  const sah = rec.residues.find((r) => r.name === 'SAH')!;
  assert.deepEqual([sah.chain, sah.number, sah.hetero], ['AB', 328, true]);
  assert.ok(sah.atoms[0].serial > 99999);
  const choice = chooseLigand(rec.residues, { name: 'SAH' });
  assert.ok(typeof choice !== 'string');
  assert.equal(formatSelector(choice.residue), 'SAH:AB:328');
  // The same atoms as the PDB file, model 2 left out.
  const pdbAtoms = readFileSync(new URL('../../structures/sample/pdb-entries/3mht.pdb', import.meta.url), 'utf8')
    .split('\n')
    .filter((l) => /^(ATOM|HETATM)/.test(l)).length;
  assert.equal(
    rec.residues.reduce((n, r) => n + r.atoms.length, 0),
    pdbAtoms,
  );
});
