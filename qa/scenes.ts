// Building the SceneSpecs a question shows, all through the complex's own camera.
import type { Command } from '../renders/commands.ts';
import type { SceneSpec } from '../renders/scene-spec.ts';
import type { Style } from '../renders/style.ts';
import type { Subset } from '../renders/subset.ts';
import type { ViewName } from '../renders/views.ts';
import type { PreparedComplex } from './task.ts';

export interface SceneParts {
  subset?: Subset;
  view?: ViewName;
  transform?: Command[];
  ligandTransform?: Command[];
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
  };
}

/** The "3 views" of the spec: front, left and top of the scene as `parts` leave it. */
export function threeViews(c: PreparedComplex, style: Style, parts: Omit<SceneParts, 'view'> = {}): SceneSpec[] {
  return (['front', 'left', 'top'] as const).map((view) => scene(c, style, { ...parts, view }));
}
