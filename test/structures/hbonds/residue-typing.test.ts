// Template typing on hand-built residues: truncated side chains, hydrogen names, HIS.

import assert from 'node:assert/strict';
import { test } from 'node:test';
import { classifyAcceptor } from '../../../structures/hbonds/acceptor-classes.ts';
import { hydrogenParentByName } from '../../../structures/hbonds/build-graph.ts';
import { findHBonds, typedGraph } from '../../../structures/hbonds/find-hbonds.ts';
import { asparagineAcceptor, complexOf, methylacetamideDonor } from './fragments.ts';

test('an atom missing a template neighbour (truncated side chain) is neither donor nor acceptor', () => {
  const lig = methylacetamideDonor(3.0);
  const whole = asparagineAcceptor();
  assert.equal(findHBonds(complexOf([whole], lig.atoms, lig.bonds)).length, 1);
  const noCG = { ...whole, atoms: whole.atoms.filter((a) => a.name !== 'CG') };
  const c = complexOf([noCG], lig.atoms, lig.bonds);
  const g = typedGraph(c);
  const od1 = g.atoms.findIndex((a) => a.name === 'OD1');
  assert.equal(g.atoms[od1].type, 'O2', 'still typed from the template');
  assert.equal(g.atoms[od1].truncated, true);
  assert.equal(classifyAcceptor(g, od1), null);
  assert.equal(findHBonds(c).length, 0);
});

test('hydrogens find their heavy atom by PDB name', () => {
  const names = ['N', 'CA', 'C', 'O', 'CB', 'CG', 'OD1', 'ND2', 'OXT', 'NH1', 'OG1', 'CG2', 'OH'];
  const byName = new Map(names.map((n, i) => [n, i]));
  const parent = (h: string) => names[hydrogenParentByName(h, byName) ?? -1];
  assert.equal(parent('H'), 'N');
  assert.equal(parent('H2'), 'N');
  assert.equal(parent('HA'), 'CA');
  assert.equal(parent('HB3'), 'CB');
  assert.equal(parent('HD21'), 'ND2');
  assert.equal(parent('HH12'), 'NH1');
  assert.equal(parent('HG1'), 'OG1');
  assert.equal(parent('HG21'), 'CG2');
  assert.equal(parent('HXT'), 'OXT');
  assert.equal(parent('1HB'), 'CB', 'old-style name');
  assert.equal(parent('HH'), 'OH', 'Tyr hydroxyl H');
});
