// The plan stage: for every complex, task and question index of the complex's split, run
// the task's plan with that question's own generator and context (plan-question.ts, which
// outside callers use for one question). Pure: no browser, no files.

import type { Split } from '../../qa/task.ts';
import { defaultImageSize, type PreparedComplex, type QuestionPlan, type TaskModule } from '../../qa/task.ts';
import type { Style } from '../../renders/style.ts';
import { type ErrorSink, guardComplexSync } from '../../structures/reject.ts';
import type { QuestionReject } from '../dataset/rejects.ts';
import type { Counts } from './counts.ts';
import type { ImageSizes } from './image-sizes.ts';
import { optionsOfTask, type PlanQuestionOptions, planQuestion, questionCountOf, requestedCount } from './plan-question.ts';
import type { SplitAssignment } from './split.ts';

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
  /** Style per task id (its label set and layout: pipeline/generate/label-options.ts); a task not listed: `style`. */
  styles?: Readonly<Record<string, Style>>;
}

export interface ComplexPlan {
  questions: PlannedQuestion[];
  rejects: PlanReject[];
  /** Draws replaced per task. */
  replacements: Record<string, number>;
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
    const n = questionCountOf(task, subject, split, requestedCount(p.counts[task.id], split), options);
    out.replacements[task.id] = 0;
    // Every camera the task sees draws at the task's image size (same framing at any size).
    const asked: PlanQuestionOptions = {
      seed: p.seed,
      count: n,
      splitIds: p.split.ids[split] ?? [],
      complexById: p.complexById,
      style: p.styles?.[task.id] ?? p.style,
      options,
      size: p.sizes?.[task.id] ?? defaultImageSize(task),
    };
    for (let index = 0; index < n; index++) {
      const qid = questionId(task.id, id, index);
      const guarded = guardComplexSync(
        qid,
        { stage: 'plan', path: subject.complex.sources[0]?.path ?? '' },
        () => planQuestion(task, subject, split, index, asked),
        onError,
      );
      if (!guarded.ok) {
        out.rejects.push({
          stage: 'plan',
          id: qid,
          task: task.id,
          complex: id,
          split,
          index,
          reason: guarded.reject.reason,
          internal: true,
        });
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

export { optionsOfTask, requestedCount } from './plan-question.ts';
