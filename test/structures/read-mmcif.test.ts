// mmCIF: the sample entry written as mmCIF by this test (a minimal _atom_site writer of its
// own) must read to the same residues and atoms as the PDB file it came from.

import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { parseMmcif, tokenizeCifLine } from '../../structures/read-mmcif.ts';
import { parsePdb } from '../../structures/read-pdb.ts';
import { SAMPLE } from '../shared-structures.ts';

const PDB = join(SAMPLE, 'pdb-entries/3mht.pdb');

function pdbToCif(text: string): string {
  const cols = [
    'group_PDB',
    'id',
    'type_symbol',
    'label_atom_id',
    'label_alt_id',
    'label_comp_id',
    'auth_asym_id',
    'auth_seq_id',
    'pdbx_PDB_ins_code',
    'Cartn_x',
    'Cartn_y',
    'Cartn_z',
    'occupancy',
    'pdbx_PDB_model_num',
  ];
  const out = ['data_3MHT', '#', 'loop_', ...cols.map((c) => `_atom_site.${c}`)];
  for (const l of text.split('\n')) {
    if (!/^(ATOM  |HETATM)/.test(l)) continue;
    const v = (s: string) => (s.trim() === '' ? '.' : s.trim());
    const name = l.slice(12, 16).trim();
    out.push(
      [
        l.slice(0, 6).trim(),
        l.slice(6, 11).trim(),
        l.slice(76, 78).trim(),
        name.includes("'") ? `"${name}"` : name,
        v(l[16]),
        l.slice(17, 20).trim(),
        v(l[21]),
        l.slice(22, 26).trim(),
        v(l[26] ?? ' '),
        l.slice(30, 38).trim(),
        l.slice(38, 46).trim(),
        l.slice(46, 54).trim(),
        l.slice(54, 60).trim(),
        '1',
      ].join(' '),
    );
  }
  return [...out, '#', ''].join('\n');
}

test('CIF tokens: bare words and quoted strings holding spaces or quotes', () => {
  assert.deepEqual(tokenizeCifLine(`ATOM 1 C "C1'" 'a b' x # comment`), ['ATOM', '1', 'C', "C1'", 'a b', 'x']);
});

test('an mmCIF copy of the sample entry reads like the PDB file', () => {
  const text = readFileSync(PDB, 'utf8');
  const fromPdb = parsePdb(text, PDB);
  const fromCif = parseMmcif(pdbToCif(text), '3mht.cif');
  assert.deepEqual(fromCif.errors, []);
  const key = (r: {
    chain: string;
    name: string;
    number: number;
    insertionCode: string;
    atoms: { name: string; element: string; xyz: number[] }[];
  }) => [r.chain, r.name, r.number, r.insertionCode, r.atoms.map((a) => [a.name, a.element, a.xyz])];
  assert.ok(fromPdb.residues.length > 100);
  assert.deepEqual(fromCif.residues.map(key), fromPdb.residues.map(key));
});

test('a truncated _atom_site row is an error', () => {
  const cif = pdbToCif(readFileSync(PDB, 'utf8'));
  const cut = cif.slice(0, cif.lastIndexOf('\n#') - 30);
  const rec = parseMmcif(cut, 'cut.cif');
  assert.ok(
    rec.errors.some((e) => /incomplete|not numbers|cut mid-line/.test(e.message)),
    JSON.stringify(rec.errors),
  );
});
