import assert from 'node:assert/strict';
import { existsSync, readdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { test } from 'node:test';
import { scaffoldAtoms } from '../../../structures/grouping/murcko-graph.ts';
import { murckoScaffold, murckoScaffoldOf, murckoScaffoldOfSmiles } from '../../../structures/grouping/murcko-scaffold.ts';
import { ingest } from '../../../structures/ingest.ts';
import type { Complex, Ligand } from '../../../structures/model.ts';
import { rdkit, toMolblock } from '../../../structures/rdkit-ligand.ts';
import { NEEDS_SHARED, SAMPLE, SHARED } from '../../shared-structures.ts';
import { NEEDS_PYTHON_RDKIT, type ReferenceInput, type ReferenceResult, referenceScaffolds } from './python-rdkit.ts';

/** RDKit-JS's canonical form of a SMILES written by hand. */
async function canon(smiles: string): Promise<string> {
  if (smiles === '') return '';
  const mol = (await rdkit()).get_mol(smiles);
  assert.ok(mol, `test SMILES ${smiles} must parse`);
  const out = mol.get_smiles();
  mol.delete();
  return out;
}

const edge = (a: number, b: number, double = false) => ({ a, b, double });

test('ring and linker atoms are the 2-core; atoms double-bonded to them stay', () => {
  // Benzene 0-5, methyl 6 on atom 0.
  const ring = [0, 1, 2, 3, 4, 5].map((i) => edge(i, (i + 1) % 6));
  let r = scaffoldAtoms(7, [...ring, edge(0, 6)]);
  assert.deepEqual(r.kept, [true, true, true, true, true, true, false]);
  // Acetyl on the ring: 6 (C) bonded to ring, 7 (=O) on 6, 8 (CH3) on 6: all go.
  r = scaffoldAtoms(9, [...ring, edge(0, 6), edge(6, 7, true), edge(6, 8)]);
  assert.deepEqual(r.kept.slice(6), [false, false, false]);
  // Two rings joined by a C(=O)-N linker (6, 7), with =O 8 on the linker and a methyl 15 on N.
  const ring2 = [9, 10, 11, 12, 13, 14].map((i, k, all) => edge(i, all[(k + 1) % 6]));
  r = scaffoldAtoms(16, [...ring, ...ring2, edge(0, 6), edge(6, 7), edge(7, 9), edge(6, 8, true), edge(7, 15)]);
  assert.deepEqual(r.core.slice(6, 9), [true, true, false]);
  assert.equal(r.kept[8], true, '=O on a linker atom is kept');
  assert.equal(r.kept[15], false, 'the methyl on the linker N goes');
  // No ring at all: nothing is kept.
  r = scaffoldAtoms(4, [edge(0, 1), edge(1, 2, true), edge(2, 3)]);
  assert.deepEqual(r.kept, [false, false, false, false]);
});

test('scaffolds of hand-picked molecules, worked out by hand', async () => {
  const cases: Array<[string, string, string]> = [
    ['Cc1cc(Oc2nccc(CCC)c2)ccc1', 'c1ccc(Oc2ccccn2)cc1', "RDKit's documented example"],
    ['CCCC', '', 'acyclic: empty scaffold'],
    ['CC(=O)c1ccccc1', 'c1ccccc1', '=O on a side-chain atom goes with it'],
    ['CC1CCCCC1=O', 'O=C1CCCCC1', '=O on a ring atom is kept'],
    ['CN(C(=O)c1ccccc1)Cc1ccccc1', 'O=C(NCc1ccccc1)c1ccccc1', '=O on a linker is kept, N-methyl goes, N gains H'],
    ['Cn1ccnc1CC(=O)O', 'c1c[nH]cn1', 'aromatic N that loses its substituent becomes [nH]'],
    ['[O-][n+]1ccccc1', 'c1cc[nH+]cc1', 'as RDKit: an aromatic heteroatom keeps exactly one H'],
    ['C[C@H]1CCCC[C@@H]1c1ccccc1', 'c1ccc(C2CCCCC2)cc1', 'stereo of a former stereocentre is gone'],
    [
      'O[C@H]1CC[C@@H](c2ccccc2)CC1',
      'c1ccc(C2CCCCC2)cc1',
      'a tag on an atom that lost a neighbour is cleared, and one that is no longer a stereocentre is dropped',
    ],
    ['C/C(c1ccccc1)=C/c1ccccc1', 'c1ccccc1/C=C\\c1ccccc1', 'cis-stilbene: the removed methyl hands its stereo reference to the phenyl'],
    ['c1ccccc1/C=C/C', 'c1ccccc1', 'a double bond off the ring but not between rings goes'],
    ['c1ccccc1.CCc1ccncc1', 'c1ccccc1.c1ccncc1', 'each fragment keeps its own rings'],
  ];
  for (const [input, expected, why] of cases) {
    const r = await murckoScaffoldOfSmiles(input);
    assert.equal(r.smiles, await canon(expected), `${input}: ${why}`);
  }
});

test('a ring carbon keeps its chirality when none of its neighbours is removed', async () => {
  // C2 of the oxane keeps its phenyl, O and C3; C6 loses its methyl (tag cleared, and it is no
  // longer a stereocentre anyway); C2 stays a stereocentre because O and C3 differ.
  const r = await murckoScaffoldOfSmiles('C[C@@H]1CCC[C@H](c2ccccc2)O1');
  assert.ok(r.smiles?.includes('@'), `expected a stereo mark in ${r.smiles}`);
  assert.equal(await canon(r.smiles!.replace(/@/g, '')), await canon('c1ccc(C2CCCCO2)cc1'));
});

test('a ligand without SMILES is cut from its atoms and bonds; no molecule gives a reason', async () => {
  const atoms = ['C', 'C', 'C', 'C', 'C', 'C', 'O'].map((element, i) => ({
    name: `${element}${i + 1}`,
    element,
    xyz: [Math.cos(i), Math.sin(i), i * 0.1] as [number, number, number],
    occupancy: 1,
    serial: i + 1,
    isHydrogen: false,
  }));
  const ring = [0, 1, 2, 3, 4, 5].map((i) => ({ a: i, b: (i + 1) % 6, order: 1 as const }));
  const ligand: Ligand = {
    name: 'LIG',
    chain: 'A',
    number: 1,
    insertionCode: '',
    atomNames: 'file',
    atoms,
    bonds: [...ring, { a: 0, b: 6, order: 1 }],
    smiles: null,
  };
  const r = await murckoScaffoldOf(ligand);
  assert.deepEqual(r, { smiles: 'C1CCCCC1', from: 'atoms', unsanitised: false });
  const empty = await murckoScaffoldOf({ ...ligand, atoms: [], bonds: [] });
  assert.equal(empty.smiles, null);
  assert.match((empty as { reason: string }).reason, /no atoms/);
  assert.equal(await murckoScaffold({ ...ligand, atoms: [], bonds: [] }), null);
});

/**
 * A SMILES handed to Python RDKit as a molblock with 2D coordinates: read from a SMILES,
 * RDKit keeps a bracket atom's hydrogen count fixed and cis/trans only on the bonds that
 * carry a direction mark, which changes what MurckoDecompose does next to a removed atom;
 * read from coordinates (as ligands are), neither happens.
 */
async function molblockOfSmiles(smiles: string): Promise<string> {
  const mol = (await rdkit()).get_mol(smiles);
  assert.ok(mol, `RDKit-JS must read back ${smiles}`);
  mol.set_new_coords();
  const block = mol.get_molblock();
  mol.delete();
  return block;
}

/** The reference inputs for each complex: what misi-gen used, and the SDF when there is one. */
async function referenceInputs(complexes: Complex[]): Promise<ReferenceInput[]> {
  const items: ReferenceInput[] = [];
  for (const c of complexes) {
    const r = await murckoScaffoldOf(c.ligand);
    const item: ReferenceInput = { id: c.id, js: r.smiles };
    item.molblock =
      r.smiles !== null && r.from === 'smiles'
        ? await molblockOfSmiles(c.ligand.smiles!)
        : toMolblock(
            c.ligand.atoms,
            c.ligand.bonds,
            c.ligand.atoms.map((a) => a.formalCharge ?? 0),
          );
    const ligandFile = c.sources.find((s) => s.role === 'ligand')?.path;
    const sdf = ligandFile?.replace(/\.mol2$/i, '.sdf');
    if (sdf && /\.sdf$/i.test(sdf) && existsSync(sdf)) item.sdf = sdf;
    items.push(item);
  }
  return items;
}

/**
 * The reference that counts for one complex: RDKit on the SDF file when RDKit can read it
 * (an independent reading of the ligand), else RDKit on the molecule misi-gen started from.
 */
function verdict(r: ReferenceResult): { by: 'sdf' | 'same' | 'none'; agree: boolean; reference: string | null } {
  if (r.sdf && r.sdf.input !== null) return { by: 'sdf', agree: r.sdf.agree, reference: r.sdf.scaffold };
  if (r.same.input !== null) return { by: 'same', agree: r.same.agree, reference: r.same.scaffold };
  return { by: 'none', agree: false, reference: null };
}

test('bundled sample: same scaffolds as Python RDKit', { skip: NEEDS_PYTHON_RDKIT() }, async (t) => {
  const { complexes } = await ingest([SAMPLE]);
  assert.equal(complexes.length, 3);
  const results = referenceScaffolds(await referenceInputs(complexes));
  for (const r of results) {
    const v = verdict(r);
    t.diagnostic(`${r.id}: ${r.jsCanon} (reference: ${v.by})`);
    assert.ok(v.agree, `${r.id}: misi-gen ${r.jsCanon}, RDKit ${v.reference}`);
    assert.ok(r.same.agree, `${r.id}: RDKit on the same molecule gives ${r.same.scaffold}`);
  }
  // 1pgp (6-phosphogluconate) has no ring; 1hpv (amprenavir) and 3mht (SAH) do.
  assert.equal(results.find((r) => r.id === '1pgp')?.jsCanon, '');
  assert.notEqual(results.find((r) => r.id === '1hpv')?.jsCanon, '');
});

test('PDBbind subset (every 5th complex): same scaffolds as Python RDKit', { skip: NEEDS_SHARED || NEEDS_PYTHON_RDKIT() }, async (t) => {
  const root = resolve(SHARED, 'pdbbind');
  const ids = readdirSync(root)
    .sort()
    .filter((_, i) => i % 5 === 0);
  const { complexes } = await ingest(ids.map((id) => resolve(root, id)));
  assert.ok(complexes.length >= 55, `expected about 60 complexes, got ${complexes.length}`);
  const results = referenceScaffolds(await referenceInputs(complexes));
  const by = { sdf: 0, same: 0, none: 0 };
  const disagreements: string[] = [];
  for (const r of results) {
    const v = verdict(r);
    by[v.by]++;
    if (v.by !== 'none' && !v.agree) disagreements.push(`${r.id} (${v.by}): misi-gen ${r.jsCanon} vs RDKit ${v.reference}`);
  }
  const agreeing = results.length - by.none - disagreements.length;
  t.diagnostic(
    `${agreeing} of ${results.length} agree with RDKit (${by.sdf} checked against the SDF file, ${by.same} against the same molecule because RDKit cannot sanitise the SDF, ${by.none} without any RDKit reading)`,
  );
  for (const d of disagreements) t.diagnostic(d);
  assert.deepEqual(disagreements, []);
  assert.ok(by.sdf >= 40, `only ${by.sdf} SDF files readable by RDKit`);
});
