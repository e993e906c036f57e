// A geometric task's observer margins over its questions, and the lines `stats` prints for
// them: the per-question figures of pipeline/audit/observer-margins.ts gathered per task
// (spread over questions, the share at >= READABLE_PX), what the answer needs that the
// question does not state (the task's motion says), and for an answer that moves along the
// line of sight (zooming's) the camera distance and the read-back check. Pixels and
// angstrom, as there. Every task with a motion (TaskModule.motion) is measured.

import type { AnswerMotion } from '../../qa/task.ts';
import { allTasks } from '../../qa/task-registry.ts';
import type { Annotation } from '../../renders/annotation.ts';
import {
  lacking,
  MarginError,
  type MarginRecord,
  motionOf,
  type QuestionMargin,
  quantile,
  questionMargin,
  READABLE_PX,
  readZoom,
  truthPicture,
} from './observer-margins.ts';

/** A task's margins over its questions. */
export interface TaskMargins {
  task: string;
  questions: number;
  /** Questions left out, with the first reason. */
  skipped: number;
  firstSkip?: string;
  /** Over questions: 5th percentile, median and 95th percentile of each per-question figure, pixels. */
  median: Spread;
  p5: Spread;
  extent: Spread;
  size: Spread;
  /** Share of questions whose closest neighbour is >= READABLE_PX away on each figure. */
  readable: { median: number; p5: number; extent: number };
  /** What the answer needs that the question does not state, in words, with figures. */
  unstated: string;
  /** An answer along the line of sight (zooming): the camera's distance over questions, angstrom, and the error in the read
   * distance a reader makes who takes the median camera distance for every question
   * (d = D (1 - 1/s), so a relative error e in D is an error e d in d), angstrom. */
  cameraDistance?: Spread & { readError: Spread };
  /** An answer along the line of sight (zooming): |d read by readZoom (D stated) - d| over questions, angstrom, and the share under 0.5 A
   * (the reader's answer, rounded, is the right one). */
  zoomReading?: Spread & { exact: number; questions: number };
}

export interface Spread {
  p5: number;
  median: number;
  p95: number;
}

const spread = (values: readonly number[]): Spread => {
  const s = [...values].sort((a, b) => a - b);
  return { p5: quantile(s, 0.05), median: quantile(s, 0.5), p95: quantile(s, 0.95) };
};

/** What the answer needs that the question does not state, under the run's task options. */
export function unstatedOf(motion: AnswerMotion, options: Readonly<Record<string, unknown>> = {}): string {
  const s = motion.statedWith;
  return s && options[s.option] === s.value ? s.unstated : motion.unstated;
}

/**
 * The margins of every task with a motion over the given records (every split the caller
 * passes, each question once): `annotation(image)` reads an image's annotation (null: none);
 * `options` the run's task options (the manifest's), which may state what the answer needs.
 * Tasks with no records are left out; the others come in the registry's order.
 */
