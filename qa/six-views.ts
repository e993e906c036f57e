// The spec's "6 views" of one scene: front, left, top, back, right, bottom, all through the
// complex's camera. For the full complex these are the very scenes (same scene keys) the
// spatial tasks show as their starting views, so they are drawn once.

import type { SceneSpec } from '../renders/scene-spec.ts';
import type { Style } from '../renders/style.ts';
import { VIEW_NAMES } from '../renders/views.ts';
import { type SceneParts, scene } from './scenes.ts';
import type { PreparedComplex } from './task.ts';

export function sixViews(c: PreparedComplex, style: Style, parts: Omit<SceneParts, 'view'> = {}): SceneSpec[] {
  return VIEW_NAMES.map((view) => scene(c, style, { ...parts, view }));
}
