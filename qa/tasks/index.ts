// The nine tasks of MiSI-Bench, in the spec's table order (also the order of files and
// reports). Adding a task to the package: write its module (qa/tasks/<id>.ts) and its
// template (qa/templates/<id>.txt), then add it here; every command finds it through
// qa/task-registry.ts. A task written outside the package is added there instead.
import type { TaskModule } from '../task.ts';
import { dockingTask } from './docking.ts';
import { interactionKindTask } from './interaction-kind.ts';
import { interactionLocationTask } from './interaction-location.ts';
import { pocketInteractionsTask } from './pocket-interactions.ts';
import { pocketLigandTask } from './pocket-ligand.ts';
import { residueLigandTask } from './residue-ligand.ts';
import { rotationTask } from './rotation.ts';
import { rotationRotationTask } from './rotation-rotation.ts';
import { translationTask } from './translation.ts';
import { translationRotationTask } from './translation-rotation.ts';
import { zoomingTask } from './zooming.ts';

export const TASKS: readonly TaskModule[] = [
  translationTask,
  rotationTask,
  zoomingTask,
  residueLigandTask,
  translationRotationTask,
  rotationRotationTask,
  dockingTask,
  interactionLocationTask,
  pocketLigandTask,
];

/**
 * Tasks past the paper's nine, opt-in: every command knows them, but `generate` makes them
 * only when `--tasks` names them, one by one or by their set (TASK_SETS).
 */
export const OPT_IN_TASKS: readonly TaskModule[] = [interactionKindTask, pocketInteractionsTask];

/** Named sets of tasks `--tasks` takes as one word: `interactions`, the kinds past the H-bond (docs/interactions.md). */
export const TASK_SETS: Readonly<Record<string, readonly TaskModule[]>> = {
  interactions: [interactionKindTask, pocketInteractionsTask],
};
