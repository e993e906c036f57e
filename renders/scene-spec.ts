// A scene: everything needed to draw one image, declared as data. The renderer draws
// exactly this and computes no answers.
//
// Order of motions, in the eye frame of the complex's camera (see camera.ts):
// 1. `ligandTransform` moves the ligand alone; its rolls turn about the centre of the
//    ligand's bounding box (heavy atoms) before the sequence, carried along by its earlier
//    commands (see commandsMatrix).
// 2. `transform` then the view's rolls move the whole scene; their rolls turn about the
//    centre of the bounding box of the whole complex's heavy atoms (pocket + ligand, the
//    ligand where step 1 left it), whatever the subset draws. So every subset of a complex
//    under the same transforms and view lines up exactly with the full complex.
import type { Complex } from '../structures/model.ts';
import type { Camera } from './camera.ts';
import type { Command } from './commands.ts';
import type { Style } from './style.ts';
import type { Subset } from './subset.ts';
import type { ViewName } from './views.ts';

export interface SceneSpec {
  complex: Complex;
  subset: Subset;
  style: Style;
  /** The complex's camera (complexCamera), shared by every scene of that complex. */
  camera: Camera;
  view: ViewName;
  /** Commands for the whole scene, applied before the view. */
  transform: Command[];
  /** Commands for the ligand alone, applied first. */
  ligandTransform: Command[];
  /**
   * What rolls and views turn about: `complex` (default, step 2 above) or `shown`: the
   * centre of the bounding box of the drawn heavy atoms (a question framed on what it shows,
   * such as residue-ligand's subject framing).
   */
  turnCentre?: TurnCentre;
}

export type TurnCentre = 'complex' | 'shown';

export type ImageFormat = 'png' | 'webp' | 'jpeg';
