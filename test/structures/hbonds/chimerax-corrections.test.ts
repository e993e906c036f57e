// One hand-built fragment per rule corrected in issue 15 (docs/hbond-criteria.md sections 1, 2, 4),
// each proving that rule on its own: metals bar only marked planar N; metals mark their own
// model only; the Asp/Glu carboxyl H is bonded by distance; the COOH patterns; the generic
// acceptor's first neighbour; tau symmetry 4; peptide ligands typed by templates.

import assert from 'node:assert/strict';
import { test } from 'node:test';
import { classifyAcceptor } from '../../../structures/hbonds/acceptor-classes.ts';
import { tauOk } from '../../../structures/hbonds/acceptor-geometry.ts';
import type { AtomGraph } from '../../../structures/hbonds/atom-graph.ts';
import { DEFAULT_TOLERANCES } from '../../../structures/hbonds/criteria.ts';
import { classifyDonor } from '../../../structures/hbonds/donor-classes.ts';
import { explainPair } from '../../../structures/hbonds/explain-pair.ts';
import { findHBonds, typedGraph } from '../../../structures/hbonds/find-hbonds.ts';
import type { Complex, LigandAtom, Residue, Vec3 } from '../../../structures/model.ts';
import { acetoneAtOrigin, along, asparagineAcceptor, atom, complexOf, methylacetamideDonor, residue, serineDonor } from './fragments.ts';

const ENTRY = [{ role: 'entry' as const, path: 'entry.pdb', sha256: '' }];
const FILES = [
  { role: 'pocket' as const, path: 'x_pocket.pdb', sha256: '' },
  { role: 'ligand' as const, path: 'x_ligand.mol2', sha256: '' },
];
const zinc = (xyz: Vec3): Residue => ({ ...residue('ZN', 500, [atom('ZN', 'Zn', xyz)]), hetero: true });
const index = (g: AtomGraph, side: string, name: string) => g.atoms.findIndex((a) => a.side === side && a.name === name);

/** Acetone turned so that its O sits at `o` and its C=O points along `u` from O to C (the donor comes from -u). */
function acetoneAt(o: Vec3, u: Vec3): { atoms: LigandAtom[]; bonds: [number, number][] } {
  const c = along(o, u, 1.22);
  const v: Vec3 = Math.abs(u[1]) < 0.9 ? [0, 1, 0] : [1, 0, 0];
  const w: Vec3 = [u[1] * v[2] - u[2] * v[1], u[2] * v[0] - u[0] * v[2], u[0] * v[1] - u[1] * v[0]];
  const arm = (s: number): Vec3 => [0.5 * u[0] + s * 0.866 * w[0], 0.5 * u[1] + s * 0.866 * w[1], 0.5 * u[2] + s * 0.866 * w[2]];
  return {
    atoms: [atom('O', 'O', o), atom('C', 'C', c), atom('CM1', 'C', along(c, arm(1), 1.5)), atom('CM2', 'C', along(c, arm(-1), 1.5))],
    bonds: [
      [0, 1],
      [1, 2],
      [1, 3],
    ],
  };
}

test('defect 1: a planar amide N-H beside a zinc still donates (it is no metal-marked acceptor)', () => {
  const lig = methylacetamideDonor(2.9); // N at (2.9, 0, 0), its H toward the Asn OD1 at the origin
  const c = (metal: boolean): Complex => ({
    ...complexOf([asparagineAcceptor()], lig.atoms, lig.bonds),
    sources: ENTRY,
    metals: metal ? [zinc([2.9, 3.0, 0])] : [],
  });
  // The zinc is 3.0 A from the N and 4.17 A from OD1: it marks no acceptor of the pair.
  for (const metal of [false, true]) {
    const bonds = findHBonds(c(metal));
    assert.equal(bonds.length, 1, metal ? 'with the zinc' : 'without the zinc');
    assert.equal(bonds[0].donor.atomName, 'N');
  }
  const g = typedGraph(c(true));
  assert.equal(g.atoms[index(g, 'ligand', 'N')].type, 'Npl');
  assert.equal(explainPair(g, index(g, 'ligand', 'N'), index(g, 'pocket', 'OD1'), DEFAULT_TOLERANCES).decidedBy, 'accepted');
});

