// The ligand readers: mol2 (ours), SDF V2000/V3000 (through RDKit), on real files.

import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { checkMolfile } from '../../structures/check-molfile.ts';
import { ligandFromMol2, ligandFromSdf } from '../../structures/ligand-from-files.ts';
import { parseSdf, rdkit } from '../../structures/rdkit-ligand.ts';
import { parseMol2 } from '../../structures/read-mol2.ts';
import { NEEDS_SHARED, SAMPLE, SHARED } from '../shared-structures.ts';

const MOL2 = join(SAMPLE, 'pdbbind/1hpv/1hpv_ligand.mol2');
const SDF = join(SAMPLE, 'pdbbind/1hpv/1hpv_ligand.sdf');

/** Atom and bond counts from the mol2 MOLECULE section's counts line. */
function mol2Counts(text: string): [number, number] {
  const lines = text.split('\n');
  const i = lines.findIndex((l) => l.startsWith('@<TRIPOS>MOLECULE'));
  const [a, b] = lines[i + 2].trim().split(/\s+/).map(Number);
  return [a, b];
}

test('mol2: atom names, SYBYL types and bonds as written', () => {
  const text = readFileSync(MOL2, 'utf8');
  const rec = parseMol2(text, MOL2);
  assert.deepEqual(rec.errors, []);
  const [na, nb] = mol2Counts(text);
  assert.equal(rec.atoms.length, na);
  assert.equal(rec.bonds.length, nb);
  const firstAtom = text.split('@<TRIPOS>ATOM')[1].trim().split('\n')[0].trim().split(/\s+/);
  assert.equal(rec.atoms[0].name, firstAtom[1]);
  assert.equal(rec.atoms[0].sybylType, firstAtom[5]);
  assert.deepEqual(rec.atoms[0].xyz, firstAtom.slice(2, 5).map(Number));
});

test('mol2 ligand gets a SMILES from RDKit equal to the SDF of the same ligand', async () => {
  const fromMol2 = await ligandFromMol2(readFileSync(MOL2, 'utf8'), MOL2);
  const fromSdf = await ligandFromSdf(readFileSync(SDF, 'utf8'), SDF);
  assert.ok(fromMol2.ok && fromSdf.ok);
  assert.equal(fromMol2.ligand.atomNames, 'file');
  assert.ok(fromMol2.ligand.smiles);
  assert.equal(fromMol2.ligand.smiles, fromSdf.ligand.smiles);
});

test('SDF V2000: atoms named element + running count, and flagged as generated', async () => {
  const text = readFileSync(SDF, 'utf8');
  const res = await ligandFromSdf(text, SDF);
  assert.ok(res.ok);
  const lines = text.split('\n');
  const n = Number(lines[3].slice(0, 3));
  const elements = lines.slice(4, 4 + n).map((l) => l.slice(31, 34).trim());
  const counts = new Map<string, number>();
  const expected = elements.map((e) => {
    counts.set(e, (counts.get(e) ?? 0) + 1);
    return `${e}${counts.get(e)}`;
  });
  assert.deepEqual(
    res.ligand.atoms.map((a) => a.name),
    expected,
  );
  assert.equal(res.ligand.atomNames, 'generated');
  assert.ok(res.warnings.some((w) => /no atom names/.test(w.message)));
});

test('SDF V3000 reads to the same atoms as V2000', async () => {
  const text = readFileSync(SDF, 'utf8');
  const rd = await rdkit();
  const mol = rd.get_mol(text, JSON.stringify({ removeHs: false }))!;
  const v3 = mol.get_v3Kmolblock();
  mol.delete();
  assert.match(v3, /V3000/);
  const a = await parseSdf(text, 'v2.sdf');
  const b = await parseSdf(v3, 'v3.sdf');
  assert.deepEqual(b.errors, []);
  assert.deepEqual(
    b.atoms!.map((x) => [x.element, x.xyz]),
    a.atoms!.map((x) => [x.element, x.xyz]),
  );
  assert.equal(b.smiles, a.smiles);
});

