// What a careful observer can measure (issue 42): for each question of a geometric task, how
// far apart, in pixels, the picture of the true answer and the pictures of its neighbouring
// answers are (a move of d vs d +- 1 A, a roll of a vs a +- 15 degrees), and what else the
// answer depends on that the question does not say (zooming: the camera's distance).
//
// A task is measured when it says which part of the scene its answer moves (TaskModule.motion,
// qa/task.ts). Everything is read from a question's record and the annotation of the one image
// that shows the true answer's effect (docs/annotations.md); no structure is read again:
//   - an answer of commands that moves the scene (translation, rotation, zooming): the last
//     image, the front view after the answer's commands;
//   - one that moves the ligand (docking): the last image (pocket and displaced ligand); a
//     neighbour changes the displacement (the answer undoes it, so its neighbours are the
//     displacement's);
//   - a choice whose options are pictures (translation_rotation, rotation_rotation): the right
//     option's image, whose transform ends with the right option's commands.
// The atoms' eye-frame positions are recovered from their pixels and depths (the inverse of
// renders/camera.ts projectEye), carried back through the annotation's motion to where they
// were before it, moved again by the neighbour's commands (renders/rigid-motion.ts, with the
// same centre of rotation, checked against the annotation's matrix) and projected. The
// shift of each drawn heavy atom visible in the true picture is measured: per question the
// median and the 5th percentile over atoms, and the change of the picture's extent (the
// larger of its width and height over those atoms: what a ruler laid on the picture reads,
// the measure of a change of size), each the least over the question's neighbours.

import { CommandsTruthSchema, LetterTruthSchema, parseTruth } from '../../qa/answer-kinds.ts';
import type { AnswerMotion } from '../../qa/task.ts';
import { taskById } from '../../qa/task-registry.ts';
import type { Annotation } from '../../renders/annotation.ts';
import { type Camera, projectEye } from '../../renders/camera.ts';
import { type Command, formatCommands, parseCommands } from '../../renders/commands.ts';
import { boundingBox, boxCentre, commandsMatrixAbout, invert, multiply, transformPoint } from '../../renders/rigid-motion.ts';
import { type ViewName, viewCommands } from '../../renders/views.ts';
import { KnownError } from '../../structures/known-error.ts';
import type { Vec3 } from '../../structures/model.ts';

/** How far a neighbouring answer is: a whole angstrom for a move, 15 degrees for a roll (the answers' grids). */
export const NEIGHBOUR_STEP: Record<Command['kind'], number> = { move: 1, roll: 15 };

/** The readability bar: neighbouring answers' pictures at least this far apart, pixels. */
export const READABLE_PX = 2;

/** Whether a neighbour's command is in the task's answer space (a neighbour outside it is no
 * answer anyone could give): never 0; the task's own rule, else a roll within +-90 degrees. */
export function inAnswerSpace(motion: Pick<AnswerMotion, 'inAnswerSpace'> | undefined, c: Command): boolean {
  if (c.amount === 0) return false;
  if (motion?.inAnswerSpace) return motion.inAnswerSpace(c);
  if (c.kind === 'roll') return Math.abs(c.amount) <= 90;
  return true;
}

/** The motion of a record's task (absent: its answer moves nothing, or the task is unknown). */
export const motionOf = (task: string): AnswerMotion | undefined => taskById(task)?.motion;

/** The shift between the true picture and one neighbour's, pixels. */
export interface NeighbourShift {
  /** The neighbour's commands (for docking: its displacement). */
  neighbour: string;
  median: number;
  p5: number;
  /** |extent of the neighbour's picture - extent of the true one|, pixels. */
  extent: number;
}

export interface QuestionMargin {
  id: string;
  task: string;
  /** The answer's commands. */
  answer: string;
  /** The amount of the answer's last command (zooming: its distance d). */
  amount: number;
  /** Heavy atoms measured (drawn, visible in the true picture, moved by the answer). */
  atoms: number;
  /** The least over the question's neighbours, pixels. */
  median: number;
  p5: number;
  extent: number;
  /** The true picture's extent, pixels. */
  size: number;
  /** Distance from the camera to the centre of rotation before the motion (the complex's
   * framed centre: the camera distance of the front view), angstrom. */
  centreDepth: number;
  neighbours: NeighbourShift[];
}