export function observerMargins(
  records: Iterable<MarginRecord>,
  annotation: (image: string) => Partial<Annotation> | null,
  options: Readonly<Record<string, unknown>> = {},
): TaskMargins[] {
  const byTask = new Map<string, { motion: AnswerMotion; margins: QuestionMargin[]; skipped: number; firstSkip?: string }>();
  const sightErrors = new Map<string, number[]>();
  for (const r of records) {
    const motion = motionOf(r.task);
    if (!motion) continue;
    const t = byTask.get(r.task) ?? { motion, margins: [], skipped: 0 };
    byTask.set(r.task, t);
    try {
      const pic = truthPicture(r, motion);
      const ann = pic ? annotation(pic.image) : null;
      if (!pic || !ann)
        throw new MarginError(`${r.id}: ${pic ? `no annotation of ${pic.image}` : 'no picture of its answer in its truth'}`);
      const lacks = lacking(ann);
      if (lacks) throw new MarginError(`${r.id}: the annotation of ${pic.image} has no ${lacks}`);
      const m = questionMargin(r, ann as Annotation, motion);
      t.margins.push(m);
      const first = motion.alongSight && r.images.length > 1 ? annotation(r.images[0]) : null;
      if (first && !lacking(first) && first.view === 'front' && first.transform === '') {
        const d = readZoom(first as Annotation, ann as Annotation, m.centreDepth);
        if (d !== null) sightErrors.set(r.task, [...(sightErrors.get(r.task) ?? []), Math.abs(d - m.amount)]);
      }
    } catch (e) {
      if (!(e instanceof MarginError)) throw e;
      t.skipped++;
      t.firstSkip ??= e.message;
    }
  }
  const out: TaskMargins[] = [];
  const order = allTasks().map((task) => task.id);
  const tasks = [...byTask.keys()].sort((a, b) => order.indexOf(a) - order.indexOf(b));
  for (const task of tasks) {
    const t = byTask.get(task)!;
    const m = t.margins;
    const share = (k: 'median' | 'p5' | 'extent') => (m.length ? m.filter((q) => q[k] >= READABLE_PX).length / m.length : NaN);
    const row: TaskMargins = {
      task,
      questions: m.length,
      skipped: t.skipped,
      ...(t.firstSkip ? { firstSkip: t.firstSkip } : {}),
      median: spread(m.map((q) => q.median)),
      p5: spread(m.map((q) => q.p5)),
      extent: spread(m.map((q) => q.extent)),
      size: spread(m.map((q) => q.size)),
      readable: { median: share('median'), p5: share('p5'), extent: share('extent') },
      unstated: unstatedOf(t.motion, options),
    };
    const zoomErrors = sightErrors.get(task) ?? [];
    if (t.motion.alongSight && m.length) {
      const depths = m.map((q) => q.centreDepth);
      const typical = spread(depths).median;
      const readError = m.map((q) => (Math.abs(typical - q.centreDepth) / q.centreDepth) * Math.abs(q.amount));
      row.cameraDistance = { ...spread(depths), readError: spread(readError) };
      if (zoomErrors.length)
        row.zoomReading = {
          ...spread(zoomErrors),
          exact: zoomErrors.filter((e) => e < 0.5).length / zoomErrors.length,
          questions: zoomErrors.length,
        };
    }
    out.push(row);
  }
  return out;
}

const px = (v: number) => (Number.isNaN(v) ? '-' : v.toFixed(1));
const pc = (v: number) => (Number.isNaN(v) ? '-' : `${Math.round(100 * v)}%`);
const band = (s: Spread) => `${px(s.median)} (${px(s.p5)}-${px(s.p95)})`;

/** The lines `stats` prints under a task (pipeline/generate/dataset-stats.ts). */
export function marginLines(r: TaskMargins): string[] {
  const skip = r.skipped ? `; ${r.skipped} not measured (${r.firstSkip})` : '';
  const cd = r.cameraDistance;
  const dist = cd ? `; camera distance ${band(cd)} A: taking the median misreads d by ${band(cd.readError)} A` : '';
  const z = r.zoomReading;
  const reading = z
    ? [
        `${'reading'.padEnd(14)} d = z (1 - r1/r4) per atom, from whole pixels and D: |error| ${band(z)} A, under 0.5 A in ${pc(z.exact)} of ${z.questions} questions`,
      ]
    : [];
  return [
    `${'margins'.padEnd(14)} px to the nearest neighbouring answer's picture (+-1 A, +-15 deg), median (5th-95th pct) of ${r.questions} questions: atom shift ${band(r.median)}, 5th pct of atoms ${band(r.p5)}, extent ${band(r.extent)}; >= ${READABLE_PX} px: ${pc(r.readable.median)} / ${pc(r.readable.p5)} / ${pc(r.readable.extent)}${skip}`,
    `${'unstated'.padEnd(14)} ${r.unstated}${dist}`,
    ...reading,
  ];
}
