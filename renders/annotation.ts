// The annotation record of one image: the camera, the motions applied, and where every
// drawn atom landed on screen. Later stages compute answers from these records only.
//
// Pixels: x right, y down from the image's top-left corner; pixel (i, j) covers
// [i, i+1) x [j, j+1). depth: distance in front of the camera along the view direction,
// angstrom. `visible`: inside the image and between the clipping planes (an atom hidden
// behind another atom still counts as visible here).
import { projectEye } from './camera.ts';
import { formatCommands } from './commands.ts';
import type { AtomIdentity } from './scene-atoms.ts';
import { type LabelRecord, type SceneLabels, sceneLabels } from './scene-labels.ts';
import type { ScenePose } from './scene-pose.ts';
import type { SceneSpec } from './scene-spec.ts';
import { formatSubset } from './subset.ts';

export interface AnnotatedAtom extends AtomIdentity {
  x: number;
  y: number;
  depth: number;
  visible: boolean;
}

export interface Annotation {
  key: string;
  complex: string;
  subset: string;
  view: string;
  transform: string;
  ligandTransform: string;
  camera: {
    projection: string;
    fovDeg: number;
    width: number;
    height: number;
    near: number;
    far: number;
    /** Model frame -> front-view eye frame, column-major. */
    view: number[];
    projectionMatrix: number[];
  };
  /** Eye frame -> eye frame: ligand's own motion, column-major. */
  ligandMatrix: number[];
  /** Eye frame -> eye frame: scene transform then view rotation, column-major. */
  sceneMatrix: number[];
  atoms: AnnotatedAtom[];
  /** Every label drawn, with its box (renders/scene-labels.ts); labels of clipped atoms are not drawn. */
  labels: LabelRecord[];
  /** Label layout (`clear`, `avoid` or `anchored`) and font size, CSS pixels; `omitted`: labels the `clear` layout left out (no spot clear of labels and molecule), only in that mode. */
  labelLayout: { mode: string; fontSize: number; omitted?: number };
  /** What the views turn about: `complex` (heavy atoms of pocket + ligand) or `shown` (the drawn heavy atoms). */
  turnCentre: string;
}

const round = (v: number, places: number) => {
  const f = 10 ** places;
  const r = Math.round(v * f) / f;
  return r === 0 ? 0 : r;
};

/** Where every drawn atom lands on screen: the record's `atoms` (no label layout needed). */
export function annotatedAtoms(spec: SceneSpec, pose: ScenePose): AnnotatedAtom[] {
  const c = spec.camera;
  return pose.drawn.atoms.map((a, i) => {
    const s = projectEye(c, pose.eye[i]);
    return {
      part: a.part,
      chain: a.chain,
      residueName: a.residueName,
      residueNumber: a.residueNumber,
      insertionCode: a.insertionCode,
      atomName: a.atomName,
      element: a.element,
      x: round(s.x, 3),
      y: round(s.y, 3),
      depth: round(s.depth, 3),
      visible: s.visible,
    };
  });
}

export function annotate(spec: SceneSpec, pose: ScenePose, key: string, labels: SceneLabels = sceneLabels(spec, pose)): Annotation {
  const c = spec.camera;
  return {
    key,
    complex: spec.complex.id,
    subset: formatSubset(spec.subset),
    view: spec.view,
    transform: formatCommands(spec.transform),
    ligandTransform: formatCommands(spec.ligandTransform),
    camera: {
      projection: c.projection,
      fovDeg: c.fovDeg,
      width: c.width,
      height: c.height,
      near: c.near,
      far: c.far,
      view: c.view,
      projectionMatrix: c.projectionMatrix,
    },
    ligandMatrix: Array.from(pose.ligandMatrix, (v) => round(v, 12)),
    sceneMatrix: Array.from(pose.sceneMatrix, (v) => round(v, 12)),
    atoms: annotatedAtoms(spec, pose),
    labels: labels.records,
    labelLayout: {
      mode: spec.style.labels.layout,
      fontSize: spec.style.labels.fontSize,
      ...(spec.style.labels.layout === 'clear' ? { omitted: labels.omitted } : {}),
    },
    turnCentre: spec.turnCentre ?? 'complex',
  };
}
