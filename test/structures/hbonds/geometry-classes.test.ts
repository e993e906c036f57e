// Each geometry class on a hand-built fragment, with the pair placed just inside and just
// outside the relaxed cutoff that binds (the tighter of the donor's and acceptor's limits).

import assert from 'node:assert/strict';
import { test } from 'node:test';
import { classifyAcceptor } from '../../../structures/hbonds/acceptor-classes.ts';
import { classifyDonor } from '../../../structures/hbonds/donor-classes.ts';
import { findHBonds, typedGraph } from '../../../structures/hbonds/find-hbonds.ts';
import type { Complex, Residue } from '../../../structures/model.ts';
import {
  acetoneAtOrigin,
  asparagineAcceptor,
  asparagineDonor,
  complexOf,
  methylacetamideDonor,
  pyridineAtOrigin,
  rotZ,
  serineDonor,
} from './fragments.ts';

function classes(c: Complex, donor: string, acceptor: string): [string | undefined, string | undefined] {
  const g = typedGraph(c);
  const idx = (name: string) => g.atoms.findIndex((a) => `${a.side}:${a.name}` === name);
  return [classifyDonor(g, idx(donor))?.cls, classifyAcceptor(g, idx(acceptor))?.cls];
}

const count = (c: Complex, opts = {}) => findHBonds(c, opts).length;

function serineToAcetone(r: number, ups = 109.5, rotate = 0): Complex {
  const ser = serineDonor(r, ups);
  const moved: Residue = { ...ser, atoms: ser.atoms.map((a) => ({ ...a, xyz: rotZ(a.xyz, rotate) })) };
  const lig = acetoneAtOrigin();
  return complexOf([moved], lig.atoms, lig.bonds);
}

test('UT hydroxyl donor -> ketone acceptor: D-A limit 3.17 + 0.4 (donor, pO column)', () => {
  assert.deepEqual(classes(serineToAcetone(3.0), 'pocket:OG', 'ligand:O'), ['hydroxyl', 'ketone/aldehyde O2']);
  assert.equal(count(serineToAcetone(3.55)), 1);
  assert.equal(count(serineToAcetone(3.59)), 0);
  assert.equal(count(serineToAcetone(3.55), { relax: false }), 0, 'unrelaxed limit is 3.17');
  assert.equal(count(serineToAcetone(3.15), { relax: false }), 1);
});

test('UT upsilon window [90,141] relaxes to [70,161]', () => {
  assert.equal(count(serineToAcetone(3.0, 72)), 1);
  assert.equal(count(serineToAcetone(3.0, 68)), 0);
  assert.equal(count(serineToAcetone(3.0, 159)), 1);
  assert.equal(count(serineToAcetone(3.0, 163)), 0);
});

test('PHI acceptor: ketone phi 110 relaxes to 90 (donor swung in the carbonyl plane)', () => {
  assert.equal(count(serineToAcetone(3.0, 109.5, 88)), 1);
  assert.equal(count(serineToAcetone(3.0, 109.5, 92)), 0);
});

function amideToAsn(hToA: number): Complex {
  const lig = methylacetamideDonor(hToA + 1.01);
  return complexOf([asparagineAcceptor()], lig.atoms, lig.bonds);
}

test('TT amide N-H donor -> amide O acceptor: H...A limit 2.23 + 0.4', () => {
  assert.deepEqual(classes(amideToAsn(2.0), 'ligand:N', 'pocket:OD1'), ['amide N-H', 'amide O']);
  assert.equal(count(amideToAsn(2.61)), 1);
  assert.equal(count(amideToAsn(2.65)), 0);
  const bonds = findHBonds(amideToAsn(2.0));
  assert.equal(bonds[0].donorSide, 'ligand');
  assert.equal(bonds[0].hydrogen, 'H');
  assert.equal(bonds[0].distanceHA?.toFixed(2), '2.00');
  assert.equal(bonds[0].distanceDA.toFixed(2), '3.01');
});

function asnToPyridine(r: number): Complex {
  const lig = pyridineAtOrigin();
  return complexOf([asparagineDonor(r)], lig.atoms, lig.bonds);
}

test('PHI symmetric 6-ring N2 acceptor binds first: 3.17 + 0.4 (donor allows 3.30 + 0.4)', () => {
  assert.deepEqual(classes(asnToPyridine(3.0), 'pocket:ND2', 'ligand:N1'), ['primary amide NH2', '6-ring N2 symmetric']);
  assert.equal(count(asnToPyridine(3.55)), 1);
  assert.equal(count(asnToPyridine(3.59)), 0);
});

test('a carbonyl O never donates and a ketone never pairs with another ketone', () => {
  const lig = acetoneAtOrigin();
  const other = acetoneAtOrigin().atoms.map((a) => ({ ...a, xyz: [3 - a.xyz[0], a.xyz[1], a.xyz[2]] as [number, number, number] }));
  const c = complexOf([{ chain: 'A', name: 'ACN', number: 5, insertionCode: '', hetero: true, atoms: other }], lig.atoms, lig.bonds);
  assert.equal(count(c), 0);
});
