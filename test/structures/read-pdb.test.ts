import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { parsePdb } from '../../structures/read-pdb.ts';
import { NEEDS_SHARED, SAMPLE, SHARED } from '../shared-structures.ts';

const atomLines = (text: string) => text.split('\n').filter((l) => /^(ATOM  |HETATM)/.test(l));

test('sample pocket: every atom record is read, hydrogens flagged, waters kept', () => {
  const path = join(SAMPLE, 'pdbbind/1hpv/1hpv_pocket.pdb');
  const text = readFileSync(path, 'utf8');
  const rec = parsePdb(text, path);
  assert.deepEqual(rec.errors, []);
  const lines = atomLines(text);
  const atoms = rec.residues.flatMap((r) => r.atoms);
  assert.equal(atoms.length, lines.length);
  const hLines = lines.filter((l) => l.slice(76, 78).trim() === 'H').length;
  assert.ok(hLines > 0);
  assert.equal(atoms.filter((a) => a.isHydrogen).length, hLines);
  const waterLines = lines.filter((l) => l.slice(17, 20) === 'HOH').length;
  assert.equal(
    rec.residues.filter((r) => r.name === 'HOH').reduce((s, r) => s + r.atoms.length, 0),
    waterLines,
  );
});

test('elements are inferred from atom names when columns 77-78 are blank, and that is said', () => {
  const text = [
    'ATOM      1  CA  ARG A   8      26.411  23.971   5.899  1.00 21.72',
    'ATOM      2  HD21ASN A   9      26.411  23.971   6.899  1.00 21.72',
    'HETATM    3 FE   HEM A 200      20.000  20.000  20.000  1.00 10.00',
    'HETATM    4  CA  CA  A 300      10.000  10.000  10.000  1.00 10.00',
    'HETATM    5 CL1  LIG A 400      12.000  10.000  10.000  1.00 10.00',
  ].join('\n');
  const rec = parsePdb(text, 'x.pdb');
  const els = rec.residues.flatMap((r) => r.atoms.map((a) => a.element));
  assert.deepEqual(els, ['C', 'H', 'Fe', 'C', 'Cl']);
  assert.ok(rec.warnings.some((w) => /inferred from the atom name/.test(w.message)));
});

test('only the first model is read', () => {
  const a = 'ATOM      1  N   GLY A   1       1.000   1.000   1.000  1.00  0.00           N';
  const text = ['MODEL        1', a, 'ENDMDL', 'MODEL        2', a.replace('1.000   1.000', '5.000   5.000'), 'ENDMDL'].join('\n');
  const rec = parsePdb(text, 'm.pdb');
  assert.equal(rec.residues.flatMap((r) => r.atoms).length, 1);
  assert.deepEqual(rec.residues[0].atoms[0].xyz, [1, 1, 1]);
  assert.ok(rec.warnings.some((w) => /first/.test(w.message)));
});

test('alternate locations keep the highest occupancy (tie: first) and are recorded', () => {
  const l = (alt: string, occ: string, x: string) => `ATOM      1  OG ${alt}SER A  10    ${x}   1.000   1.000  ${occ}  0.00           O`;
  const rec = parsePdb(
    [l('A', '0.40', '  1.000'), l('B', '0.60', '  2.000'), l(' ', '1.00', '  3.000').replace(' OG ', ' CB ')].join('\n'),
    'alt.pdb',
  );
  const og = rec.residues[0].atoms.find((a) => a.name === 'OG')!;
  assert.equal(og.altLoc, 'B');
  assert.equal(og.xyz[0], 2);
  const tie = parsePdb([l('A', '0.50', '  1.000'), l('B', '0.50', '  2.000')].join('\n'), 'tie.pdb');
  assert.equal(tie.residues[0].atoms[0].altLoc, 'A');
  assert.ok(rec.warnings.some((w) => /alternate locations/.test(w.message) && w.line === 1));
});

test('insertion codes stay in residue identity; a blank chain stays blank', () => {
  const text = [
    'ATOM      1  CA  ASP A 227       1.000   1.000   1.000  1.00  0.00           C',
    'ATOM      2  CA  ASP A 227A      4.000   1.000   1.000  1.00  0.00           C',
    'ATOM      3  CA  GLY     5       7.000   1.000   1.000  1.00  0.00           C',
  ].join('\n');
  const rec = parsePdb(text, 'i.pdb');
  assert.deepEqual(
    rec.residues.map((r) => [r.chain, r.number, r.insertionCode]),
    [
      ['A', 227, ''],
      ['A', 227, 'A'],
      ['', 5, ''],
    ],
  );
});

test('bad coordinates and truncated records are errors with their line', () => {
  const good = 'ATOM      1  CA  GLY A   1       1.000   1.000   1.000  1.00  0.00           C';
  const nan = parsePdb([good, good.replace('1.000   1.000   1.000', '1.000   abcde   1.000')].join('\n'), 'n.pdb');
  assert.equal(nan.errors[0].line, 2);
  assert.match(nan.errors[0].message, /not numbers/);
  const huge = parsePdb(good.replace('   1.000   1.000   1.000', '99999.00   1.000   1.000'), 'h.pdb');
  assert.match(huge.errors[0].message, /absurdly large/);
  const cut = parsePdb(good.slice(0, 40), 'c.pdb');
  assert.match(cut.errors[0].message, /truncated/);
});

test('every PDBbind pocket of ../shared parses without errors, atom count equal to its records', { skip: NEEDS_SHARED }, () => {
  const dir = join(SHARED, 'pdbbind');
  for (const id of readdirSync(dir).sort()) {
    const path = join(dir, id, `${id}_pocket.pdb`);
    const text = readFileSync(path, 'utf8');
    const rec = parsePdb(text, path);
    assert.deepEqual(rec.errors, [], id);
    const lines = atomLines(text);
    const altDupes = lines.filter((l) => l[16] !== ' ' && l[16] !== 'A').length;
    const n = rec.residues.reduce((s, r) => s + r.atoms.length, 0);
    assert.ok(n <= lines.length && n >= lines.length - altDupes, `${id}: ${n} atoms from ${lines.length} records`);
  }
});
