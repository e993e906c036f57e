// Bonds by distance, for groups without a template (hetero groups, waters' hydrogens) and
// for hydrogens whose names do not say where they sit.
import type { Vec3 } from '../model.ts';
import { distance } from './vector-math.ts';

/** Covalent radii in angstrom (common elements; others fall back to 1.5). */
const RADIUS: Record<string, number> = {
  H: 0.32,
  B: 0.85,
  C: 0.77,
  N: 0.73,
  O: 0.73,
  F: 0.71,
  Si: 1.17,
  P: 1.06,
  S: 1.02,
  Cl: 0.99,
  As: 1.19,
  Se: 1.16,
  Br: 1.14,
  I: 1.33,
};

export function covalentRadius(element: string): number {
  return RADIUS[element] ?? 1.5;
}

/** True when two atoms are close enough to be bonded (sum of radii + 0.4 A). */
export function bondedByDistance(e1: string, p1: Vec3, e2: string, p2: Vec3): boolean {
  if (e1 === 'H' && e2 === 'H') return false;
  const d = distance(p1, p2);
  return d > 0.4 && d <= covalentRadius(e1) + covalentRadius(e2) + 0.4;
}

export interface PlacedAtom {
  element: string;
  xyz: Vec3;
  isH: boolean;
}

/** All bonds by distance among `atoms` (indices into the list); H takes only its nearest heavy atom. */
export function distanceBonds(atoms: PlacedAtom[]): [number, number][] {
  const bonds: [number, number][] = [];
  for (let i = 0; i < atoms.length; i++) {
    if (atoms[i].isH) continue;
    for (let j = i + 1; j < atoms.length; j++) {
      if (atoms[j].isH) continue;
      if (bondedByDistance(atoms[i].element, atoms[i].xyz, atoms[j].element, atoms[j].xyz)) bonds.push([i, j]);
    }
  }
  for (let h = 0; h < atoms.length; h++) {
    if (!atoms[h].isH) continue;
    const k = nearestHeavy(atoms, atoms[h].xyz, 1.6);
    if (k >= 0) bonds.push([k, h]);
  }
  return bonds;
}

/** Index of the nearest non-hydrogen within `cutoff` angstrom of `p`, or -1. */
export function nearestHeavy(atoms: PlacedAtom[], p: Vec3, cutoff: number): number {
  let best = -1;
  let bestD = cutoff;
  atoms.forEach((a, k) => {
    if (a.isH) return;
    const d = distance(a.xyz, p);
    if (d <= bestD) {
      bestD = d;
      best = k;
    }
  });
  return best;
}
