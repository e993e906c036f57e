// The camera of one residue-ligand question (subject framing, the default): placed by the
// complex camera's rule (ChimeraX's `view`: same projection, field of view, size and pad)
// on what the question shows, the residue and the ligand. The bounding box of their heavy
// atoms is made a cube (each half-extent set to the largest of the three, about the same
// centre) before framing, so the six views, which turn about that centre (turnCentre
// `shown`), all fit in the frame. The option choosing it or the complex camera
// (`--residue-framing`) belongs to the task: qa/tasks/residue-ligand.ts.

import { type Camera, frameCamera } from '../renders/camera.ts';
import { boundingBox, boxCentre } from '../renders/rigid-motion.ts';
import { isSubsetResidue, type Subset } from '../renders/subset.ts';
import type { Vec3 } from '../structures/model.ts';
import type { PreparedComplex } from './task.ts';

/** Heavy atoms of the subset's residue(s) and the ligand, model frame. */
export function residueSubjectPoints(c: PreparedComplex, subset: Extract<Subset, { kind: 'residue' }>): Vec3[] {
  const points: Vec3[] = [];
  for (const r of c.complex.pocket) if (isSubsetResidue(subset, r)) for (const a of r.atoms) if (!a.isHydrogen) points.push(a.xyz);
  for (const a of c.complex.ligand.atoms) if (!a.isHydrogen) points.push(a.xyz);
  return points;
}

/** The eight corners of the cube about the points' bounding box (half-extent: its largest). */
export function cubeCorners(points: readonly Vec3[]): Vec3[] {
  const box = boundingBox(points);
  const centre = boxCentre(box);
  const half = Math.max(...[0, 1, 2].map((i) => (box.max[i] - box.min[i]) / 2));
  const corners: Vec3[] = [];
  for (const sx of [-1, 1])
    for (const sy of [-1, 1]) for (const sz of [-1, 1]) corners.push([centre[0] + sx * half, centre[1] + sy * half, centre[2] + sz * half]);
  return corners;
}

export function residueCamera(c: PreparedComplex, subset: Extract<Subset, { kind: 'residue' }>): Camera {
  const { camera } = c;
  return frameCamera(cubeCorners(residueSubjectPoints(c, subset)), {
    projection: camera.projection,
    fovDeg: camera.fovDeg,
    width: camera.width,
    height: camera.height,
    pad: camera.pad,
  });
}
