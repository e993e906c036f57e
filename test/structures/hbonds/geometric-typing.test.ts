// Geometric (Meng & Lewis) typing of ligands built by hand: each rule of section 1 once.

import assert from 'node:assert/strict';
import { test } from 'node:test';
import { typedGraph } from '../../../structures/hbonds/find-hbonds.ts';
import type { LigandAtom, Vec3 } from '../../../structures/model.ts';
import { acetateAtOrigin, acetoneAtOrigin, atom, complexOf, methylPhosphate, pyridineAtOrigin } from './fragments.ts';

function types(lig: { atoms: LigandAtom[]; bonds: [number, number][] }): Record<string, string> {
  const g = typedGraph(complexOf([], lig.atoms, lig.bonds));
  return Object.fromEntries(g.atoms.filter((a) => a.side === 'ligand').map((a) => [a.name, a.type]));
}

/** Tetrahedral positions around `c` (unit vectors scaled by `d`), the first along `first`. */
function tetra(c: Vec3, d: number): Vec3[] {
  const dirs: Vec3[] = [
    [1, 1, 1],
    [1, -1, -1],
    [-1, 1, -1],
    [-1, -1, 1],
  ];
  const s = d / Math.sqrt(3);
  return dirs.map((v) => [c[0] + v[0] * s, c[1] + v[1] * s, c[2] + v[2] * s]);
}

test('carbonyl O (C-O <= 1.30) is O2 on C2; one-neighbour methyl C by bond length is C3', () => {
  assert.deepEqual(types(acetoneAtOrigin()), { O: 'O2', C: 'C2', CM1: 'C3', CM2: 'C3' });
});

test('C with two terminal O is Cac and its O are O2-', () => {
  assert.deepEqual(types(acetateAtOrigin()), { O1: 'O2-', C1: 'Cac', O2: 'O2-', C2: 'C3' });
});

test('a flat 6-ring of sp2 atoms is aromatic: Car, and the bare ring N is N2', () => {
  const t = types(pyridineAtOrigin());
  assert.equal(t.N1, 'N2');
  for (const c of ['C2', 'C3', 'C4', 'C5', 'C6']) assert.equal(t[c], 'Car');
});

test('4-neighbour P with >= 2 terminal O is Pac; its terminal O are O3-, the ester O is O3', () => {
  const t = types(methylPhosphate());
  assert.equal(t.P, 'Pac');
  assert.equal(t.O1, 'O3-');
  assert.equal(t.O3, 'O3-');
  assert.equal(t.OE, 'O3');
});

test('4-neighbour N is N3+; a 3-neighbour pyramidal N with only C3/H neighbours becomes N3+', () => {
  const n: Vec3 = [0, 0, 0];
  const [a, b, c, d] = tetra(n, 1.47);
  const quaternary = {
    atoms: [atom('N', 'N', n), atom('C1', 'C', a), atom('C2', 'C', b), atom('C3', 'C', c), atom('C4', 'C', d)],
    bonds: [
      [0, 1],
      [0, 2],
      [0, 3],
      [0, 4],
    ] as [number, number][],
  };
  assert.equal(types(quaternary).N, 'N3+');
  const tertiary = { atoms: quaternary.atoms.slice(0, 4), bonds: quaternary.bonds.slice(0, 3) };
  assert.equal(types(tertiary).N, 'N3+');
});

test('linear C#N: C1 and N1 (N <= 1.20 A from a C1)', () => {
  const lig = {
    atoms: [atom('CM', 'C', [-1.46, 0, 0]), atom('C', 'C', [0, 0, 0]), atom('N', 'N', [1.16, 0, 0])],
    bonds: [
      [0, 1],
      [1, 2],
    ] as [number, number][],
  };
  assert.deepEqual(types(lig), { CM: 'C3', C: 'C1', N: 'N1' });
});

test('amidine N on an open-chain C2 become Ng+; not when one of them is in a ring', () => {
  // H2N-C(=NH)-CH3 in the xy-plane, no hydrogens: C2 with two one-heavy-neighbour N.
  const deg = (d: number, r: number): Vec3 => [r * Math.cos((d * Math.PI) / 180), r * Math.sin((d * Math.PI) / 180), 0];
  const open = {
    atoms: [atom('C', 'C', [0, 0, 0]), atom('N1', 'N', deg(0, 1.33)), atom('N2', 'N', deg(120, 1.3)), atom('CM', 'C', deg(240, 1.5))],
    bonds: [
      [0, 1],
      [0, 2],
      [0, 3],
    ] as [number, number][],
  };
  const t = types(open);
  assert.equal(t.C, 'C2');
  assert.equal(t.N1, 'Ng+');
  assert.equal(t.N2, 'Ng+');
  // The same atoms with N1 closed into a (strained) ring through CM: no candidate turns Ng+.
  const ring = { atoms: open.atoms, bonds: [...open.bonds, [1, 3]] as [number, number][] };
  const r = types(ring);
  assert.notEqual(r.N1, 'Ng+');
  assert.notEqual(r.N2, 'Ng+');
});
