// The one builder of a task's context (TaskContext, qa/task.ts): the question's own
// generator and the balanced slots come from the run's seeds (qa/seeds.ts), so every caller
// that plans (the plan stage, planQuestion, tests, scripts) hands a task the same context
// generate does. A caller that needs a fixed draw (a test of one branch) overrides `rng` or
// `slot` by name.
import type { Style } from '../renders/style.ts';
import type { Rng } from './random.ts';
import { questionGenerator, slotGenerator } from './seeds.ts';
import type { PreparedComplex, Split, TaskContext } from './task.ts';

export interface ContextInputs {
  seed: number;
  /** The task's id (seeds the question's generator and its slots). */
  task: string;
  split: Split;
  index: number;
  count: number;
  subject: PreparedComplex;
  splitIds: readonly string[];
  complexById: (id: string) => PreparedComplex;
  style: Style;
  options?: Readonly<Record<string, string>>;
  /** Default: questionGenerator(seed, task, subject id, index). */
  rng?: Rng;
  /** Default: balancedSlot of the (seed, task, subject id) offset and the index. */
  slot?: (n: number) => number;
}

/** TaskContext.slot: (floor(offset * n) + index) mod n, offset in [0, 1) drawn once per
 * (seed, task, complex). */
export function balancedSlot(offset: number, index: number): (n: number) => number {
  return (n: number) => (Math.floor(offset * n) + index) % n;
}

/** The slot offset of a task on one complex. */
export function slotOffset(seed: number, task: string, complex: string): number {
  return slotGenerator(seed, task, complex)();
}

export function taskContext(c: ContextInputs): TaskContext {
  const id = c.subject.complex.id;
  return {
    seed: c.seed,
    split: c.split,
    index: c.index,
    count: c.count,
    rng: c.rng ?? questionGenerator(c.seed, c.task, id, c.index),
    slot: c.slot ?? balancedSlot(slotOffset(c.seed, c.task, id), c.index),
    subject: c.subject,
    splitIds: c.splitIds,
    complexById: c.complexById,
    style: c.style,
    ...(c.options !== undefined ? { options: c.options } : {}),
  };
}
