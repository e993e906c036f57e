// Cutting a binding pocket from a whole protein as PDBbind does: every residue with any atom
// within `radius` angstrom of any ligand atom. Whether hydrogens count (on either side) is
// an option; the default is the one that reproduces PDBbind's pocket files more often
// (measured in test/structures/pocket-cut.test.ts against the complexes of ../shared).
import type { Residue, Vec3 } from './model.ts';
import { SpatialGrid } from './spatial-grid.ts';

export const DEFAULT_POCKET_RADIUS = 10;

export interface PocketCutOptions {
  /** Angstrom. */
  radius?: number;
  /** Count hydrogen atoms (protein and ligand) in the distance test. */
  withHydrogens?: boolean;
}

/** Default: heavy atoms only (see the measurement cited above). */
export const DEFAULT_POCKET_HYDROGENS = false;

/** The residues of `residues` that have an atom within the radius of a ligand atom, in order. */
export function cutPocket(
  residues: Residue[],
  ligandAtoms: Array<{ xyz: Vec3; isHydrogen: boolean }>,
  options: PocketCutOptions = {},
): Residue[] {
  const radius = options.radius ?? DEFAULT_POCKET_RADIUS;
  const withH = options.withHydrogens ?? DEFAULT_POCKET_HYDROGENS;
  const grid = new SpatialGrid<true>(Math.max(radius, 1));
  for (const a of ligandAtoms) if (withH || !a.isHydrogen) grid.add(a.xyz, true);
  return residues.filter((r) => r.atoms.some((a) => (withH || !a.isHydrogen) && grid.any(a.xyz, radius)));
}

/** Shortest distance from any heavy atom of `residues` to any heavy ligand atom (Infinity if none). */
export function nearestHeavyDistance(residues: Residue[], ligandAtoms: Array<{ xyz: Vec3; isHydrogen: boolean }>): number {
  let best = Infinity;
  const heavy = ligandAtoms.filter((a) => !a.isHydrogen);
  for (const r of residues) for (const a of r.atoms) {
    if (a.isHydrogen) continue;
    for (const l of heavy) {
      const d2 = (a.xyz[0] - l.xyz[0]) ** 2 + (a.xyz[1] - l.xyz[1]) ** 2 + (a.xyz[2] - l.xyz[2]) ** 2;
      if (d2 < best) best = d2;
    }
  }
  return Math.sqrt(best);
}
