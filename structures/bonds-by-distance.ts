// Connectivity for atoms that come without bonds (a ligand taken from a PDB entry): two
// atoms are bonded when closer than the sum of their covalent radii plus a tolerance,
// together with any CONECT records of the file. Bond orders are unknown and written as 1.
import type { Atom, Bond } from './model.ts';
import { SpatialGrid } from './spatial-grid.ts';

/** Covalent radii in angstrom (Cordero et al. 2008, rounded); others default to 1.5. */
const COVALENT_RADIUS: Record<string, number> = {
  H: 0.31,
  B: 0.84,
  C: 0.76,
  N: 0.71,
  O: 0.66,
  F: 0.57,
  Si: 1.11,
  P: 1.07,
  S: 1.05,
  Cl: 1.02,
  Se: 1.2,
  Br: 1.2,
  I: 1.39,
  Fe: 1.32,
  Zn: 1.22,
  Mg: 1.41,
  Cu: 1.32,
  Co: 1.26,
  Mn: 1.39,
  Ca: 1.76,
};

export const BOND_TOLERANCE = 0.45;

const radius = (el: string) => COVALENT_RADIUS[el] ?? 1.5;

export function bondsByDistance(atoms: Atom[], conect: Array<[number, number]> = []): Bond[] {
  const grid = new SpatialGrid<number>(3.5);
  atoms.forEach((a, i) => grid.add(a.xyz, i));
  const seen = new Set<string>();
  const bonds: Bond[] = [];
  const add = (a: number, b: number) => {
    const k = a < b ? `${a}-${b}` : `${b}-${a}`;
    if (a === b || seen.has(k)) return;
    seen.add(k);
    bonds.push({ a: Math.min(a, b), b: Math.max(a, b), order: 1 });
  };
  atoms.forEach((a, i) => {
    for (const { item: j, distance } of grid.within(a.xyz, 3.5)) {
      if (j <= i) continue;
      if (a.isHydrogen && atoms[j].isHydrogen) continue;
      if (distance > 0.4 && distance <= radius(a.element) + radius(atoms[j].element) + BOND_TOLERANCE) add(i, j);
    }
  });
  const bySerial = new Map(atoms.map((a, i) => [a.serial, i]));
  for (const [s, t] of conect) {
    const a = bySerial.get(s),
      b = bySerial.get(t);
    if (a !== undefined && b !== undefined) add(a, b);
  }
  return bonds.sort((x, y) => x.a - y.a || x.b - y.b);
}
