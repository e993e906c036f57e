// The bonds a scene draws, as pairs of drawn-atom indices (renders/scene-atoms.ts order):
// the pocket's by distance over its drawn atoms (structures/bonds-by-distance.ts), the
// ligand's from its file, between atoms that are drawn. The page draws these sticks; the
// label layout keeps labels off them (renders/clearance-grid.ts).

import { bondsByDistance } from '../structures/bonds-by-distance.ts';
import type { Atom } from '../structures/model.ts';
import { type DrawnScene, drawnScene } from './scene-atoms.ts';
import type { SceneSpec } from './scene-spec.ts';

/** Bonds of a drawn scene's pocket, by drawn scene (each is made once). */
const pocketBondCache = new WeakMap<DrawnScene, Int32Array>();

/** The pocket's bonds: by distance over the drawn pocket atoms (the same for every image of the scene). */
export function pocketBonds(drawn: DrawnScene): Int32Array {
  const hit = pocketBondCache.get(drawn);
  if (hit) return hit;
  const pocketIdx = drawn.atoms.flatMap((a, i) => (a.part === 'pocket' ? [i] : []));
  const pocketAtoms: Atom[] = pocketIdx.map((i, k) => ({
    name: drawn.atoms[i].atomName,
    element: drawn.atoms[i].element,
    xyz: drawn.atoms[i].xyz,
    occupancy: 1,
    serial: k + 1,
    isHydrogen: drawn.atoms[i].element === 'H',
  }));
  const bonds = bondsByDistance(pocketAtoms);
  const pairs = new Int32Array(2 * bonds.length);
  bonds.forEach((b, k) => {
    pairs[2 * k] = pocketIdx[b.a];
    pairs[2 * k + 1] = pocketIdx[b.b];
  });
  pocketBondCache.set(drawn, pairs);
  return pairs;
}

/** The ligand's bonds from its file, between drawn atoms, as pairs of drawn indices. */
export function ligandBonds(spec: Pick<SceneSpec, 'complex' | 'style'>, drawn: DrawnScene): Int32Array {
  const first = drawn.atoms.findIndex((a) => a.part === 'ligand');
  if (first < 0) return new Int32Array(0);
  const drawnIndexOf = new Map<number, number>();
  let k = first;
  spec.complex.ligand.atoms.forEach((a, i) => {
    if (a.isHydrogen && !spec.style.hydrogens) return;
    drawnIndexOf.set(i, k++);
  });
  const out: number[] = [];
  for (const b of spec.complex.ligand.bonds) {
    const i = drawnIndexOf.get(b.a),
      j = drawnIndexOf.get(b.b);
    if (i !== undefined && j !== undefined) out.push(i, j);
  }
  return Int32Array.from(out);
}

/** Every bond the scene draws: the pocket's, then the ligand's. */
export function drawnBonds(spec: Pick<SceneSpec, 'complex' | 'style' | 'subset'>): Int32Array {
  const drawn = drawnScene(spec.complex, spec.subset, spec.style);
  const pocket = pocketBonds(drawn),
    ligand = ligandBonds(spec, drawn);
  const all = new Int32Array(pocket.length + ligand.length);
  all.set(pocket);
  all.set(ligand, pocket.length);
  return all;
}
