// SYNANTI sides, the GEN acceptor angle, the metal rule and water donors without hydrogens,
// each on a hand-built fragment just inside and just outside the relaxed limit.

import assert from 'node:assert/strict';
import { test } from 'node:test';
import { classifyAcceptor } from '../../../structures/hbonds/acceptor-classes.ts';
import { findHBonds, typedGraph } from '../../../structures/hbonds/find-hbonds.ts';
import type { Complex, Residue } from '../../../structures/model.ts';
import { acetateAtOrigin, acetoneAtOrigin, atom, complexOf, methylPhosphate, residue, rotZ, serineDonor } from './fragments.ts';

/** Ser OG 3.0 A from the origin in direction `beta` degrees (xy-plane), donating toward it. */
function serineAt(beta: number, r = 3.0): Residue {
  const s = serineDonor(r);
  return { ...s, atoms: s.atoms.map((a) => ({ ...a, xyz: rotZ(a.xyz, beta) })) };
}

const bondsTo = (c: Complex, ligAtom: string, opts = {}) =>
  findHBonds(c, opts).filter((b) => b.acceptor.atomName === ligAtom || b.donor.atomName === ligAtom);

function acceptorClass(c: Complex, name: string): string | undefined {
  const g = typedGraph(c);
  return classifyAcceptor(
    g,
    g.atoms.findIndex((a) => a.side === 'ligand' && a.name === name),
  )?.cls;
}

test('carboxylate SYNANTI: phi 90 (syn) and 110 (anti) relax to 70 and 90; the side follows the other O', () => {
  const lig = acetateAtOrigin();
  const at = (beta: number) => complexOf([serineAt(beta)], lig.atoms, lig.bonds);
  assert.equal(acceptorClass(at(0), 'O1'), 'carboxylate O2-');
  // phi = angle(C, O1, D) = 180 - |beta|; +y is the syn side (where O2 is).
  assert.equal(bondsTo(at(108), 'O1').length, 1, 'syn, phi 72');
  assert.equal(bondsTo(at(112), 'O1').length, 0, 'syn, phi 68');
  assert.equal(bondsTo(at(-88), 'O1').length, 1, 'anti, phi 92');
  assert.equal(bondsTo(at(-92), 'O1').length, 0, 'anti, phi 88');
});

test('GEN acceptor (second-ranked O3- of a terminal PO3): angle P-O-D >= 90 relaxes to 70', () => {
  const lig = methylPhosphate();
  const at = (beta: number) => complexOf([serineAt(beta)], lig.atoms, lig.bonds);
  assert.equal(acceptorClass(at(0), 'O1'), 'phosphate O3-', 'the first O3- in file order');
  assert.equal(acceptorClass(at(0), 'O3'), 'generic O3-');
  assert.equal(bondsTo(at(108), 'O3').length, 1, 'P-O3-D 72');
  assert.equal(bondsTo(at(112), 'O3').length, 0, 'P-O3-D 68');
});

test('metal rule: an acceptor within 4 A of a metal keeps the bond only if angle D-A-metal >= 45', () => {
  const lig = acetoneAtOrigin();
  const withZn = (deg: number): Complex => {
    const t = (deg * Math.PI) / 180;
    // One whole entry (one source file, one model): its zinc marks the ligand's acceptors.
    const c = { ...complexOf([serineDonor(3.0)], lig.atoms, lig.bonds), sources: [{ role: 'entry' as const, path: 'x.pdb', sha256: '' }] };
    c.metals = [residue('ZN', 500, [atom('ZN', 'Zn', [2.5 * Math.cos(t), 0, 2.5 * Math.sin(t)])])];
    return c;
  };
  assert.equal(findHBonds(withZn(47)).length, 1);
  assert.equal(findHBonds(withZn(43)).length, 0);
});

test('water donor without H: D-A <= 3.27 + 0.4 to a planar O; waters are out by default', () => {
  const lig = acetoneAtOrigin();
  const water = (r: number) => complexOf([], lig.atoms, lig.bonds, [{ ...residue('HOH', 301, [atom('O', 'O', [r, 0, 0])]), hetero: true }]);
  assert.equal(findHBonds(water(3.65), { waters: true }).length, 1);
  assert.equal(findHBonds(water(3.69), { waters: true }).length, 0);
  assert.equal(findHBonds(water(3.0)).length, 0, 'default: pocket and ligand only');
  const b = findHBonds(water(3.0), { waters: true })[0];
  assert.equal(b.donor.residueName, 'HOH');
  assert.equal(b.hydrogen, null);
  assert.equal(b.distanceHA, null);
});
