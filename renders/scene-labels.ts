// The labels of one image: each label's box size from the bundled font's glyph widths, its
// anchor from the pipeline's own projection, and its spot from the label layout. The page
// draws exactly these boxes; the annotation records them. Input: the scene spec and its
// pose only (never a question or the complex's bonds), so a scene's labels are the same
// whatever question shows it.
import { projectEye } from './camera.ts';
import { clearanceGrid } from './clearance-grid.ts';
import { measureLabel, type TextMetrics } from './label-font.ts';
import { type LabelLayout, type LayoutInput, layoutLabels } from './label-layout.ts';
import type { ScenePose } from './scene-pose.ts';
import type { SceneSpec } from './scene-spec.ts';
import type { LabelStyle } from './style.ts';

/** A label as an annotation records it. Pixels: x right, y down from the top-left corner. */
export interface LabelRecord {
  text: string;
  kind: 'residue' | 'ligand';
  chain: string;
  residueName: string;
  residueNumber: number;
  insertionCode: string;
  /** The ligand atom's name; absent for a residue label. */
  atomName?: string;
  /** The labelled atom's projection (a residue: its CA, else its first drawn atom). */
  anchor: { x: number; y: number };
  /** The drawn box (text plus padding), whole pixels. */
  box: { x: number; y: number; w: number; h: number };
  /** A leader line joins the anchor to the box. */
  leader: boolean;
  /** The box overlaps another label's box in this image. */
  collides: boolean;
  /** The box lies wholly inside the image. */
  inside: boolean;
  /** No collision-free spot existed; the least-overlap one was taken. */
  crowded: boolean;
}

export interface SceneLabels {
  /** Index of each laid-out label into the scene's drawn labels (clipped ones, and ones the `clear` layout leaves out, are not here). */
  labelIndex: number[];
  /** Labels the `clear` layout left out (no spot clear of labels and molecule). */
  omitted: number;
  layout: LabelLayout;
  records: LabelRecord[];
}

const metricsCache = new Map<string, TextMetrics>();
/** Glyph offsets and width of `text` at `fontSize` (cached: labels repeat across images). */
export function labelMetrics(text: string, fontSize: number): TextMetrics {
  const key = `${fontSize}\u0000${text}`;
  let m = metricsCache.get(key);
  if (!m) {
    m = measureLabel(text, fontSize);
    metricsCache.set(key, m);
  }
  return m;
}

/** The drawn box of a label, whole pixels: text width plus padding, the line height plus padding. */
export function labelBoxSize(text: string, style: LabelStyle): { w: number; h: number } {
  return {
    w: Math.floor(labelMetrics(text, style.fontSize).width + 2 * style.padding),
    h: Math.floor(style.fontSize * style.lineHeight + 2 * style.padding),
  };
}

const round3 = (v: number) => {
  const r = Math.round(v * 1000) / 1000;
  return r === 0 ? 0 : r;
};

/** What the label layout is given for a scene: its drawn labels whose atom is not clipped, and their indices. */
export function layoutInputs(spec: SceneSpec, pose: ScenePose): { labelIndex: number[]; inputs: LayoutInput[] } {
  const style = spec.style.labels;
  const labelIndex: number[] = [];
  const inputs: LayoutInput[] = [];
  pose.drawn.labels.forEach((l, i) => {
    const s = projectEye(spec.camera, pose.eye[l.atom]);
    if (!s.inClip) return; // the page draws no label whose atom is clipped
    labelIndex.push(i);
    inputs.push({ kind: l.part === 'ligand' ? 'ligand' : 'residue', x: s.x, y: s.y, depth: s.depth, ...labelBoxSize(l.text, style) });
  });
  return { labelIndex, inputs };
}

export function sceneLabels(spec: SceneSpec, pose: ScenePose): SceneLabels {
  const style = spec.style.labels;
  const all = layoutInputs(spec, pose);
  const clearance =
    (style.layout === 'clear' || style.layout === 'prefer-clear') && all.inputs.length ? clearanceGrid(spec, pose) : undefined;
  const full = layoutLabels(all.inputs, spec.camera.width, spec.camera.height, style.layout, clearance);
  const { labelIndex, inputs, layout, omitted } = withoutOmitted(all.labelIndex, all.inputs, full);
  const records = layout.labels.map((p, k): LabelRecord => {
    const l = pose.drawn.labels[labelIndex[k]];
    const a = pose.drawn.atoms[l.atom];
    return {
      text: l.text,
      kind: inputs[k].kind,
      chain: a.chain,
      residueName: a.residueName,
      residueNumber: a.residueNumber,
      insertionCode: a.insertionCode,
      ...(l.part === 'ligand' ? { atomName: a.atomName } : {}),
      anchor: { x: round3(inputs[k].x), y: round3(inputs[k].y) },
      box: { x: p.x, y: p.y, w: p.w, h: p.h },
      leader: p.leader,
      collides: p.collides,
      inside: p.inside,
      crowded: p.crowded,
    };
  });
  return { labelIndex, omitted, layout, records };
}

/** The layout of the labels drawn: omitted ones dropped, the draw order renumbered. */
function withoutOmitted(labelIndex: number[], inputs: LayoutInput[], layout: LabelLayout) {
  const omitted = layout.labels.filter((l) => l.omitted).length;
  if (omitted === 0) return { labelIndex, inputs, layout, omitted };
  const kept = layout.labels.map((_, k) => k).filter((k) => !layout.labels[k].omitted);
  const newIndex = new Map(kept.map((k, n) => [k, n]));
  return {
    labelIndex: kept.map((k) => labelIndex[k]),
    inputs: kept.map((k) => inputs[k]),
    layout: { labels: kept.map((k) => layout.labels[k]), drawOrder: layout.drawOrder.map((k) => newIndex.get(k)!) },
    omitted,
  };
}