test('defect 2: a pocket zinc does not mark a ligand O (another model); in one whole entry it does', () => {
  const lig = acetoneAtOrigin(); // O at the origin, Ser OG donating from (3, 0, 0)
  const t = (43 * Math.PI) / 180; // angle D-A-Zn 43 deg: below the 45 deg metal rule
  const c = (sources: Complex['sources']): Complex => ({
    ...complexOf([serineDonor(3.0)], lig.atoms, lig.bonds),
    sources,
    metals: [zinc([2.5 * Math.cos(t), 0, 2.5 * Math.sin(t)])],
  });
  assert.equal(findHBonds(c(FILES)).length, 1, 'pocket.pdb zinc, ligand file O: not marked');
  assert.equal(findHBonds(c(ENTRY)).length, 0, 'one entry: the zinc marks the O and the angle rule drops the bond');
  const g = typedGraph(c(ENTRY));
  assert.equal(explainPair(g, index(g, 'pocket', 'OG'), index(g, 'ligand', 'O'), DEFAULT_TOLERANCES).decidedBy, 'metal angle');
});

/**
 * An Asp side chain, CG at the origin, carboxyl in the xy-plane, with one carboxyl H named
 * `hName` sitting 0.97 A from `on` (OD1 or OD2), pointing along +x (OD1) or -x (OD2).
 */
function protonatedAsp(hName: string, on: 'OD1' | 'OD2'): Residue {
  const od1: Vec3 = [0.625, 1.083, 0];
  const od2: Vec3 = [0.625, -1.083, 0];
  const h = on === 'OD1' ? along(od1, [1, 0, 0], 0.97) : along(od2, [1, 0, 0], 0.97);
  return residue('ASP', 25, [
    atom('CB', 'C', [-1.5, 0, 0]),
    atom('CG', 'C', [0, 0, 0]),
    atom('OD1', 'O', od1),
    atom('OD2', 'O', od2),
    atom(hName, 'H', h),
  ]);
}

test('defect 3: a carboxyl H named HD2 but sitting on OD1 makes OD1 the donor', () => {
  // HD2 is 0.97 A from OD1 and 2.37 A from OD2: bonded by distance it belongs to OD1.
  const acc = acetoneAt([0.625 + 2.8, 1.083, 0], [1, 0, 0]);
  const c = complexOf([protonatedAsp('HD2', 'OD1')], acc.atoms, acc.bonds);
  const bonds = findHBonds(c);
  // OD1 donates through its H; OD2, an O3 with one bond, is a generic O donor with no H
  // position, and at 3.54 A it passes the relaxed 3.27 + 0.4 A too.
  assert.deepEqual(
    bonds.map((b) => `${b.donor.atomName} ${b.hydrogen} -> ${b.acceptor.atomName}`),
    ['OD1 HD2 -> O', 'OD2 null -> O'],
  );
  const g = typedGraph(c);
  const od1 = index(g, 'pocket', 'OD1');
  const od2 = index(g, 'pocket', 'OD2');
  // Typing stays keyed on the name: OD2 is O3 (with one bond, no H), OD1 is O2 carrying the H.
  assert.equal(g.atoms[od1].type, 'O2');
  assert.equal(g.atoms[od2].type, 'O3');
  assert.deepEqual(
    g.atoms[od1].nbrs.map((j) => g.atoms[j].name),
    ['CG', 'HD2'],
  );
  assert.deepEqual(
    g.atoms[od2].nbrs.map((j) => g.atoms[j].name),
    ['CG'],
  );
  assert.equal(classifyDonor(g, od1)?.cls, 'generic O');
  assert.equal(classifyDonor(g, od2)?.cls, 'generic O');
});

test('defect 4: an O2 with an H is not the COOH C=O acceptor; COOH O-H needs a Cac', () => {
  const onOD1 = typedGraph(complexOf([protonatedAsp('HD2', 'OD1')], [], []));
  const od1 = index(onOD1, 'pocket', 'OD1');
  const rule = classifyAcceptor(onOD1, od1);
  assert.equal(rule?.cls, 'generic O2', 'O2 carrying an H');
  // Generic O2: the first neighbour in bond order (CG, a template bond) is planar -> PHI, and
  // the plane is built from A and its two neighbours, H included.
  assert.equal(rule?.fn, 'phi');
  assert.deepEqual(rule?.fn === 'phi' ? rule.planeAtoms.map((j) => onOD1.atoms[j].name) : [], ['CG', 'HD2']);
  // Control: the H where its name says, on OD2. OD1 (O2, no other neighbour) is the COOH C=O,
  // and OD2 (O3 with H, on a C2, not a Cac) is no COOH O-H donor but a generic O donor.
  const onOD2 = typedGraph(complexOf([protonatedAsp('HD2', 'OD2')], [], []));
  assert.equal(classifyAcceptor(onOD2, index(onOD2, 'pocket', 'OD1'))?.cls, 'COOH C=O');
  assert.equal(onOD2.atoms[index(onOD2, 'pocket', 'CG')].type, 'C2');
  assert.equal(classifyDonor(onOD2, index(onOD2, 'pocket', 'OD2'))?.cls, 'generic O');
});