type Matrix = ArrayLike<number>;
type CameraLike = Pick<Camera, 'projectionMatrix' | 'width' | 'height'>;

/** The eye-frame point an annotated atom was projected from: the inverse of projectEye for
 * a projection matrix of mat4.perspective or mat4.ortho (no skew: p[1], p[3], p[4], p[7] zero). */
export function unproject(camera: CameraLike, atom: { x: number; y: number; depth: number }): Vec3 {
  const p = camera.projectionMatrix;
  const ez = -atom.depth;
  const cw = p[11] * ez + p[15];
  const nx = (2 * atom.x) / camera.width - 1;
  const ny = 1 - (2 * atom.y) / camera.height;
  return [(nx * cw - p[8] * ez - p[12]) / p[0], (ny * cw - p[9] * ez - p[13]) / p[5], ez];
}

/** The q-quantile of sorted values, interpolated linearly between ranks (NaN of none). */
export const quantile = (sorted: readonly number[], q: number): number => {
  if (sorted.length === 0) return NaN;
  const i = q * (sorted.length - 1);
  const lo = Math.floor(i);
  const hi = Math.ceil(i);
  return sorted[lo] + (sorted[hi] - sorted[lo]) * (i - lo);
};

const extentOf = (pts: readonly { x: number; y: number }[]): number => {
  let x0 = Infinity,
    x1 = -Infinity,
    y0 = Infinity,
    y1 = -Infinity;
  for (const p of pts) {
    if (p.x < x0) x0 = p.x;
    if (p.x > x1) x1 = p.x;
    if (p.y < y0) y0 = p.y;
    if (p.y > y1) y1 = p.y;
  }
  return Math.max(x1 - x0, y1 - y0);
};

const maxDiff = (a: Matrix, b: Matrix): number => {
  let m = 0;
  for (let i = 0; i < 16; i++) m = Math.max(m, Math.abs(a[i] - b[i]));
  return m;
};

/** How far the annotation's matrix may stray from the one rebuilt from its commands (the
 * pixels are rounded to 0.001 and the matrices to 12 decimals). */
const MATRIX_TOLERANCE = 0.01;

/** A picture that cannot be measured: the reason in plain words. */
export class MarginError extends KnownError {}

/** Each neighbour of `commands` (one command's amount +- its step, from `from` on) that `allowed` keeps. */
export function neighboursOf(commands: readonly Command[], from: number, allowed: (c: Command) => boolean): Command[][] {
  const out: Command[][] = [];
  for (let i = from; i < commands.length; i++) {
    for (const sign of [-1, 1]) {
      const c = commands[i];
      const changed = { ...c, amount: c.amount + sign * NEIGHBOUR_STEP[c.kind] };
      if (!allowed(changed)) continue;
      out.push(commands.map((d, k) => (k === i ? changed : d)));
    }
  }
  return out;
}

/**
 * The shifts between the true picture `ann` and its neighbours' pictures. `motion`: which
 * motion the answer is (`scene`: the annotation's transform, whose commands from `from` on
 * are the answer's; `ligand`: the ligand's own displacement, every command of it).
 */
