// The compact annotation layout (annotation schema 2; docs/annotations.md): what every image
// of a complex shares (atom identities, residues, label texts) in one atom table per
// complex, and per image only what the image changes (camera, transforms, each drawn atom's
// x, y, depth and visibility as arrays over the table's atoms, label boxes). Expanding a
// compact record with its table gives back the full record (renders/annotation.ts) field for
// field: the round trip is tested on real scenes.
//
// Numbers: x, y (pixels) and depth (angstrom) are written as whole thousandths (the full
// record's 3 decimals, so nothing is lost), each as the difference from the previous atom's
// value (the first from 0): atoms of one residue lie close, so the numbers are short.
import { KnownError } from '../structures/known-error.ts';
import type { Complex } from '../structures/model.ts';
import type { AnnotatedAtom, Annotation } from './annotation.ts';
import { residueLabelText } from './label-text.ts';
import type { LabelRecord, SceneLabels } from './scene-labels.ts';
import type { ScenePose } from './scene-pose.ts';

/** The annotation schema version of the compact layout (the full layout, one JSON record per image, is version 1). */
export const ANNOTATION_SCHEMA_VERSION = 2;

/** One residue (or the ligand) of the atom table: its atoms as `[name, element]`, in the complex's order. */
export interface TableResidue {
  part: 'pocket' | 'ligand';
  chain: string;
  residueName: string;
  residueNumber: number;
  insertionCode: string;
  /** The text of the residue's label (renders/label-text.ts); null for the ligand, whose labels are its atom names. */
  label: string | null;
  atoms: [string, string][];
}

/** What every image of a complex shares: `annotations/complex-<id>.json`. */
export interface AtomTable {
  schema: number;
  complex: string;
  /** The pocket residues in order, then the ligand; atom index = position in the residues' atoms, concatenated. */
  residues: TableResidue[];
}

/** The per-image record of the compact layout: `annotations/<key>.json.gz`. */
export interface CompactAnnotation extends Omit<Annotation, 'atoms' | 'labels'> {
  layout: 'compact';
  schema: number;
  atoms: {
    /** Drawn atoms as runs over the table: `[first, count, first, count, ...]`, in drawn order. */
    runs: number[];
    /** Thousandths, each the difference from the previous atom's value (the first from 0). */
    x: number[];
    y: number[];
    depth: number[];
    /** Positions (in drawn order) of the atoms that are not `visible`. */
    hidden: number[];
  };
  labels: {
    /** Position (in drawn order) of the atom each label sits on: its anchor, identity and text. */
    atom: number[];
    /** `x, y, w, h` of each box, whole pixels. */
    box: number[];
    /** Bits: 1 leader, 2 collides, 4 inside, 8 crowded. */
    flags: number[];
  };
}

/** The atom table of a complex: deterministic from the complex alone (every image of it shares it). */
export function atomTable(complex: Complex): AtomTable {
  const residues: TableResidue[] = complex.pocket.map((r) => ({
    part: 'pocket',
    chain: r.chain,
    residueName: r.name,
    residueNumber: r.number,
    insertionCode: r.insertionCode,
    label: residueLabelText(complex, r),
    atoms: r.atoms.map((a): [string, string] => [a.name, a.element]),
  }));
  const l = complex.ligand;
  residues.push({
    part: 'ligand',
    chain: l.chain,
    residueName: l.name,
    residueNumber: l.number,
    insertionCode: l.insertionCode,
    label: null,
    atoms: l.atoms.map((a): [string, string] => [a.name, a.element]),
  });
  return { schema: ANNOTATION_SCHEMA_VERSION, complex: complex.id, residues };
}

const thousandths = (v: number) => Math.round(v * 1000);

function deltas(values: number[]): number[] {
  let previous = 0;
  return values.map((v) => {
    const d = v - previous;
    previous = v;
    return d === 0 ? 0 : d; // never -0
  });
}

function undelta(values: readonly number[]): number[] {
  let sum = 0;
  return values.map((d) => {
    sum += d;
    const v = sum / 1000;
    return v === 0 ? 0 : v;
  });
}

