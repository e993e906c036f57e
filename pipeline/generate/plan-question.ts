// One question planned exactly as `generate` plans it (same seeds, same balanced slots, same
// decks, same image size and task options): the plan stage (plan.ts) asks this for every
// question, and tests, scripts and tasks written outside the package ask it for one
// (docs/add-task.md). Pure: no browser, no files.

import { VAL } from '../../qa/split-names.ts';
import {
  defaultImageSize,
  type PerSplitCount,
  type PlanResult,
  type PreparedComplex,
  type Split,
  type TaskContext,
  type TaskModule,
} from '../../qa/task.ts';
import { taskContext } from '../../qa/task-context.ts';
import { planTruthProblem } from '../../qa/task-registry.ts';
import type { LabelLayoutMode } from '../../renders/label-layout.ts';
import { DEFAULT_ANTIALIAS, DEFAULT_STYLE, makeStyle, type Style } from '../../renders/style.ts';
import { preparedAtSize } from './image-sizes.ts';
import { labelLayouts, labelSets, taskStyles } from './label-options.ts';
import { DEFAULT_SEED } from './seeds.ts';

export interface PlanQuestionOptions {
  /** The run's global seed (generate --seed). Default DEFAULT_SEED. */
  seed?: number;
  /** How many questions of the task the complex is asked on this split (indices 0..count-1),
   * after the task's questionCount. Default: questionCount of `requested`. */
  count?: number;
  /** Questions asked for, before questionCount. Default: the task's defaultCounts for `split`. */
  requested?: number;
  /** Ids of every complex of the split, sorted (generate: the split's side). Default: the subject's. */
  splitIds?: readonly string[];
  /** The other complexes of the run, for tasks that pair them. Default: the subject alone. */
  complexById?: (id: string) => PreparedComplex;
  /** Default: the style generate draws the task with when no style flag is given (its own label layout and set). */
  style?: Style;
  /** The task options chosen (TaskModule.options); the others take their defaults. */
  options?: Readonly<Record<string, string>>;
  /** Image size, pixels (generate --size). Default: the task's defaultImageSize. */
  size?: number;
}

/** The run style of each label layout when no antialiasing or label flag is given (one object per layout). */
const defaultStyles = new Map<LabelLayoutMode, Style>();
const defaultStyleOf = (layout: LabelLayoutMode): Style => {
  let hit = defaultStyles.get(layout);
  if (!hit)
    defaultStyles.set(
      layout,
      (hit = makeStyle({ antialias: DEFAULT_ANTIALIAS, labels: { layout, fontSize: DEFAULT_STYLE.labels.fontSize } })),
    );
  return hit;
};

/** The style of each task's scenes in a run that names no antialiasing or label flag (generate's default): its own label layout and set. */
export function defaultRunStyles(tasks: readonly TaskModule[]): Record<string, Style> {
  return taskStyles(tasks, labelLayouts(tasks), labelSets(tasks), defaultStyleOf);
}

/** A task's option values: the chosen ones, else its defaults. */
export function optionsOfTask(task: TaskModule, chosen: Readonly<Record<string, string>> = {}): Record<string, string> {
  return Object.fromEntries((task.options ?? []).map((o) => [o.key, chosen[o.key] ?? o.default]));
}

/**
 * Questions asked of a complex on `split`, by the task's counts: val (`--buffer val`) is held
 * out like test and takes test's count unless its own is given (TASK=TRAIN/TEST/VAL).
 */
export function requestedCount(counts: PerSplitCount | undefined, split: Split): number {
  if (!counts) return 0;
  return split === VAL ? (counts.val ?? counts.test) : counts[split];
}

/** How many questions of `task` a complex yields on `split` when `requested` are asked for. */
export function questionCountOf(
  task: TaskModule,
  subject: PreparedComplex,
  split: Split,
  requested: number,
  options: Readonly<Record<string, string>>,
): number {
  return task.questionCount ? task.questionCount(subject, split, requested, options) : requested;
}

/** The context generate hands `task.plan` for question `index` of `subject` (the subject and
 * every partner already at the task's image size). */
export function questionContext(
  task: TaskModule,
  subject: PreparedComplex,
  split: Split,
  index: number,
  o: PlanQuestionOptions = {},
): TaskContext {
  const options = optionsOfTask(task, o.options);
  const count = o.count ?? questionCountOf(task, subject, split, o.requested ?? requestedCount(task.defaultCounts, split), options);
  const size = o.size ?? defaultImageSize(task);
  const complexById =
    o.complexById ??
    ((id: string) => {
      if (id !== subject.complex.id) throw new Error(`planQuestion: no complexById for partner ${id}`);
      return subject;
    });
  return taskContext({
    seed: o.seed ?? DEFAULT_SEED,
    task: task.id,
    split,
    index,
    count,
    subject: preparedAtSize(subject, size),
    splitIds: o.splitIds ?? [subject.complex.id],
    complexById: (other) => preparedAtSize(complexById(other), size),
    style: o.style ?? defaultRunStyles([task])[task.id],
    options,
  });
}

/** Plans question `index` of `task` on `prepared` in `split` as generate does; a plan whose
 * truth is not of the task's answer kind is no question (the reason says so: rejects.jsonl). */
export function planQuestion(
  task: TaskModule,
  prepared: PreparedComplex,
  split: Split,
  index: number,
  options: PlanQuestionOptions = {},
): PlanResult {
  const result = task.plan(questionContext(task, prepared, split, index, options));
  if (!result.ok) return result;
  const problem = planTruthProblem(task, result.plan.truth);
  return problem ? { ok: false, reason: problem, replacements: result.plan.replacements } : result;
}
