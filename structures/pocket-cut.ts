// Cutting a binding pocket from a whole protein as PDBbind does: every residue with an atom
// within `radius` angstrom of a ligand atom. Which hydrogens count is an option. Measured on
// the 23 complexes of ../shared that have both files (test/structures/pocket-cut.test.ts):
// counting protein hydrogens and ligand heavy atoms reproduces PDBbind's pocket file 12
// times, against once each for no hydrogens, ligand hydrogens only, and both; so that is the default.
import type { Residue, Vec3 } from './model.ts';
import { SpatialGrid } from './spatial-grid.ts';

export const DEFAULT_POCKET_RADIUS = 10;
export const DEFAULT_POCKET_HYDROGENS = true;

export interface PocketCutOptions {
  /** Angstrom. */
  radius?: number;
  /** Count the protein's hydrogen atoms in the distance test (default true). */
  withHydrogens?: boolean;
  /** Count the ligand's hydrogen atoms in the distance test (default false). */
  ligandHydrogens?: boolean;
}

type Point = { xyz: Vec3; isHydrogen: boolean };

/** The residues of `residues` that have an atom within the radius of a ligand atom, in order. */
export function cutPocket(residues: Residue[], ligandAtoms: Point[], options: PocketCutOptions = {}): Residue[] {
  const radius = options.radius ?? DEFAULT_POCKET_RADIUS;
  const withH = options.withHydrogens ?? DEFAULT_POCKET_HYDROGENS;
  const grid = new SpatialGrid<true>(Math.max(radius, 1));
  for (const a of ligandAtoms) if (options.ligandHydrogens || !a.isHydrogen) grid.add(a.xyz, true);
  return residues.filter((r) => r.atoms.some((a) => (withH || !a.isHydrogen) && grid.any(a.xyz, radius)));
}

/** Shortest distance from any atom of `residues` to any ligand atom, heavy atoms unless told. */
export function nearestDistance(residues: Residue[], ligandAtoms: Point[], withHydrogens = false): number {
  let best = Infinity;
  const lig = ligandAtoms.filter((a) => withHydrogens || !a.isHydrogen);
  for (const r of residues)
    for (const a of r.atoms) {
      if (a.isHydrogen && !withHydrogens) continue;
      for (const l of lig) {
        const d2 = (a.xyz[0] - l.xyz[0]) ** 2 + (a.xyz[1] - l.xyz[1]) ** 2 + (a.xyz[2] - l.xyz[2]) ** 2;
        if (d2 < best) best = d2;
      }
    }
  return Math.sqrt(best);
}