/** The compact record of an image from its full record and its pose and labels (which say which table atom each drawn atom is). */
export function compactAnnotation(a: Annotation, pose: ScenePose, labels: SceneLabels): CompactAnnotation {
  const runs: number[] = [];
  for (const d of pose.drawn.atoms) {
    const n = runs.length;
    if (n > 0 && runs[n - 2] + runs[n - 1] === d.atomIndex) runs[n - 1]++;
    else runs.push(d.atomIndex, 1);
  }
  const hidden: number[] = [];
  a.atoms.forEach((t, i) => {
    if (!t.visible) hidden.push(i);
  });
  const flags = (l: LabelRecord) => (l.leader ? 1 : 0) | (l.collides ? 2 : 0) | (l.inside ? 4 : 0) | (l.crowded ? 8 : 0);
  const { atoms, labels: records, ...rest } = a;
  return {
    layout: 'compact',
    schema: ANNOTATION_SCHEMA_VERSION,
    ...rest,
    atoms: {
      runs,
      x: deltas(atoms.map((t) => thousandths(t.x))),
      y: deltas(atoms.map((t) => thousandths(t.y))),
      depth: deltas(atoms.map((t) => thousandths(t.depth))),
      hidden,
    },
    labels: {
      atom: labels.labelIndex.map((i) => pose.drawn.labels[i].atom),
      box: records.flatMap((l) => [l.box.x, l.box.y, l.box.w, l.box.h]),
      flags: records.map(flags),
    },
  };
}

/** A compact record or table that cannot be expanded: the message says what is wrong (the caller adds the file). */
export class CompactAnnotationError extends KnownError {}

/** Table atom index -> [residue, atom within it], per table (a reader expands many images with one table). */
const atomLists = new WeakMap<AtomTable, [TableResidue, number][]>();
function atomsOf(table: AtomTable): [TableResidue, number][] {
  let where = atomLists.get(table);
  if (!where) {
    where = [];
    for (const r of table.residues) for (let k = 0; k < r.atoms.length; k++) where.push([r, k]);
    atomLists.set(table, where);
  }
  return where;
}

/** The full record of an image (renders/annotation.ts) from its compact record and its complex's atom table. */
export function expandAnnotation(c: CompactAnnotation, table: AtomTable): Annotation {
  if (table.complex !== c.complex) throw new CompactAnnotationError(`the record is of complex ${c.complex}, the table of ${table.complex}`);
  const where = atomsOf(table);
  const { runs, x, y, depth, hidden } = c.atoms;
  const order: number[] = [];
  for (let i = 0; i + 1 < runs.length; i += 2) for (let k = 0; k < runs[i + 1]; k++) order.push(runs[i] + k);
  if (order.length !== x.length || x.length !== y.length || y.length !== depth.length) {
    throw new CompactAnnotationError(`the runs name ${order.length} atoms, x, y and depth hold ${x.length}, ${y.length}, ${depth.length}`);
  }
  const xs = undelta(x),
    ys = undelta(y),
    ds = undelta(depth);
  const hiddenSet = new Set(hidden);
  const atoms: AnnotatedAtom[] = order.map((t, i) => {
    const w = where[t];
    if (!w) throw new CompactAnnotationError(`atom ${t} is not in the table of ${table.complex} (${where.length} atoms)`);
    const [r, k] = w;
    return {
      part: r.part,
      chain: r.chain,
      residueName: r.residueName,
      residueNumber: r.residueNumber,
      insertionCode: r.insertionCode,
      atomName: r.atoms[k][0],
      element: r.atoms[k][1],
      x: xs[i],
      y: ys[i],
      depth: ds[i],
      visible: !hiddenSet.has(i),
    };
  });
  const labels: LabelRecord[] = c.labels.atom.map((i, n) => {
    const a = atoms[i];
    if (!a) throw new CompactAnnotationError(`label ${n} sits on atom ${i}, the image has ${atoms.length}`);
    const r = where[order[i]][0];
    const ligand = r.part === 'ligand';
    const f = c.labels.flags[n];
    const b = c.labels.box.slice(4 * n, 4 * n + 4);
    return {
      text: ligand ? a.atomName : (r.label ?? ''),
      kind: ligand ? 'ligand' : 'residue',
      chain: a.chain,
      residueName: a.residueName,
      residueNumber: a.residueNumber,
      insertionCode: a.insertionCode,
      ...(ligand ? { atomName: a.atomName } : {}),
      anchor: { x: a.x, y: a.y },
      box: { x: b[0], y: b[1], w: b[2], h: b[3] },
      leader: (f & 1) !== 0,
      collides: (f & 2) !== 0,
      inside: (f & 4) !== 0,
      crowded: (f & 8) !== 0,
    };
  });
  // The full record's fields in its own order, so the two serialize alike.
  return {
    key: c.key,
    complex: c.complex,
    subset: c.subset,
    view: c.view,
    transform: c.transform,
    ligandTransform: c.ligandTransform,
    camera: c.camera,
    ligandMatrix: c.ligandMatrix,
    sceneMatrix: c.sceneMatrix,
    atoms,
    labels,
    labelLayout: c.labelLayout,
    turnCentre: c.turnCentre,
  };
}

/** True for a parsed annotation record in the compact layout. */
export function isCompactAnnotation(v: unknown): v is CompactAnnotation {
  return v !== null && typeof v === 'object' && (v as { layout?: unknown }).layout === 'compact';
}
