// Task 3, zooming: `move z d`, d a whole 40..60 A; no two questions of a complex share d (21).
// Reading d from the pictures needs the camera's distance D to the centre of the complex: a
// move z d scales what lies at that centre by D / (D - d), so d = D (1 - 1/s) for a size
// ratio s, and each atom's own depth (D plus its offset from the centre, a length in the left
// and top views, turned into angstrom by the field of view). The question states D and the
// field of view (`--zoom-distance stated`, the default since template version 7) or, as the
// paper did, neither (`unstated`: the text of version 6, word for word).
// Measured in docs/tasks.md ("What a careful observer can measure").
import { move, ZOOM_DISTANCES } from '../parameters.ts';
import { drawOne } from '../random.ts';
import { commandScorer } from '../scoring/task-scorers.ts';
import type { TaskContext, TaskOption } from '../task.ts';
import { singleTransformTask } from './single-transform.ts';

/** Whether the question states the camera's distance to the complex's centre in Image 1 (and the field of view). */
export type ZoomDistance = 'stated' | 'unstated';
export const ZOOM_DISTANCE_CHOICES: readonly ZoomDistance[] = ['stated', 'unstated'];
export const ZOOM_DISTANCE_OPTION: TaskOption = {
  key: 'zoomDistance',
  choices: ZOOM_DISTANCE_CHOICES,
  default: 'stated',
  // The paper's question gives neither (template version 6's words).
  paper: 'unstated',
  describe:
    "zooming: state the camera's distance to the complex's centre and its field of view (stated), which the answer needs, or leave them out as the paper did (unstated)",
};

/** The camera distance as the question writes it: angstrom to one decimal (an error of
 * 0.05 A in D is one of 0.05 d / D in d, under 0.04 A for every D above 70 A). */
export function statedDistance(distance: number): string {
  return distance.toFixed(1);
}

/** The template's {{cameraDistance}}: the sentence that states D, or nothing. */
export function cameraDistanceText(ctx: Pick<TaskContext, 'subject' | 'options'>): string {
  const mode = (ctx.options?.zoomDistance ?? ZOOM_DISTANCE_OPTION.default) as ZoomDistance;
  if (mode === 'unstated') return '';
  const d = statedDistance(ctx.subject.camera.distance);
  return ` The camera's field of view is ${ctx.subject.camera.fovDeg} degrees across the picture's width; in Image 1 the camera is ${d} angstrom from the centre of the structure's bounding box (the point rolls turn about), and "move z <d>" brings that centre to ${d} - d angstrom from the camera.`;
}

export const zoomingTask = singleTransformTask({
  id: 'zooming',
  paperColumns: [{ name: 'Zoom' }],
  summary: 'name the move along z (toward the viewer) that enlarged it',
  defaultCounts: { train: 4, test: 2 },
  decks: [{ purpose: 'distance', space: ZOOM_DISTANCES.map((d) => move('z', d)) }],
  scorer: commandScorer('move', 'z', 'exact match', 'the distance along z is exactly right', () => 0),
  randomGuess: (rng) => `move z ${drawOne(rng, ZOOM_DISTANCES)}`,
  options: [ZOOM_DISTANCE_OPTION],
  motion: {
    // Only the task's distances are answers (a neighbour outside them is no answer anyone could give).
    inAnswerSpace: (c) => ZOOM_DISTANCES.includes(c.amount),
    alongSight: true,
    unstated: 'the camera distance D (d = D (1 - 1/s) for a size ratio s) and the field of view',
    statedWith: {
      option: ZOOM_DISTANCE_OPTION.key,
      value: 'stated',
      unstated: 'nothing: the question states the camera distance D and the field of view (d = D (1 - 1/s) for a size ratio s)',
    },
  },
  vars: (ctx) => ({ cameraDistance: cameraDistanceText(ctx) }),
});