export function pictureShifts(
  ann: Annotation,
  motion: 'scene' | 'ligand',
  from: number,
  allowed: (c: Command) => boolean,
): { atoms: number; size: number; centreDepth: number; neighbours: NeighbourShift[] } {
  // projectEye reads the projection matrix and the image size alone, which the annotation has.
  const camera = {
    ...ann.camera,
    projection: ann.camera.projection as Camera['projection'],
    pad: 0,
    distance: 0,
    halfWidth: 0,
  } satisfies Camera;
  const heavy = ann.atoms.filter((a) => a.element !== 'H' && (motion === 'scene' || a.part === 'ligand'));
  if (heavy.length === 0) throw new MarginError(`image ${ann.key}: no heavy atom ${motion === 'ligand' ? 'of the ligand ' : ''}drawn`);
  const eye = heavy.map((a) => unproject(camera, a));
  const scene = ann.sceneMatrix;
  const view = viewCommands(ann.view as ViewName);
  // Before: where the moved atoms were before the answer's motion; `redo(commands)` the motion
  // of the true picture (for the check) or of a neighbour.
  let before: Vec3[];
  let redo: (commands: readonly Command[]) => Matrix;
  let commands: Command[];
  let centreDepth: number;
  if (motion === 'scene') {
    commands = parseCommands(ann.transform);
    if (ann.turnCentre !== 'shown' && ann.subset !== 'full')
      throw new MarginError(
        `image ${ann.key}: turns about the complex but draws only '${ann.subset}': its centre is not in the annotation`,
      );
    const undo = invert(scene);
    before = eye.map((p) => transformPoint(undo, p));
    const centre = boxCentre(boundingBox(before));
    centreDepth = -centre[2];
    redo = (c) => commandsMatrixAbout([...c, ...view], () => centre);
    const check = maxDiff(redo(commands), scene);
    if (check > MATRIX_TOLERANCE)
      throw new MarginError(
        `image ${ann.key}: its scene matrix is not its commands' '${ann.transform}' about the drawn atoms' centre (off by ${check.toPrecision(3)})`,
      );
  } else {
    commands = parseCommands(ann.ligandTransform);
    const lig = ann.ligandMatrix;
    const undo = invert(multiply(scene, lig));
    before = eye.map((p) => transformPoint(undo, p));
    const centre = boxCentre(boundingBox(before));
    centreDepth = -centre[2];
    redo = (c) =>
      multiply(
        scene,
        commandsMatrixAbout(c, () => centre),
      );
    const check = maxDiff(redo(commands), multiply(scene, lig));
    if (check > MATRIX_TOLERANCE)
      throw new MarginError(
        `image ${ann.key}: its ligand matrix is not its commands' '${ann.ligandTransform}' about the ligand's centre (off by ${check.toPrecision(3)})`,
      );
  }
  if (from < 0 || from >= commands.length) throw new Error(`answer commands from ${from} of ${commands.length}`);
  const visible = heavy.map((a) => a.visible);
  const truePicture = redo(commands);
  const project = (m: Matrix) => before.map((p) => projectEye(camera, transformPoint(m, p))).filter((_, i) => visible[i]);
  const truth = project(truePicture);
  if (truth.length === 0) throw new MarginError(`image ${ann.key}: no heavy atom visible`);
  const size = extentOf(truth);
  const neighbours = neighboursOf(commands, from, allowed).map((n): NeighbourShift => {
    const other = project(redo(n));
    const shifts = truth.map((p, i) => Math.hypot(other[i].x - p.x, other[i].y - p.y)).sort((a, b) => a - b);
    return {
      neighbour: formatCommands(n),
      median: quantile(shifts, 0.5),
      p5: quantile(shifts, 0.05),
      extent: Math.abs(extentOf(other) - size),
    };
  });
  return { atoms: truth.length, size, centreDepth, neighbours };
}

/** The record fields the margins read. */
export interface MarginRecord {
  id: string;
  task: string;
  images: readonly string[];
  truth: unknown;
}

/** Which image shows the true answer and which of its motion's commands are the answer's:
 * a choice's right option's image (a scene motion), else the last image, moved as `motion` says. */
export function truthPicture(
  r: MarginRecord,
  motion: Pick<AnswerMotion, 'moves'> | undefined = motionOf(r.task),
): { image: string; motion: 'scene' | 'ligand'; answer: Command[] } | null {
  if (!motion) return null;
  const choice = parseTruth(LetterTruthSchema, r.truth);
  if (choice) {
    const right = choice.options.find((o) => o.letter === choice.letter);
    if (!right?.image || !right.commands?.length) return null;
    return { image: right.image, motion: 'scene', answer: right.commands };
  }
  const t = parseTruth(CommandsTruthSchema, r.truth);
  if (t && r.images.length) return { image: r.images[r.images.length - 1], motion: motion.moves, answer: t.commands };
  return null;
}

