// The plan stage: for every complex, task and question index of the complex's split, run
// the task's plan with that question's own generator. Pure: no browser, no files.
import type { Style } from '../../renders/style.ts';
import { defaultImageSize, type PreparedComplex, type QuestionPlan, type TaskModule } from '../../qa/task.ts';
import { preparedAtSize, type ImageSizes } from './image-sizes.ts';
import type { Counts } from './counts.ts';
import { generatorFor, questionGenerator } from './seeds.ts';
import type { SplitAssignment } from './split.ts';
import type { PerSplitCount, Split } from '../../qa/task.ts';
import { guardComplexSync, type ErrorSink } from '../../structures/reject.ts';
import type { QuestionReject } from '../dataset/rejects.ts';
import { VAL } from '../../qa/split-names.ts';

export interface PlannedQuestion {
  id: string;
  task: TaskModule;
  split: Split;
  complex: string;
  index: number;
  plan: QuestionPlan;
}

/** A question whose plan failed a check, or threw (`internal`: a bug). */
export type PlanReject = QuestionReject & { stage: 'plan' };

/** Stable question id from task, complex and index (split-independent). */
export function questionId(task: string, complex: string, index: number): string {
  return `${task}-${complex}-${String(index).padStart(3, '0')}`;
}

export interface PlanInputs {
  seed: number;
  split: SplitAssignment;
  tasks: readonly TaskModule[];
  counts: Counts;
  style: Style;
  complexById: (id: string) => PreparedComplex;
  /** Values of the tasks' own options, by key (TaskModule.options; each task gets its own). */
  taskOptions?: Readonly<Record<string, string>>;
  /** Image size per task id, pixels (a task not listed: its default, TaskModule.defaultImageSize). */
  sizes?: ImageSizes;
}

/** A task's option values: the chosen ones, else its defaults. */
export function optionsOfTask(task: TaskModule, chosen: Readonly<Record<string, string>> = {}): Record<string, string> {
  return Object.fromEntries((task.options ?? []).map((o) => [o.key, chosen[o.key] ?? o.default]));
}

export interface ComplexPlan {
  questions: PlannedQuestion[];
  rejects: PlanReject[];
  /** Draws replaced per task. */
  replacements: Record<string, number>;
}

/**
 * Questions asked of a complex on `split`, by the task's counts: val (`--buffer val`) is held
 * out like test and takes test's count unless its own is given (TASK=TRAIN/TEST/VAL).
 */
export function requestedCount(counts: PerSplitCount | undefined, split: Split): number {
  if (!counts) return 0;
  return split === VAL ? (counts.val ?? counts.test) : counts[split];
}

export function planComplex(subject: PreparedComplex, p: PlanInputs, onError?: ErrorSink): ComplexPlan {
  const id = subject.complex.id;
  const split = p.split.side.get(id);
  // Excluded by the split by protein (a train neighbour of test): no questions.
  if (!split && p.split.excluded?.includes(id)) return { questions: [], rejects: [], replacements: {} };
  if (!split) throw new Error(`complex ${id} has no side in the split`);
  const out: ComplexPlan = { questions: [], rejects: [], replacements: {} };
  for (const task of p.tasks) {
    const options = optionsOfTask(task, p.taskOptions);
    const requested = requestedCount(p.counts[task.id], split);
    const n = task.questionCount ? task.questionCount(subject, split, requested, options) : requested;
    out.replacements[task.id] = 0;
    const offset = generatorFor([p.seed, task.id, id, 'slot'])();
    // Every camera the task sees draws at the task's image size (same framing at any size).
    const size = p.sizes?.[task.id] ?? defaultImageSize(task);
    const sized = preparedAtSize(subject, size);
    const complexById = (other: string) => preparedAtSize(p.complexById(other), size);
    for (let index = 0; index < n; index++) {
      const qid = questionId(task.id, id, index);
      const guarded = guardComplexSync(qid, { stage: 'plan', path: subject.complex.sources[0]?.path ?? '' }, () => task.plan({
        seed: p.seed, split, index, count: n, rng: questionGenerator(p.seed, task.id, id, index), subject: sized,
        slot: (k: number) => (Math.floor(offset * k) + index) % k,
        splitIds: p.split.ids[split] ?? [], complexById, style: p.style, options,
      }), onError);
      if (!guarded.ok) {
        out.rejects.push({ stage: 'plan', id: qid, task: task.id, complex: id, split, index, reason: guarded.reject.reason, internal: true });
        continue;
      }
      const result = guarded.value;
      if (result.ok) {
        out.replacements[task.id] += result.plan.replacements;
        out.questions.push({ id: qid, task, split, complex: id, index, plan: result.plan });
      } else {
        out.replacements[task.id] += result.replacements;
        out.rejects.push({ stage: 'plan', id: qid, task: task.id, complex: id, split, index, reason: result.reason });
      }
    }
  }
  return out;
}
