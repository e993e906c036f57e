// The one list of tasks every command asks (generate, score, eval and its baselines,
// stats, preview, export): the nine of qa/tasks/index.ts, in the spec's table order, then
// the tasks registered from outside the package (`--task-module`, or `registerTask` from
// the library), in the order they were added. Nothing else keeps a list of task ids.

import { type FailureKind, KnownError } from '../structures/known-error.ts';
import { ANSWER_KINDS, type AnswerKind, letterAnswer, textAnswer } from './answer-kinds.ts';
import { exactTextScorer, type TaskScorer } from './scoring/task-scorers.ts';
import { type TaskModule, type TaskOption, type Truth, taskOptionFlag } from './task.ts';
import { OPT_IN_TASKS, TASK_SETS, TASKS } from './tasks/index.ts';

/** A task that cannot be added (malformed, or its id taken): the message says why. */
export class TaskDefinitionError extends KnownError {
  static override readonly failure: FailureKind = 'usage';
}

const added: TaskModule[] = [];

/** Every known task: the nine, the opt-in ones (qa/tasks/index.ts), then the added ones. */
export function allTasks(): readonly TaskModule[] {
  return [...TASKS, ...OPT_IN_TASKS, ...added];
}

/** The tasks a run makes when it names none: the nine, then the added ones (not the opt-in tasks). */
export function defaultTasks(): readonly TaskModule[] {
  return [...TASKS, ...added];
}

/** The tasks of a named set (`interactions`), or undefined when `name` names none. */
export function taskSet(name: string): readonly TaskModule[] | undefined {
  return Object.hasOwn(TASK_SETS, name) ? TASK_SETS[name] : undefined;
}

export const taskSetNames = (): string[] => Object.keys(TASK_SETS);

export function taskIds(): string[] {
  return allTasks().map((t) => t.id);
}

export function taskById(id: string): TaskModule | undefined {
  return allTasks().find((t) => t.id === id);
}

/** The task of this id, or an error naming the known ones (`where`: what named it). */
export function requireTask(id: string, where = 'task'): TaskModule {
  const t = taskById(id);
  if (!t) throw new TaskDefinitionError(`${where}: unknown task '${id}' (known: ${taskIds().join(', ')})`);
  return t;
}

export function scorerOf(task: TaskModule): TaskScorer {
  return task.scorer ?? exactTextScorer;
}

/** The kind of the task's answer (qa/answer-kinds.ts): its own, else a letter for a choice task and the task's own text else. */
export function answerKindOf(task: Pick<TaskModule, 'answer' | 'format'>): AnswerKind {
  return task.answer ?? (task.format === 'choice' ? letterAnswer : textAnswer);
}

/** The answer kinds whose answer is, or holds, a complex's hydrogen bonds. */
const BOND_ANSWER_KINDS: readonly AnswerKind['name'][] = ['verdict', 'bonds'];

/** Whether a question of `a` and one of `b` on the same complex may give one's answer away:
 * one names a bond of the complex in its text (TaskModule.namesABond), the other's answer a
 * bond may give (TaskModule.answeredByABond, by default an answer that holds bonds). */
type BondSide = Pick<TaskModule, 'answer' | 'format' | 'namesABond' | 'answeredByABond'>;
export function bondsMayGiveAway(a: BondSide, b: BondSide): boolean {
  const answered = (t: BondSide) => t.answeredByABond ?? BOND_ANSWER_KINDS.includes(answerKindOf(t).name);
  return (a.namesABond === true && answered(b)) || (b.namesABond === true && answered(a));
}

/** What is wrong with a plan's truth for its task's answer kind (null: nothing): a truth of
 * another kind would be written into a record no reader can read as the task's. */
export function planTruthProblem(task: Pick<TaskModule, 'answer' | 'format'>, truth: Truth): string | null {
  const kind = answerKindOf(task);
  if (truth.kind === 'data') {
    const c = kind.check(truth.value);
    return c.ok ? null : `the plan's ${c.problem}`;
  }
  if (kind.name === 'text' || kind.name === truth.kind) return null;
  return `the plan's truth is ${truth.kind === 'letter' ? 'a letter' : 'commands'}, but the task's answer kind is '${kind.name}'`;
}

