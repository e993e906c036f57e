// Building the SceneSpecs a question shows, through the camera of the PreparedComplex given
// (the complex's own, or a question's: docking, residue-ligand).
import type { Command } from '../renders/commands.ts';
import type { SceneSpec, TurnCentre } from '../renders/scene-spec.ts';
import type { Style } from '../renders/style.ts';
import type { Subset } from '../renders/subset.ts';
import type { ViewName } from '../renders/views.ts';
import type { PreparedComplex } from './task.ts';

export interface SceneParts {
  subset?: Subset;
  view?: ViewName;
  transform?: Command[];
  ligandTransform?: Command[];
  turnCentre?: TurnCentre;
}

export function scene(c: PreparedComplex, style: Style, parts: SceneParts = {}): SceneSpec {
  return {
    complex: c.complex,
    subset: parts.subset ?? { kind: 'full' },
    style,
    camera: c.camera,
    view: parts.view ?? 'front',
    transform: parts.transform ?? [],
    ligandTransform: parts.ligandTransform ?? [],
    ...(parts.turnCentre && parts.turnCentre !== 'complex' ? { turnCentre: parts.turnCentre } : {}),
  };
}

/** The "3 views" of the spec: front, left and top of the scene as `parts` leave it. */
export function threeViews(c: PreparedComplex, style: Style, parts: Omit<SceneParts, 'view'> = {}): SceneSpec[] {
  return (['front', 'left', 'top'] as const).map((view) => scene(c, style, { ...parts, view }));
}
