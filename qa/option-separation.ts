// "The four options look different", judged from annotation records (never from pixels, so
// every machine decides alike): for every pair of option images, the mean on-screen
// distance between the positions of the same drawn atom must reach a threshold.
import { type Annotation, annotatedAtoms } from '../renders/annotation.ts';
import { poseScene } from '../renders/scene-pose.ts';
import type { SceneSpec } from '../renders/scene-spec.ts';

/** Least mean displacement between two options, in pixels of a 512-pixel-wide image
 * (scaled with the image width). About half a bond length on screen at the usual framing. */
export const MIN_OPTION_SEPARATION_PX = 8;

/** The atoms of a scene's annotation record, computed without drawing it. (Only the atoms:
 * laying out its labels, which the record also holds, took most of the planning's CPU and
 * blocked the event loop for seconds, the pages idle meanwhile.) */
export function annotationOf(spec: SceneSpec): Pick<Annotation, 'atoms'> {
  return { atoms: annotatedAtoms(spec, poseScene(spec)) };
}

/** Mean pixel distance between the same atoms in two records of the same drawn atoms. */
export function meanDisplacement(a: Pick<Annotation, 'atoms'>, b: Pick<Annotation, 'atoms'>): number {
  if (a.atoms.length !== b.atoms.length || a.atoms.length === 0) {
    throw new Error(`cannot compare annotations of ${a.atoms.length} and ${b.atoms.length} atoms`);
  }
  let sum = 0;
  for (let i = 0; i < a.atoms.length; i++) sum += Math.hypot(a.atoms[i].x - b.atoms[i].x, a.atoms[i].y - b.atoms[i].y);
  return sum / a.atoms.length;
}

/** The smallest mean displacement over every pair of `records`. */
export function leastSeparation(records: readonly Pick<Annotation, 'atoms'>[]): number {
  let least = Infinity;
  for (let i = 0; i < records.length; i++) {
    for (let j = i + 1; j < records.length; j++) least = Math.min(least, meanDisplacement(records[i], records[j]));
  }
  return least;
}

/** The threshold for an image `width` pixels wide. */
export function separationThreshold(width: number): number {
  return (MIN_OPTION_SEPARATION_PX * width) / 512;
}