/** What is wrong with a value offered as a task module, or null when it is one. */
export function taskProblem(value: unknown): string | null {
  const t = value as Partial<TaskModule> | null;
  if (!t || typeof t !== 'object') return 'not an object';
  if (typeof t.id !== 'string' || !/^[a-z][a-z0-9_]*$/.test(t.id))
    return `id ${JSON.stringify(t.id)} is not a lower-case identifier (letters, digits, _)`;
  if (t.format !== 'cloze' && t.format !== 'choice') return `task ${t.id}: format must be 'cloze' or 'choice'`;
  if (!(Number.isInteger(t.imageCount) && t.imageCount! > 0)) return `task ${t.id}: imageCount must be a positive whole number`;
  if (!t.defaultCounts || !Number.isInteger(t.defaultCounts.train) || !Number.isInteger(t.defaultCounts.test))
    return `task ${t.id}: defaultCounts must be { train, test } whole numbers`;
  if (typeof t.template !== 'string') return `task ${t.id}: template must name a template file`;
  if (typeof t.plan !== 'function') return `task ${t.id}: plan must be a function`;
  if (t.scorer !== undefined && typeof t.scorer?.prepare !== 'function') return `task ${t.id}: scorer must have prepare(record)`;
  if (t.randomGuess !== undefined && typeof t.randomGuess !== 'function') return `task ${t.id}: randomGuess must be a function`;
  if (t.defaultImageSize !== undefined && !(Number.isInteger(t.defaultImageSize) && t.defaultImageSize >= 64 && t.defaultImageSize <= 4096))
    return `task ${t.id}: defaultImageSize must be a whole number of pixels from 64 to 4096`;
  if (t.answer !== undefined && typeof t.answer?.answerOf !== 'function')
    return `task ${t.id}: answer must be an answer kind (${Object.keys(ANSWER_KINDS).join(', ')}: commandsAnswer, letterAnswer, verdictAnswer, bondListAnswer, yesNoAnswer, residueListAnswer, textAnswer)`;
  if (t.motion !== undefined && t.motion?.moves !== 'scene' && t.motion?.moves !== 'ligand')
    return `task ${t.id}: motion.moves must be 'scene' or 'ligand'`;
  for (const b of t.baselines ?? [])
    if (typeof b?.name !== 'string' || typeof b.fit !== 'function') return `task ${t.id}: each baseline needs a name and fit()`;
  for (const o of t.options ?? []) {
    if (typeof o?.key !== 'string' || !Array.isArray(o.choices) || !o.choices.includes(o.default))
      return `task ${t.id}: option ${JSON.stringify(o?.key)} needs a key, choices and a default among them`;
  }
  return null;
}

/** Adds a task written outside the package; the same module again is a no-op. */
export function registerTask(task: TaskModule): void {
  const problem = taskProblem(task);
  if (problem) throw new TaskDefinitionError(problem);
  const known = taskById(task.id);
  if (known === task) return;
  if (known) throw new TaskDefinitionError(`a task with id '${task.id}' is already known`);
  // An option several tasks share (e.g. --decoys) is one object; another option under a known key is a clash.
  const byKey = new Map(allTasks().flatMap((t) => (t.options ?? []).map((o) => [o.key, o] as const)));
  const clash = (task.options ?? []).find((o) => byKey.has(o.key) && byKey.get(o.key) !== o);
  if (clash) throw new TaskDefinitionError(`task ${task.id}: option '${clash.key}' is already another task's`);
  added.push(task);
}

/** The tasks' options, each once (an option several tasks share is one object), with the ids of the tasks that have it. */
export function taskOptionList(tasks: readonly TaskModule[] = allTasks()): { option: TaskOption; tasks: string[] }[] {
  const out = new Map<string, { option: TaskOption; tasks: string[] }>();
  for (const t of tasks)
    for (const o of t.options ?? []) {
      const entry = out.get(o.key) ?? { option: o, tasks: [] };
      entry.tasks.push(t.id);
      out.set(o.key, entry);
    }
  return [...out.values()];
}

/** Why `value` is not a choice of the option `key` of `tasks` (null: it is one, or no task has that option). */
export function taskOptionValueProblem(key: string, value: string, tasks: readonly TaskModule[] = allTasks()): string | null {
  const option = tasks.flatMap((t) => t.options ?? []).find((o) => o.key === key);
  if (!option || option.choices.includes(value)) return null;
  return `--${taskOptionFlag(key)} '${value}': the choices are ${option.choices.join(', ')}`;
}

/** Every task's options with their defaults, by key (recorded in the manifest's options). */
export function defaultTaskOptions(tasks: readonly TaskModule[] = allTasks()): Record<string, string> {
  return Object.fromEntries(tasks.flatMap((t) => (t.options ?? []).map((o) => [o.key, o.default])));
}