test('defect 5: tau symmetry 4 measures an NH2 donor against its own two H', () => {
  // Asn ND2 at the origin, CG along -x; CB and OD1 in the xy-plane, but the NH2 twisted 90
  // degrees so that its H lie in the xz-plane. The acceptor sits on the line of HD21.
  const cg: Vec3 = [-1.33, 0, 0];
  const h1: Vec3 = [0.5, 0, 0.866];
  const asn = residue('ASN', 30, [
    atom('CB', 'C', along(cg, [-0.5, -0.866, 0], 1.52)),
    atom('CG', 'C', cg),
    atom('OD1', 'O', along(cg, [-0.5, 0.866, 0], 1.23)),
    atom('ND2', 'N', [0, 0, 0]),
    atom('HD21', 'H', along([0, 0, 0], h1, 1.01)),
    atom('HD22', 'H', along([0, 0, 0], [0.5, 0, -0.866], 1.01)),
  ]);
  const a = along([0, 0, 0], h1, 3.0);
  const acc = acetoneAt(a, h1);
  const c = complexOf([asn], acc.atoms, acc.bonds);
  const g = typedGraph(c);
  assert.equal(classifyDonor(g, index(g, 'pocket', 'ND2'))?.cls, 'primary amide NH2');
  // Against CG's substituents (CB, OD1) tau is 90 degrees, beyond the relaxed <= 65 (pO).
  assert.equal(tauOk([0, 0, 0], cg, [asn.atoms[0].xyz, asn.atoms[2].xyz], a, { mode: 'le', t: 65 }), false);
  const bonds = findHBonds(c);
  assert.deepEqual(
    bonds.map((b) => `${b.donor.atomName} ${b.hydrogen} -> ${b.acceptor.atomName}`),
    ['ND2 HD21 -> O'],
  );
});

test('a mol2 substructure named like a standard residue is typed by its template (peptide ligand)', () => {
  // GLY 1 - GLY 2 with the C-terminal OXT; the ligand names were made unique (N_2...), the
  // substructure keeps the names the template knows.
  const sub = (name: string, id: number, atomName: string) => ({ substructure: { name, id, atomName } });
  const lig: LigandAtom[] = [
    { ...atom('N', 'N', [0, 0, 0]), ...sub('GLY', 1, 'N') },
    { ...atom('CA', 'C', [1.45, 0, 0]), ...sub('GLY', 1, 'CA') },
    { ...atom('C', 'C', [2.0, 1.4, 0]), ...sub('GLY', 1, 'C') },
    { ...atom('O', 'O', [1.3, 2.4, 0]), ...sub('GLY', 1, 'O') },
    { ...atom('N_2', 'N', [3.3, 1.5, 0]), ...sub('GLY', 2, 'N') },
    { ...atom('CA_2', 'C', [4.0, 2.8, 0]), ...sub('GLY', 2, 'CA') },
    { ...atom('C_2', 'C', [5.5, 2.6, 0]), ...sub('GLY', 2, 'C') },
    { ...atom('O_2', 'O', [6.0, 1.5, 0]), ...sub('GLY', 2, 'O') },
    { ...atom('OXT', 'O', [6.2, 3.6, 0]), ...sub('GLY', 2, 'OXT') },
  ];
  const g = typedGraph(
    complexOf([], lig, [
      [0, 1],
      [1, 2],
      [2, 3],
      [2, 4],
      [4, 5],
      [5, 6],
      [6, 7],
      [6, 8],
    ]),
  );
  const type = (n: string) => g.atoms[index(g, 'ligand', n)].type;
  assert.deepEqual(['N', 'C', 'O', 'N_2', 'C_2', 'O_2', 'OXT'].map(type), ['N3+', 'C2', 'O2', 'Npl', 'Cac', 'O2-', 'O2-']);
  assert.ok(
    g.atoms.filter((a) => a.side === 'ligand').every((a) => a.templated && a.residue.name === 'LIG'),
    'typed by template, still named as the ligand',
  );
  // The same atoms without substructures are typed from geometry.
  const plain = typedGraph(
    complexOf(
      [],
      lig.map(({ substructure: _, ...a }) => a),
      [
        [0, 1],
        [1, 2],
        [2, 3],
        [2, 4],
        [4, 5],
        [5, 6],
        [6, 7],
        [6, 8],
      ],
    ),
  );
  assert.ok(plain.atoms.every((a) => !a.templated));
});
