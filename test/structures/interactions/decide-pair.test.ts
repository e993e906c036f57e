// The one decision per kind on geometry built by hand: two benzene rings placed face to face,
// edge to face, tilted in between, slid apart; a cation above a ring and beside it; a
// C-Cl...O=C halogen bond straight and bent. Expected verdicts follow from the geometry and the
// published limits (docs/interactions.md), not from the code.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { AtomGraph, GraphAtom } from '../../../structures/hbonds/atom-graph.ts';
import type { ChargedGroup } from '../../../structures/interactions/charged-groups.ts';
import { decideCationPi, decideHalogenBond, decideSaltBridge, decideStacking } from '../../../structures/interactions/decide-pair.ts';
import type { Ring } from '../../../structures/interactions/rings.ts';
import type { Vec3 } from '../../../structures/model.ts';

/** A benzene ring (radius 1.39 A) centred at `c` in the plane spanned by unit vectors u, v. */
function benzene(c: Vec3, u: Vec3, v: Vec3, side: 'pocket' | 'ligand'): Ring {
  const atoms: number[] = [0, 1, 2, 3, 4, 5];
  const n: Vec3 = [u[1] * v[2] - u[2] * v[1], u[2] * v[0] - u[0] * v[2], u[0] * v[1] - u[1] * v[0]];
  return { atoms, side, group: 0, centre: c, normal: n, basis: 'aromatic' };
}
const X: Vec3 = [1, 0, 0];
const Y: Vec3 = [0, 1, 0];
const Z: Vec3 = [0, 0, 1];

test('two parallel rings 3.8 A apart, centred over each other, stack face to face', () => {
  const v = decideStacking(benzene([0, 0, 0], X, Y, 'pocket'), benzene([0, 0, 3.8], X, Y, 'ligand'));
  assert.equal(v.found, true);
  assert.equal(v.geometry, 'face-to-face');
  assert.ok(Math.abs(v.distance - 3.8) < 1e-9);
  assert.ok(v.offset! < 1e-9);
});

test('a ring standing on its edge 5.0 A above another stacks edge to face (T-shaped)', () => {
  const v = decideStacking(benzene([0, 0, 0], X, Y, 'pocket'), benzene([0, 0, 5.0], X, Z, 'ligand'));
  assert.equal(v.found, true);
  assert.equal(v.geometry, 'edge-to-face');
});

test('planes at 45 degrees stack neither way; a 2.5 A slide is past the offset limit; 5.6 A is too far', () => {
  const s = Math.SQRT1_2;
  assert.equal(decideStacking(benzene([0, 0, 0], X, Y, 'pocket'), benzene([0, 0, 4], X, [0, s, s], 'ligand')).found, false);
  const slid = decideStacking(benzene([0, 0, 0], X, Y, 'pocket'), benzene([2.5, 0, 3.5], X, Y, 'ligand'));
  assert.equal(slid.found, false);
  assert.match(slid.reason, /offset 2\.50 A/);
  assert.equal(decideStacking(benzene([0, 0, 0], X, Y, 'pocket'), benzene([0, 0, 5.6], X, Y, 'ligand')).found, false);
});

const cation = (centre: Vec3): ChargedGroup => ({ sign: 'positive', side: 'ligand', group: 1, atoms: [6], centre, label: 'amine' });
const emptyGraph = { atoms: [], rings: [], ringsOf: [], groups: [] } as unknown as AtomGraph;

test('a cation 4.5 A above a ring centre is cation-pi; 3 A to the side, or 6.2 A above, is not', () => {
  const ring = benzene([0, 0, 0], X, Y, 'pocket');
  assert.equal(decideCationPi(emptyGraph, ring, cation([0, 0, 4.5])).found, true);
  assert.equal(decideCationPi(emptyGraph, ring, cation([3, 0, 3])).found, false);
  assert.equal(decideCationPi(emptyGraph, ring, cation([0, 0, 6.2])).found, false);
});

test('charge centres 4.0 A apart make a salt bridge, 5.6 A apart do not, like charges never', () => {
  const pos = (c: Vec3): ChargedGroup => ({ sign: 'positive', side: 'pocket', group: 0, atoms: [0], centre: c, label: 'LYS' });
  const neg = (c: Vec3): ChargedGroup => ({ sign: 'negative', side: 'ligand', group: 1, atoms: [1], centre: c, label: 'carboxylate' });
  assert.equal(decideSaltBridge(pos([0, 0, 0]), neg([4, 0, 0])).found, true);
  assert.equal(decideSaltBridge(pos([0, 0, 0]), neg([5.6, 0, 0])).found, false);
  assert.equal(decideSaltBridge(pos([0, 0, 0]), { ...pos([4, 0, 0]), side: 'ligand' }).found, false);
});

/** Atoms C (0), Cl (1), O (2), C of the carbonyl (3) at the given places. */
function halogenGraph(cl: Vec3, o: Vec3, y: Vec3): AtomGraph {
  const atom = (index: number, element: string, xyz: Vec3) => ({ index, element, xyz }) as GraphAtom;
  return { atoms: [atom(0, 'C', [0, 0, 0]), atom(1, 'Cl', cl), atom(2, 'O', o), atom(3, 'C', y)], rings: [], ringsOf: [], groups: [] };
}

test('C-Cl...O straight (180 deg) with the O-C at 120 deg is a halogen bond; bent to 120 deg at the Cl it is not', () => {
  // Cl 1.75 A along x, O 3.1 A further along x; the carbonyl C placed so X...O=C is 120 deg.
  const o: Vec3 = [4.85, 0, 0];
  const y: Vec3 = [4.85 + 1.23 * Math.cos(Math.PI / 3), 1.23 * Math.sin(Math.PI / 3), 0];
  const straight = decideHalogenBond(halogenGraph([1.75, 0, 0], o, y), 1, 0, 2, 3);
  assert.equal(straight.found, true);
  assert.ok(Math.abs(straight.angle! - 180) < 1e-6);
  // The O moved so that C-Cl...O is 120 deg.
  const bentO: Vec3 = [1.75 + 3.1 * Math.cos(Math.PI / 3), 3.1 * Math.sin(Math.PI / 3), 0];
  const bent = decideHalogenBond(halogenGraph([1.75, 0, 0], bentO, [bentO[0] + 1.23, bentO[1], 0]), 1, 0, 2, 3);
  assert.equal(bent.found, false);
  assert.match(bent.reason, /C-X\.\.\.A 120 deg/);
});
