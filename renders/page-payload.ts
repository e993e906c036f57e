// What the page receives: a scene to load (atoms in the model frame, colours, bonds,
// labels) and, per shot, the model -> eye matrix and the camera's projection. When pocket
// and ligand are both drawn and the ligand has its own motion, the loaded ligand atoms are
// already moved; when the ligand is drawn alone its motion is part of the shot matrix, so
// the docking task's ligand-alone images (one camera and motion per question) share one
// load, as do its pocket-alone images. Bonds are drawn as single sticks whatever their
// order (as ChimeraX's stick style does).
import type { Vec3 } from '../structures/model.ts';
import { formatCommands } from './commands.ts';
import { ligandBonds, pocketBonds } from './drawn-bonds.ts';
import type { PageAtom, PageLabel, PageScene, PlacedLabels } from './page/page-api.ts';
import { multiply, transformPoint } from './rigid-motion.ts';
import { drawnScene } from './scene-atoms.ts';
import { labelBoxSize, labelMetrics, type SceneLabels } from './scene-labels.ts';
import { ligandMatrixOf, ligandModelMatrix, type ScenePose } from './scene-pose.ts';
import type { SceneSpec } from './scene-spec.ts';
import type { Style } from './style.ts';
import { formatSubset } from './subset.ts';

/** One image of a loaded scene. */
export interface Shot {
  /** Model frame (of the loaded coordinates) -> eye frame, column-major. */
  matrix: number[];
  /** The camera's projection matrix, column-major. */
  projection: number[];
  /** The labels to draw (page-api.ts, PlacedLabels); absent: none. */
  labels?: PlacedLabels;
}

/** True when the loaded ligand atoms carry the ligand's own motion (see the header). */
function ligandMovedInLoad(spec: SceneSpec): boolean {
  return spec.ligandTransform.length > 0 && (spec.subset.kind === 'full' || spec.subset.kind === 'residue');
}

/**
 * Everything the page payload depends on besides the complex: scenes with equal identities
 * (and complex) load the same payload and differ only in their shots.
 */
export function loadIdentity(spec: SceneSpec): object {
  return {
    subset: formatSubset(spec.subset),
    style: spec.style,
    size: [spec.camera.width, spec.camera.height],
    ligandMotion: ligandMovedInLoad(spec) ? { transform: formatCommands(spec.ligandTransform), view: Array.from(spec.camera.view) } : null,
  };
}

export function pageScene(spec: SceneSpec): PageScene {
  const drawn = drawnScene(spec.complex, spec.subset, spec.style);
  const ligandModel = ligandMovedInLoad(spec) ? ligandModelMatrix(ligandMatrixOf(spec), spec.camera.view) : null;
  const positions: Vec3[] = drawn.atoms.map((a) => (a.part === 'ligand' && ligandModel ? transformPoint(ligandModel, a.xyz) : a.xyz));
  const atoms: PageAtom[] = drawn.atoms.map((a, i) => ({
    elem: a.element,
    x: positions[i][0],
    y: positions[i][1],
    z: positions[i][2],
    color: a.color,
    bonds: [],
    bondOrder: [],
  }));
  const link = (i: number, j: number) => {
    atoms[i].bonds.push(j);
    atoms[i].bondOrder.push(1);
    atoms[j].bonds.push(i);
    atoms[j].bondOrder.push(1);
  };
  const pocket = pocketBonds(drawn);
  for (let k = 0; k < pocket.length; k += 2) link(pocket[k], pocket[k + 1]);
  // Ligand: the file's bonds, between atoms that are drawn.
  const ligand = ligandBonds(spec, drawn);
  for (let k = 0; k < ligand.length; k += 2) link(ligand[k], ligand[k + 1]);
  return pageSceneOf(
    spec.style,
    spec.camera.width,
    spec.camera.height,
    atoms,
    drawn.labels.map((l) => l.text),
  );
}

/** A label as the page draws it: its text, box size and each character's offset. */
function pageLabel(text: string, style: Style): PageLabel {
  return { text, ...labelBoxSize(text, style.labels), offsets: labelMetrics(text, style.labels.fontSize).offsets };
}

/** The scene the page loads: `atoms` (model frame) and labels of `labelTexts`, drawn in `style` at `width` x `height`. */
export function pageSceneOf(style: Style, width: number, height: number, atoms: PageAtom[], labelTexts: string[]): PageScene {
  return {
    width,
    height,
    antialias: style.antialias,
    background: style.background,
    representation: style.representation,
    stickRadius: style.stickRadius,
    sphereRadius: style.sphereRadius,
    atoms,
    labels: labelTexts.map((t) => pageLabel(t, style)),
    label: style.labels,
  };
}

/** The shot: model frame -> eye frame for the page's coordinates, the projection, and the labels' boxes. */
export function pageShot(spec: SceneSpec, pose: ScenePose, labels: SceneLabels): Shot {
  let matrix = multiply(pose.sceneMatrix, spec.camera.view);
  // The ligand drawn alone: its own motion here, not in the loaded coordinates.
  if (spec.subset.kind === 'ligand' && spec.ligandTransform.length > 0)
    matrix = multiply(matrix, ligandModelMatrix(pose.ligandMatrix, spec.camera.view));
  const drawn: PlacedLabels = [];
  for (const k of labels.layout.drawOrder) {
    const p = labels.layout.labels[k];
    const r = labels.records[k];
    drawn.push(labels.labelIndex[k], p.x, p.y, p.leader ? r.anchor.x : -1, p.leader ? r.anchor.y : -1);
  }
  return { matrix: Array.from(matrix), projection: Array.from(spec.camera.projectionMatrix), labels: drawn };
}