test('duplicate ligand atom names are made unique and said', async () => {
  const text = readFileSync(MOL2, 'utf8').replace(
    /^(\s+2\s+)(\S+)/m,
    (_, pre) => `${pre}${parseMol2(readFileSync(MOL2, 'utf8'), MOL2).atoms[0].name}`,
  );
  const res = await ligandFromMol2(text, 'dup.mol2');
  assert.ok(res.ok);
  const names = res.ligand.atoms.map((a) => a.name);
  assert.equal(new Set(names).size, names.length);
  assert.ok(res.warnings.some((w) => /made unique/.test(w.message)));
});

test('hydrogens of one name (as PDBbind names them, all `H`) are made unique in a warning of no kind; heavy names stay', async () => {
  const original = readFileSync(MOL2, 'utf8');
  let section = '';
  const text = original
    .split('\n')
    .map((l) => {
      if (l.startsWith('@<TRIPOS>')) section = l.trim();
      const f = l.trim().split(/\s+/);
      return section === '@<TRIPOS>ATOM' && f.length >= 6 && f[5] === 'H' ? l.replace(/^(\s*\d+\s+)\S+/, '$1H') : l;
    })
    .join('\n');
  const before = await ligandFromMol2(original, 'named.mol2');
  const res = await ligandFromMol2(text, 'all-h.mol2');
  assert.ok(before.ok && res.ok);
  const hydrogens = res.ligand.atoms.filter((a) => a.isHydrogen).length;
  assert.ok(hydrogens > 2, 'the sample ligand has hydrogens');
  const names = res.ligand.atoms.map((a) => a.name);
  assert.equal(new Set(names).size, names.length);
  assert.deepEqual(
    res.ligand.atoms.filter((a) => !a.isHydrogen).map((a) => a.name),
    before.ligand.atoms.filter((a) => !a.isHydrogen).map((a) => a.name),
  );
  const said = res.warnings.filter((w) => /made unique/.test(w.message));
  assert.equal(said.length, 1);
  assert.match(said[0].message, new RegExp(`^duplicate ligand hydrogen names made unique: H -> H_2, .*H -> H_${hydrogens}$`));
  assert.equal(said[0].kind, undefined);
});

test('every mol2 of ../shared reads; its atoms match the SDF of the same entry', { skip: NEEDS_SHARED }, async () => {
  const dir = join(SHARED, 'pdbbind');
  let compared = 0;
  for (const id of readdirSync(dir).sort()) {
    const m = join(dir, id, `${id}_ligand.mol2`);
    if (!existsSync(m)) continue;
    const text = readFileSync(m, 'utf8');
    const rec = parseMol2(text, m);
    assert.deepEqual(rec.errors, [], id);
    assert.equal(rec.atoms.length, mol2Counts(text)[0], id);
    const s = join(dir, id, `${id}_ligand.sdf`);
    if (!existsSync(s)) continue;
    const sdf = await parseSdf(readFileSync(s, 'utf8'), s);
    if (sdf.atoms?.length !== rec.atoms.length) continue;
    compared++;
  }
  assert.ok(compared > 250, `only ${compared} mol2/SDF pairs compared`);
});

test('an SDF atom whose symbol is no element (a query atom, a typo) is rejected with its line', () => {
  const path = join(SAMPLE, 'pdbbind/1hpv/1hpv_ligand.sdf');
  const lines = readFileSync(path, 'utf8').split('\n');
  for (const symbol of ['Xx', '*', 'R#']) {
    const edited = [...lines];
    edited[6] = edited[6].slice(0, 31) + symbol.padEnd(3) + edited[6].slice(34);
    const problems = checkMolfile(edited.join('\n'), 'x.sdf');
    assert.equal(problems[0]?.line, 7, symbol);
    assert.match(problems[0].message, new RegExp(`atom 3: '${symbol.replace(/[*#]/g, '\\$&')}' is not an element symbol`));
  }
});