/** One question's margins, from its record and the annotation of its true picture. */
export function questionMargin(r: MarginRecord, ann: Annotation, motion: AnswerMotion | undefined = motionOf(r.task)): QuestionMargin {
  const pic = truthPicture(r, motion);
  if (!pic) throw new MarginError(`${r.id}: no picture of its answer in its truth`);
  let from = 0;
  if (pic.motion === 'scene') {
    const all = parseCommands(ann.transform);
    from = all.length - pic.answer.length;
    if (from < 0 || formatCommands(all.slice(from)) !== formatCommands(pic.answer)) {
      throw new MarginError(
        `${r.id}: image ${ann.key}'s transform '${ann.transform}' does not end with the answer '${formatCommands(pic.answer)}'`,
      );
    }
  }
  const got = pictureShifts(ann, pic.motion, from, (c) => inAnswerSpace(motion, c));
  if (got.neighbours.length === 0) throw new MarginError(`${r.id}: no neighbouring answer in the task's answer space`);
  const least = (k: 'median' | 'p5' | 'extent') => Math.min(...got.neighbours.map((n) => n[k]));
  return {
    id: r.id,
    task: r.task,
    answer: formatCommands(pic.answer),
    amount: pic.answer[pic.answer.length - 1].amount,
    atoms: got.atoms,
    median: least('median'),
    p5: least('p5'),
    extent: least('extent'),
    size: got.size,
    centreDepth: got.centreDepth,
    neighbours: got.neighbours,
  };
}

/** The first field the margins need that an annotation lacks (null: none lacking). */
export function lacking(a: Partial<Annotation>): string | null {
  if (!Array.isArray(a.atoms)) return "'atoms' list";
  if (!Array.isArray(a.camera?.projectionMatrix) || typeof a.camera?.width !== 'number' || typeof a.camera?.height !== 'number')
    return 'camera projection and size';
  if (!Array.isArray(a.sceneMatrix) || !Array.isArray(a.ligandMatrix)) return "'sceneMatrix' and 'ligandMatrix'";
  if (typeof a.transform !== 'string' || typeof a.ligandTransform !== 'string' || typeof a.view !== 'string')
    return "'transform', 'ligandTransform' and 'view'";
  return null;
}

/** Atoms nearer the picture's centre than this share of its width are left out of the
 * zoom reading: their whole-pixel positions say too little about a ratio. */
const READ_RADIUS = 0.1;

/**
 * What a reader of whole pixels reads for a zooming question's d from Image 1 (`start`) and
 * Image 4 (`moved`), given the camera distance D: an atom at depth z whose distance from the
 * image centre is r1 pixels in Image 1 and r4 in Image 4 was brought d = z (1 - r1 / r4)
 * nearer. Its depth z is D plus its offset from the centre, a length in the left and top
 * views, read there to the nearest pixel: a multiple of D / f angstrom (f the focal length
 * in pixels, from the field of view). The median over the atoms visible in both at least
 * READ_RADIUS of the width from the centre; null without any.
 */
export function readZoom(start: Annotation, moved: Annotation, distance: number): number | null {
  const cx = start.camera.width / 2,
    cy = start.camera.height / 2;
  const step = distance / ((start.camera.projectionMatrix[0] * start.camera.width) / 2);
  const reads: number[] = [];
  start.atoms.forEach((a, i) => {
    const b = moved.atoms[i];
    if (a.element === 'H' || !a.visible || !b?.visible) return;
    const r1 = Math.hypot(Math.round(a.x) - cx, Math.round(a.y) - cy);
    const r4 = Math.hypot(Math.round(b.x) - cx, Math.round(b.y) - cy);
    if (r1 < READ_RADIUS * start.camera.width || r4 === 0) return;
    const z = distance + Math.round((a.depth - distance) / step) * step;
    reads.push(z * (1 - r1 / r4));
  });
  return reads.length
    ? quantile(
        reads.sort((x, y) => x - y),
        0.5,
      )
    : null;
}
