// Where every drawn atom of a scene ends up: the ligand matrix, the scene matrix, and the
// eye-frame position of each atom (the ground truth that annotations and the page share).
import type { Vec3 } from '../structures/model.ts';
import {
  boundingBox,
  boxCentre,
  commandsMatrix,
  commandsMatrixAbout,
  emptyBox,
  growBox,
  identity,
  invert,
  type Mat4,
  multiply,
  transformPoint,
} from './rigid-motion.ts';
import { viewCommands } from './views.ts';

const IDENTITY = identity();

import { type DrawnScene, drawnScene } from './scene-atoms.ts';
import type { SceneSpec } from './scene-spec.ts';

export interface ScenePose {
  drawn: DrawnScene;
  /** Eye frame -> eye frame motion of the ligand alone (step 1). */
  ligandMatrix: Mat4;
  /** Eye frame -> eye frame motion of the whole scene, transform then view (step 2). */
  sceneMatrix: Mat4;
  /** Eye-frame position of each drawn atom, in drawn order. */
  eye: Vec3[];
}

/** The ligand matrix alone (it does not depend on the view or scene transform). */
export function ligandMatrixOf(spec: Pick<SceneSpec, 'complex' | 'camera' | 'ligandTransform'>): Mat4 {
  if (spec.ligandTransform.length === 0) return identity();
  const heavy = spec.complex.ligand.atoms.filter((a) => !a.isHydrogen).map((a) => a.xyz);
  return commandsMatrix(spec.ligandTransform, heavy.length ? heavy : spec.complex.ligand.atoms.map((a) => a.xyz), spec.camera.view);
}

export function poseScene(spec: SceneSpec): ScenePose {
  const drawn = drawnScene(spec.complex, spec.subset, spec.style);
  const view = spec.camera.view;
  const ligandMatrix = ligandMatrixOf(spec);
  const ligandEye = multiply(ligandMatrix, view);
  // The turns' centre: the box of the heavy atoms of the whole complex (or of what is
  // drawn), in the eye frame after the ligand's own motion. Grown point by point (this runs
  // per image, and lists of moved points were most of a run's garbage), then through the
  // identity, as commandsMatrix measures its points.
  const centre = (): Vec3 => {
    const eyeBox = emptyBox();
    if (spec.turnCentre === 'shown') {
      for (const a of drawn.atoms) if (a.element !== 'H') growBox(eyeBox, a.xyz, a.part === 'ligand' ? ligandEye : view);
    } else {
      for (const r of spec.complex.pocket) for (const a of r.atoms) if (!a.isHydrogen) growBox(eyeBox, a.xyz, view);
      for (const a of spec.complex.ligand.atoms) if (!a.isHydrogen) growBox(eyeBox, a.xyz, ligandEye);
    }
    if (eyeBox.min[0] === Infinity) throw new Error('bounding box of no points');
    return boxCentre(boundingBox([eyeBox.min, eyeBox.max], IDENTITY));
  };
  const sceneMatrix = commandsMatrixAbout([...spec.transform, ...viewCommands(spec.view)], centre);
  const pocketFull = multiply(sceneMatrix, view);
  const ligandFull = multiply(sceneMatrix, ligandEye);
  const eye = drawn.atoms.map((a) => transformPoint(a.part === 'ligand' ? ligandFull : pocketFull, a.xyz));
  return { drawn, ligandMatrix, sceneMatrix, eye };
}

/**
 * What the page needs to place the ligand: its model-frame coordinates after the ligand's
 * own motion, view^-1 * ligandMatrix * view * p, so one scene matrix serves both parts.
 */
export function ligandModelMatrix(ligandMatrix: Mat4, view: ArrayLike<number>): Mat4 {
  return multiply(invert(view), multiply(ligandMatrix, view));
}
