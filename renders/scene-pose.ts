// Where every drawn atom of a scene ends up: the ligand matrix, the scene matrix, and the
// eye-frame position of each atom (the ground truth that annotations and the page share).
import type { Vec3 } from '../structures/model.ts';
import { viewCommands } from './views.ts';
import { commandsMatrix, identity, invert, multiply, transformPoint, type Mat4 } from './rigid-motion.ts';
import type { SceneSpec } from './scene-spec.ts';
import { drawnScene, type DrawnScene } from './scene-atoms.ts';

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
  // Heavy atoms of the whole complex (or of what is drawn), in the eye frame after the ligand's own motion.
  const centrePoints: Vec3[] = [];
  if (spec.turnCentre === 'shown') {
    for (const a of drawn.atoms) if (a.element !== 'H') centrePoints.push(transformPoint(a.part === 'ligand' ? ligandEye : view, a.xyz));
  } else {
    for (const r of spec.complex.pocket) for (const a of r.atoms) if (!a.isHydrogen) centrePoints.push(transformPoint(view, a.xyz));
    for (const a of spec.complex.ligand.atoms) if (!a.isHydrogen) centrePoints.push(transformPoint(ligandEye, a.xyz));
  }
  const sceneMatrix = commandsMatrix([...spec.transform, ...viewCommands(spec.view)], centrePoints);
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
