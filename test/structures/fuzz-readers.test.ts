// Seeded fuzzing of the three structure readers (PDB, mmCIF, mol2) on real files: the bundled
// sample and, when present, files of ../shared. Each case changes one line of a real file: a
// numeric field replaced by a non-number, a line cut short, a field or column deleted, a
// lone pair made before a bad bond line. Every reader must return its typed record (never
// throw), every diagnostic must name the file (and errors their line), no atom may carry NaN,
// and a numeric field that was made a non-number must be an error on that line naming the
// field (never NaN, never a silent 0), in the same words in PDB and mmCIF.

import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import seedrandom from 'seedrandom';
import type { Diagnostic } from '../../structures/model.ts';
import { parseMmcif } from '../../structures/read-mmcif.ts';
import { type Mol2Record, parseMol2 } from '../../structures/read-mol2.ts';
import { parsePdb, type StructureRecord } from '../../structures/read-pdb.ts';
import { HAVE_SHARED, SAMPLE, SHARED } from '../shared-structures.ts';

const rng = seedrandom('fuzz-readers');
const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rng() * xs.length)];
const CASES_PER_FILE = 12;

/** Texts that are not numbers (nor blank, nor hybrid-36, nor a shifted residue number). */
const NOT_NUMBERS = ['x', 'NaN', 'n/a', '1,5', '--', 'inf', 'one', '1.2.3', '+-1', '0x1G', '12A'];

function sources(kind: 'pdb' | 'mol2'): Array<{ name: string; text: string }> {
  const files =
    kind === 'pdb'
      ? [
          join(SAMPLE, 'pdb-entries/3mht.pdb'),
          join(SAMPLE, 'pdbbind/1hpv/1hpv_pocket.pdb'),
          join(SAMPLE, 'protein-ligand/1pgp/1pgp_protein.pdb'),
        ]
      : [join(SAMPLE, 'pdbbind/1hpv/1hpv_ligand.mol2')];
  if (HAVE_SHARED) {
    const ids = readdirSync(join(SHARED, 'pdbbind')).sort();
    for (let k = 0; k < 3; k++) {
      const id = pick(ids);
      const file = join(SHARED, 'pdbbind', id, kind === 'pdb' ? `${id}_pocket.pdb` : `${id}_ligand.mol2`);
      try {
        readFileSync(file);
        files.push(file);
      } catch {
        /* this complex has no such file */
      }
    }
    if (kind === 'pdb') {
      const entries = readdirSync(join(SHARED, 'pdb-entries'))
        .filter((f) => f.endsWith('.pdb'))
        .sort();
      for (const f of ['2ndo.pdb', pick(entries), pick(entries)]) if (entries.includes(f)) files.push(join(SHARED, 'pdb-entries', f));
    }
  }
  return files.map((f) => ({ name: f, text: readFileSync(f, 'latin1') }));
}

/** Indices of the atom lines of the first model of PDB text. */
function firstModelAtoms(lines: string[]): number[] {
  const out: number[] = [];
  for (let i = 0; i < lines.length; i++) {
    if (lines[i].startsWith('ENDMDL')) break;
    if (/^(ATOM  |HETATM)/.test(lines[i])) out.push(i);
  }
  return out;
}

// This test's own mmCIF writer: one `_atom_site` row per atom of the first model.
const CIF_ITEMS = [
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
  'B_iso_or_equiv',
  'pdbx_formal_charge',
  'pdbx_PDB_model_num',
];
const CIF_HEAD = ['data_FUZZ', '#', 'loop_', ...CIF_ITEMS.map((c) => `_atom_site.${c}`)];
function cifRow(l: string): string[] {
  const v = (s: string | undefined) => (s === undefined || s.trim() === '' ? '.' : s.trim());
  const name = l.slice(12, 16).trim();
  const charge = /^\d[+-]$/.test(l.slice(78, 80)) ? `${l[79] === '-' ? '-' : ''}${l[78]}` : '?';
  return [
    l.slice(0, 6).trim(),
    l.slice(6, 11).trim(),
    l.slice(76, 78).trim() || '?',
    name.includes("'") ? `"${name}"` : name,
    v(l[16]),
    l.slice(17, 20).trim(),
    v(l[21]),
    l.slice(22, 26).trim(),
    v(l[26]),
    l.slice(30, 38).trim(),
    l.slice(38, 46).trim(),
    l.slice(46, 54).trim(),
    v(l.slice(54, 60)),
    v(l.slice(60, 66)),
    charge,
    '1',
  ];
}
const cifText = (rows: string[][]) => [...CIF_HEAD, ...rows.map((r) => r.join(' ')), '#', ''].join('\n');

