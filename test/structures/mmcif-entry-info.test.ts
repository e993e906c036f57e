// mmCIF entry facts (id, initial release date, resolution, method) from the categories as the
// wwPDB writes them: key-value items, loops, values on the next line and `;` text fields.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readMmcifEntry } from '../../structures/mmcif-entry-info.ts';

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
  assert.deepEqual(info, { releaseDate: '2002-05-06', releaseDateSource: 'mmcif _pdbx_audit_revision_history', resolution: 1.85, method: 'X-RAY DIFFRACTION; NEUTRON DIFFRACTION' });
});

test('older files: _database_PDB_rev number 1; NMR: no resolution; nothing stated: nothing recorded', () => {
  const old = `data_2XYZ\n_entry.id 2XYZ\n_exptl.method 'SOLUTION NMR'\nloop_\n_database_PDB_rev.num\n_database_PDB_rev.date\n_database_PDB_rev.date_original\n2 1999-01-01 ?\n1 1997-03-04 1996-10-10\n#\n`;
  assert.deepEqual(readMmcifEntry(old).info, { releaseDate: '1997-03-04', releaseDateSource: 'mmcif _database_PDB_rev', method: 'SOLUTION NMR' });
  assert.deepEqual(readMmcifEntry('data_x\n_refine.ls_d_res_high ?\n').info, {});
  // Only the first data block counts.
  assert.equal(readMmcifEntry('data_a\n_entry.id A\ndata_b\n_entry.id B\n').id, 'A');
});
