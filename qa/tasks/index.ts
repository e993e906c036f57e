// Every task, registered in one place. Adding a task: write its module (qa/tasks/<id>.ts)
// and its template (qa/templates/<id>.txt), then add it to this list.
import type { TaskModule } from '../task.ts';
import { translationTask } from './translation.ts';
import { rotationTask } from './rotation.ts';
import { zoomingTask } from './zooming.ts';
import { translationRotationTask } from './translation-rotation.ts';
import { rotationRotationTask } from './rotation-rotation.ts';
import { dockingTask } from './docking.ts';
import { residueLigandTask } from './residue-ligand.ts';
import { interactionLocationTask } from './interaction-location.ts';
import { pocketLigandTask } from './pocket-ligand.ts';

/** In the spec's table order, which is also the order of files and reports. */
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

export const TASK_IDS: readonly string[] = TASKS.map((t) => t.id);

export function taskById(id: string): TaskModule | undefined {
  return TASKS.find((t) => t.id === id);
}
