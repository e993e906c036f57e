// The camera of one docking question. The complex's own camera frames pocket + ligand with a
// 5 % pad, so a ligand moved just clear of the pocket would sit half outside the picture
// (on the first 20 complexes of ../shared a median of 59 % of its atoms stayed inside, at
// worst 4 %). A docking question is therefore framed, as ChimeraX's `view` would frame what
// it shows, on the pocket plus the ligand where the displacement puts it, with the complex
// camera's projection, field of view, size and pad. All seven images of the question share
// this camera, so the pocket and the displaced ligand still overlay exactly.

import { type Camera, frameCamera } from '../renders/camera.ts';
import type { Command } from '../renders/commands.ts';
import { transformPoint } from '../renders/rigid-motion.ts';
import { ligandMatrixOf, ligandModelMatrix } from '../renders/scene-pose.ts';
import type { Vec3 } from '../structures/model.ts';
import type { PreparedComplex } from './task.ts';

export function dockingCamera(c: PreparedComplex, displacement: Command[]): Camera {
  const { complex, camera } = c;
  const ligandModel = ligandModelMatrix(ligandMatrixOf({ complex, camera, ligandTransform: displacement }), camera.view);
  const points: Vec3[] = [];
  for (const r of complex.pocket) for (const a of r.atoms) if (!a.isHydrogen) points.push(a.xyz);
  for (const a of complex.ligand.atoms) if (!a.isHydrogen) points.push(transformPoint(ligandModel, a.xyz));
  return frameCamera(points, {
    projection: camera.projection,
    fovDeg: camera.fovDeg,
    width: camera.width,
    height: camera.height,
    pad: camera.pad,
  });
}
