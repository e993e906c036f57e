// Can a model read the labels a question depends on? Per task, from the label boxes the
// annotations record (renders/scene-labels.ts): the share of all labels (over distinct
// images) whose box overlaps another label's, and for the referenced labels (the ligand
// atoms and residues a question names, as its task says: its answer kind's, e.g. for a
// verdict the asked residue always, "No" answers included, or the task's own namedLabels,
// e.g. the bond an interaction-location question names) the share readable in all of the
// question's images and in at least four of them. Readable: the box overlaps no other box,
// lies inside the image and within 40 px of its anchor.

import type { NamedLabel } from '../../qa/answer-kinds.ts';
import type { LegibilityTargetSpec, NamedQuestion, TaskModule } from '../../qa/task.ts';
import { answerKindOf } from '../../qa/task-registry.ts';
import { isReadable } from '../../renders/label-layout.ts';
import type { LabelRecord } from '../../renders/scene-labels.ts';

export interface LabelRef {
  kind: 'residue' | 'ligand';
  chain: string;
  residueNumber: number;
  insertionCode: string;
  /** Ligand atoms only. */
  atomName?: string;
}

const refOf = (l: NamedLabel): LabelRef =>
  l.kind === 'ligand'
    ? { kind: 'ligand', chain: '', residueNumber: 0, insertionCode: '', atomName: l.atomName }
    : { kind: 'residue', chain: l.chain, residueNumber: l.residueNumber, insertionCode: l.insertionCode };

/** The labels a question names, as its task says (none for an unknown task), each once. */
export function referencedLabels(task: TaskModule | undefined, q: NamedQuestion): LabelRef[] {
  if (!task) return [];
  const named = task.namedLabels ? task.namedLabels(q) : (answerKindOf(task).labelsOf(q.truth) ?? []);
  const seen = new Set<string>();
  return named.map(refOf).filter((r) => {
    const k = refKey(r);
    if (seen.has(k)) return false;
    seen.add(k);
    return true;
  });
}

const refKey = (r: LabelRef) => (r.kind === 'ligand' ? `L:${r.atomName}` : `R:${r.chain}:${r.residueNumber}${r.insertionCode}`);
const recordKey = (r: LabelRecord) => (r.kind === 'ligand' ? `L:${r.atomName}` : `R:${r.chain}:${r.residueNumber}${r.insertionCode}`);

export interface LegibilityFigures {
  images: number;
  labels: number;
  colliding: number;
  referenced: number;
  /** Referenced labels readable in every image of their question. */
  readableInAll: number;
  /** Referenced labels readable in at least four images of their question. */
  readableInFour: number;
}

/** Shares, 0-1 (null when there is nothing to count). */
export function legibilityShares(f: LegibilityFigures) {
  const share = (n: number, d: number) => (d ? n / d : null);
  return {
    collisionFree: share(f.labels - f.colliding, f.labels),
    colliding: share(f.colliding, f.labels),
    referencedReadableInAll: share(f.readableInAll, f.referenced),
    referencedReadableInFour: share(f.readableInFour, f.referenced),
  };
}

export interface LegibilityTarget {
  /** Which share the target is on: referenced labels readable in all of their question's views, or in >= 4. */
  figure: 'referencedReadableInAll' | 'referencedReadableInFour';
  /** Least share that meets it, 0-1. */
  min: number;
  /** The share measured, 0-1 (null: no referenced label). */
  share: number | null;
  met: boolean;
  /** One line: `readable in 6/6 views 99.5 % (target >= 98 %: met)`. */
  text: string;
}

/** The task's target figure (TaskModule.legibilityTarget: for the H-bond tasks the figure
 * issue #36's "Done when" names) and whether the figures meet it (null for a task without
 * one). `misi-gen stats` and `npm run bench:labels` print it. */
export function legibilityTarget(task: Pick<TaskModule, 'legibilityTarget'> | undefined, f: LegibilityFigures): LegibilityTarget | null {
  const t: LegibilityTargetSpec | undefined = task?.legibilityTarget;
  if (!t) return null;
  const figure = t.views === 'all' ? 'referencedReadableInAll' : 'referencedReadableInFour';
  const share = legibilityShares(f)[figure];
  const met = share !== null && share >= t.min;
  const text = `readable in ${t.views === 'all' ? '6/6' : '>= 4/6'} views ${share === null ? '-' : `${(100 * share).toFixed(1)} %`} (target >= ${Math.round(100 * t.min)} %: ${met ? 'met' : 'NOT met'})`;
  return { figure, min: t.min, share, met, text };
}

/** Adds up the figures of one task question by question. */
export class LegibilityTally {
  readonly figures: LegibilityFigures = { images: 0, labels: 0, colliding: 0, referenced: 0, readableInAll: 0, readableInFour: 0 };
  private readonly seenImages = new Set<string>();

  /** One question: its images (a key and the labels each records) and its referenced labels. */
  add(images: { key: string; labels: LabelRecord[] }[], refs: LabelRef[]): void {
    const f = this.figures;
    for (const im of images) {
      if (this.seenImages.has(im.key)) continue;
      this.seenImages.add(im.key);
      f.images++;
      f.labels += im.labels.length;
      f.colliding += im.labels.filter((l) => l.collides).length;
    }
    const byImage = images.map((im) => new Map(im.labels.map((l) => [recordKey(l), l])));
    for (const ref of refs) {
      const readable = byImage.filter((m) => {
        const l = m.get(refKey(ref));
        return l !== undefined && isReadable({ collides: l.collides, inside: l.inside, offset: boxOffset(l) });
      }).length;
      f.referenced++;
      if (readable === images.length) f.readableInAll++;
      if (readable >= Math.min(4, images.length)) f.readableInFour++;
    }
  }
}

/** Distance from a label's anchor to the nearest point of its box, pixels. */
function boxOffset(l: LabelRecord): number {
  const dx = Math.max(l.box.x - l.anchor.x, 0, l.anchor.x - (l.box.x + l.box.w));
  const dy = Math.max(l.box.y - l.anchor.y, 0, l.anchor.y - (l.box.y + l.box.h));
  return Math.hypot(dx, dy);
}
