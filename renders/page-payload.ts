// What the page receives: a scene to load (atoms in the model frame, the ligand already
// moved by its own transform, colours, bonds, labels, the camera's projection) and, per
// shot, the model -> eye matrix. Bonds are drawn as single sticks whatever their order
// (as ChimeraX's stick style does).
import type { Atom, Vec3 } from '../structures/model.ts';
import { bondsByDistance } from '../structures/bonds-by-distance.ts';
import { multiply, transformPoint } from './rigid-motion.ts';
import { drawnScene } from './scene-atoms.ts';
import { ligandMatrixOf, ligandModelMatrix, type ScenePose } from './scene-pose.ts';
import type { SceneSpec } from './scene-spec.ts';
import type { LabelStyle } from './style.ts';

export interface PageAtom {
  elem: string;
  x: number;
  y: number;
  z: number;
  color: string | null;
  bonds: number[];
  bondOrder: number[];
}

export interface PageScene {
  width: number;
  height: number;
  antialias: boolean;
  background: string;
  /** The camera's projection matrix, column-major. */
  projection: number[];
  representation: 'stick' | 'sphere';
  stickRadius: number;
  sphereRadius: number;
  atoms: PageAtom[];
  labels: { text: string; x: number; y: number; z: number }[];
  label: LabelStyle;
}

export function pageScene(spec: SceneSpec): PageScene {
  const drawn = drawnScene(spec.complex, spec.subset, spec.style);
  const ligandModel = ligandModelMatrix(ligandMatrixOf(spec), spec.camera.view);
  const positions: Vec3[] = drawn.atoms.map((a) => (a.part === 'ligand' ? transformPoint(ligandModel, a.xyz) : a.xyz));
  const atoms: PageAtom[] = drawn.atoms.map((a, i) => ({
    elem: a.element, x: positions[i][0], y: positions[i][1], z: positions[i][2], color: a.color, bonds: [], bondOrder: [],
  }));
  const link = (i: number, j: number) => {
    atoms[i].bonds.push(j); atoms[i].bondOrder.push(1);
    atoms[j].bonds.push(i); atoms[j].bondOrder.push(1);
  };
  // Pocket: bonds by distance over the drawn pocket atoms.
  const pocketIdx = drawn.atoms.flatMap((a, i) => (a.part === 'pocket' ? [i] : []));
  const pocketAtoms: Atom[] = pocketIdx.map((i, k) => ({
    name: drawn.atoms[i].atomName, element: drawn.atoms[i].element, xyz: drawn.atoms[i].xyz,
    occupancy: 1, serial: k + 1, isHydrogen: drawn.atoms[i].element === 'H',
  }));
  for (const b of bondsByDistance(pocketAtoms)) link(pocketIdx[b.a], pocketIdx[b.b]);
  // Ligand: the file's bonds, between atoms that are drawn.
  const ligandFirst = drawn.atoms.findIndex((a) => a.part === 'ligand');
  if (ligandFirst >= 0) {
    const drawnIndexOf = new Map<number, number>();
    let k = ligandFirst;
    spec.complex.ligand.atoms.forEach((a, i) => {
      if (a.isHydrogen && !spec.style.hydrogens) return;
      drawnIndexOf.set(i, k++);
    });
    for (const b of spec.complex.ligand.bonds) {
      const i = drawnIndexOf.get(b.a), j = drawnIndexOf.get(b.b);
      if (i !== undefined && j !== undefined) link(i, j);
    }
  }
  return {
    width: spec.camera.width,
    height: spec.camera.height,
    antialias: spec.style.antialias,
    background: spec.style.background,
    projection: spec.camera.projectionMatrix,
    representation: spec.style.representation,
    stickRadius: spec.style.stickRadius,
    sphereRadius: spec.style.sphereRadius,
    atoms,
    labels: drawn.labels.map((l) => ({ text: l.text, x: positions[l.atom][0], y: positions[l.atom][1], z: positions[l.atom][2] })),
    label: spec.style.labels,
  };
}

/** The shot matrix: model frame -> eye frame for the page's (ligand-moved) coordinates. */
export function shotMatrix(spec: SceneSpec, pose: ScenePose): number[] {
  return Array.from(multiply(pose.sceneMatrix, spec.camera.view));
}