/** What every record must be, whatever was done to its file. */
function checkRecord(rec: StructureRecord | Mol2Record, file: string, what: string): void {
  const diagnostics: Diagnostic[] = [...rec.errors, ...rec.warnings];
  for (const d of diagnostics) {
    assert.equal(d.file, file, `${what}: a diagnostic names another file: ${JSON.stringify(d)}`);
    assert.ok(
      typeof d.message === 'string' && d.message.length > 10 && !/undefined|\[object/.test(d.message),
      `${what}: ${JSON.stringify(d)}`,
    );
  }
  for (const e of rec.errors) {
    const wholeFile = /^(no _atom_site loop|_atom_site lacks|no @<TRIPOS>MOLECULE)/.test(e.message);
    if (!wholeFile) assert.ok(Number.isInteger(e.line) && e.line! >= 1, `${what}: an error without a line: ${JSON.stringify(e)}`);
  }
  const atoms =
    'residues' in rec
      ? rec.residues.flatMap((r) => r.atoms.map((a) => ({ ...a, residueNumber: r.number })))
      : rec.atoms.map((a) => ({ ...a, residueNumber: a.substructure?.id ?? 0 }));
  for (const a of atoms) {
    const numbers = [...a.xyz, a.occupancy, a.serial, a.residueNumber, a.formalCharge ?? 0];
    assert.ok(numbers.every(Number.isFinite), `${what}: an atom carries a number that is not one: ${JSON.stringify(a)}`);
    assert.ok(Number.isInteger(a.residueNumber) && Number.isInteger(a.formalCharge ?? 0), `${what}: ${JSON.stringify(a)}`);
  }
}

/** The error on `line` that names the field, or a failure. */
function assertFieldError(rec: StructureRecord | Mol2Record, line: number, field: RegExp, what: string): Diagnostic {
  const e = rec.errors.find((d) => d.line === line && field.test(d.message));
  assert.ok(e, `${what}: no error on line ${line} naming the field (errors: ${JSON.stringify(rec.errors.slice(0, 3))})`);
  return e;
}

// Numeric fields of a PDB atom line: [from, to) 0-based columns and the words the error uses.
const PDB_FIELDS = [
  { from: 22, to: 26, words: /^residue number '.*' is not a whole number$/, cif: 'auth_seq_id' },
  { from: 30, to: 38, words: /^coordinates are not numbers/, cif: 'Cartn_x' },
  { from: 46, to: 54, words: /^coordinates are not numbers/, cif: 'Cartn_z' },
  { from: 54, to: 60, words: /^occupancy '.*' is not a number \(columns 55-60\)$/, cif: 'occupancy' },
  { from: 60, to: 66, words: /^B-factor '.*' is not a number \(columns 61-66\)$/, cif: 'B_iso_or_equiv' },
];

test('PDB and mmCIF: a numeric field made a non-number is an error on its line, in the same words in both', () => {
  let cases = 0;
  for (const src of sources('pdb')) {
    const lines = src.text.split('\n');
    const atomAt = firstModelAtoms(lines);
    const rows = atomAt.map((i) => cifRow(lines[i]));
    for (let k = 0; k < CASES_PER_FILE; k++) {
      const n = Math.floor(rng() * atomAt.length);
      const field = pick(PDB_FIELDS);
      const token = pick(NOT_NUMBERS.filter((t) => t.length <= field.to - field.from));
      const what = `${src.name} atom ${n + 1} ${field.cif}='${token}'`;
      const pdbLines = [...lines];
      const l = pdbLines[atomAt[n]].padEnd(66);
      pdbLines[atomAt[n]] = l.slice(0, field.from) + token.padStart(field.to - field.from) + l.slice(field.to);
      const pdb = parsePdb(pdbLines.join('\n'), 'fuzz.pdb');
      checkRecord(pdb, 'fuzz.pdb', `pdb ${what}`);
      const pdbError = assertFieldError(pdb, atomAt[n] + 1, field.words, `pdb ${what}`);
      const cifRows = rows.map((r) => [...r]);
      cifRows[n][CIF_ITEMS.indexOf(field.cif)] = token;
      const cif = parseMmcif(cifText(cifRows), 'fuzz.cif');
      checkRecord(cif, 'fuzz.cif', `mmCIF ${what}`);
      const cifError = assertFieldError(cif, CIF_HEAD.length + n + 1, /./, `mmCIF ${what}`);
      // The same words; only where the field sits differs (columns in PDB, the item in mmCIF).
      const words = (m: string) => m.replace(/ \((columns [\d-]+|_atom_site\.\w+)\)$/, '').replace(/\(.*\)$/, '');
      assert.equal(words(cifError.message), words(pdbError.message), what);
      if (!field.words.source.startsWith('^coordinates'))
        assert.ok(cifError.message.endsWith(`(_atom_site.${field.cif})`), `${what}: ${cifError.message}`);
      cases++;
    }
  }
  assert.ok(cases >= 3 * CASES_PER_FILE);
});

test('mmCIF: a non-numeric formal charge is an error; a row cut short or a value deleted never reads silently', () => {
  for (const src of sources('pdb')) {
    const lines = src.text.split('\n');
    const rows = firstModelAtoms(lines).map((i) => cifRow(lines[i]));
    for (let k = 0; k < CASES_PER_FILE; k++) {
      const n = Math.floor(rng() * rows.length);
      const line = CIF_HEAD.length + n + 1;
      const cifRows = rows.map((r) => [...r]);
      const kind = pick(['charge', 'delete-value', 'cut-line'] as const);
      const what = `${src.name} row ${n + 1} ${kind}`;
      if (kind === 'charge') {
        cifRows[n][CIF_ITEMS.indexOf('pdbx_formal_charge')] = pick(NOT_NUMBERS);
        const rec = parseMmcif(cifText(cifRows), 'fuzz.cif');
        checkRecord(rec, 'fuzz.cif', what);
        assertFieldError(rec, line, /^formal charge '.*' is not a whole number \(_atom_site\.pdbx_formal_charge\)$/, what);
      } else if (kind === 'delete-value') {
        // Every later row shifts by one value: the loop ends one value short.
        cifRows[n].splice(Math.floor(rng() * CIF_ITEMS.length), 1);
        const rec = parseMmcif(cifText(cifRows), 'fuzz.cif');
        checkRecord(rec, 'fuzz.cif', what);
        assert.ok(
          rec.errors.some((e) => /row is incomplete/.test(e.message)),
          `${what}: ${JSON.stringify(rec.errors.slice(0, 3))}`,
        );
      } else {
        // The file ends inside row n, without a line end.
        const text = cifText(cifRows.slice(0, n + 1));
        const lastRow = text.lastIndexOf('\n', text.lastIndexOf('\n#') - 1) + 1;
        const cut = text.slice(0, lastRow + 1 + Math.floor(rng() * (text.lastIndexOf('\n#') - lastRow - 1)));
        const rec = parseMmcif(cut, 'fuzz.cif');
        checkRecord(rec, 'fuzz.cif', what);
        assert.ok(
          rec.errors.some((e) => e.line === line && /cut mid-line|incomplete/.test(e.message)),
          `${what}: ${JSON.stringify(rec.errors.slice(0, 3))}`,
        );
      }
    }
  }
});

test('PDB: lines cut short, columns deleted, charge columns garbled: typed records, located diagnostics, no NaN', () => {
  for (const src of sources('pdb')) {
    const lines = src.text.split('\n');
    const atomAt = firstModelAtoms(lines);
    for (let k = 0; k < CASES_PER_FILE; k++) {
      const i = pick(atomAt);
      const edited = [...lines];
      const kind = pick(['cut-line', 'delete-columns', 'charge'] as const);
      const l = lines[i];
      if (kind === 'cut-line') edited[i] = l.slice(0, Math.floor(rng() * l.length));
      else if (kind === 'delete-columns') {
        const from = Math.floor(rng() * 66);
        edited[i] = l.slice(0, from) + l.slice(from + 1 + Math.floor(rng() * 6));
      } else edited[i] = l.padEnd(78).slice(0, 78) + pick(['x+', '+x', '1', '?', '++']);
      const what = `${src.name} line ${i + 1} ${kind}`;
      const rec = parsePdb(edited.join('\n'), 'fuzz.pdb');
      checkRecord(rec, 'fuzz.pdb', what);
      if (kind === 'charge') {
        // Not rejected (the PDB reader drops an unreadable charge), but never silently.
        assert.ok(
          rec.warnings.some((w) => w.line === i + 1 && /columns 79-80/.test(w.message)),
          `${what}: ${JSON.stringify(rec.warnings)}`,
        );
      }
    }
  }
});

test('mol2: a numeric field made a non-number, a bad bond line after a lone pair, fields deleted: located errors, no NaN', () => {
  let cases = 0;
  for (const src of sources('mol2')) {
    const lines = src.text.split('\n');
    const atomsFrom = lines.findIndex((l) => l.startsWith('@<TRIPOS>ATOM')) + 1;
    const bondsFrom = lines.findIndex((l) => l.startsWith('@<TRIPOS>BOND')) + 1;
    const bondsTo = lines.findIndex((l, i) => i >= bondsFrom && (l.startsWith('@<TRIPOS>') || l.trim() === ''));
    const atomLines = Array.from({ length: bondsFrom - 1 - atomsFrom }, (_, k) => atomsFrom + k).filter((i) => lines[i].trim() !== '');
    const bondLines = Array.from({ length: (bondsTo < 0 ? lines.length : bondsTo) - bondsFrom }, (_, k) => bondsFrom + k).filter(
      (i) => lines[i].trim() !== '',
    );
    const intact = parseMol2(src.text, 'fuzz.mol2');
    assert.deepEqual(intact.errors, [], src.name);
    const fields = (i: number) => lines[i].trim().split(/\s+/);
    const withFields = (i: number, f: string[]) => lines.map((l, j) => (j === i ? `  ${f.join('  ')}` : l));
    for (let k = 0; k < CASES_PER_FILE; k++) {
      const kind = pick(['atom-field', 'bond-field', 'lone-pair-then-bad-bond', 'delete-field'] as const);
      let edited: string[];
      let line = 0;
      let words: RegExp | null = null;
      if (kind === 'atom-field') {
        const i = pick(atomLines);
        const f = fields(i);
        const at = pick([0, 2, 3, 4, 6, 8].filter((n) => n < f.length));
        f[at] = pick(NOT_NUMBERS);
        edited = withFields(i, f);
        line = i + 1;
        words = [
          /^atom id '.*' is not a whole number \(field 1\)$/,
          null,
          /^coordinates are not numbers/,
          /^coordinates are not numbers/,
          /^coordinates are not numbers/,
          null,
          /^substructure id '.*' is not a whole number \(field 7\)$/,
          null,
          /^charge '.*' is not a number \(field 9\)$/,
        ][at];
      } else if (kind === 'bond-field') {
        const i = pick(bondLines);
        const f = fields(i);
        const at = pick([0, 1, 2]);
        f[at] = pick(NOT_NUMBERS);
        edited = withFields(i, f);
        line = i + 1;
        words = [
          /^bond id '.*' is not a whole number \(field 1\)$/,
          /^bond's first atom id '.*' is not a whole number \(field 2\)$/,
          /^bond's second atom id '.*' is not a whole number \(field 3\)$/,
        ][at];
      } else if (kind === 'lone-pair-then-bad-bond') {
        // An atom becomes a lone pair (its bonds go with it, no error), then a later bond
        // line names an atom the file does not hold: that line is still an error.
        const lp = pick(atomLines);
        const f = fields(lp);
        f[5] = 'LP';
        edited = withFields(lp, f);
        const lpId = f[0];
        const later = bondLines.filter((i) => !fields(i).slice(1, 3).includes(lpId));
        const i = later[later.length - 1 - Math.floor(rng() * Math.min(later.length, 5))];
        const b = fields(i);
        b[2] = '99999';
        edited[i] = `  ${b.join('  ')}`;
        line = i + 1;
        words = /^bond line does not join two atoms of the file/;
      } else {
        const i = pick([...atomLines, ...bondLines]);
        const f = fields(i);
        f.splice(Math.floor(rng() * f.length), 1);
        edited = withFields(i, f);
        line = i + 1;
      }
      const what = `${src.name} line ${line} ${kind}`;
      const rec = parseMol2(edited.join('\n'), 'fuzz.mol2');
      checkRecord(rec, 'fuzz.mol2', what);
      if (words) assertFieldError(rec, line, words, what);
      else if (rec.errors.length === 0) {
        // A deleted field may be an optional one (substructure, charge, status): then the atoms read as before.
        assert.equal(rec.atoms.length, intact.atoms.length, what);
        assert.deepEqual(
          rec.atoms.map((a) => a.xyz),
          intact.atoms.map((a) => a.xyz),
          what,
        );
      }
      cases++;
    }
  }
  assert.ok(cases >= CASES_PER_FILE);
});
