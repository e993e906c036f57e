// Options a run sets for every task or for single tasks: `--flag V` for every task,
// `--flag TASK=V` for one (repeatable, or several separated by commas; a task's own value
// wins over V whatever their order). `--size`, `--label-layout` and `--labels` read this way.

import type { TaskModule } from '../../qa/task.ts';
import { UsageError } from '../usage-error.ts';

/** What the options asked for: a value for every task and values for single tasks. */
export interface PerTaskRequest<T> {
  all?: T;
  perTask?: Record<string, T>;
}

/** How one flag's values read: its name, what one value is called (and its plural), the value's placeholder, and the value's parser (throws a UsageError with a one-line message). */
export interface PerTaskFlag<T> {
  flag: string;
  noun: string;
  nouns: string;
  placeholder: string;
  parse: (text: string, what: string) => T;
}

/**
 * Parses a flag's values against the run's tasks; throws a UsageError with a one-line message on
 * bad input (a usage error).
 */
export function parsePerTask<T>(
  f: PerTaskFlag<T>,
  values: string | number | readonly (string | number)[] | undefined,
  tasks: readonly Pick<TaskModule, 'id'>[],
): PerTaskRequest<T> {
  const list = values === undefined ? [] : Array.isArray(values) ? values : [values as string | number];
  const out: PerTaskRequest<T> = {};
  const perTask: Record<string, T> = {};
  for (const part of list.flatMap((v) => String(v).split(','))) {
    if (!part.trim()) throw new UsageError(`${f.flag}: empty value (give ${f.placeholder} for every task or TASK=${f.placeholder})`);
    const eq = part.indexOf('=');
    if (eq < 0) {
      const v = f.parse(part, f.noun);
      if (out.all !== undefined)
        throw new UsageError(
          `${f.flag}: two ${f.nouns} for every task (${out.all} and ${v}); give one, and TASK=${f.placeholder} for single tasks`,
        );
      out.all = v;
      continue;
    }
    const id = part.slice(0, eq).trim();
    if (!tasks.some((t) => t.id === id))
      throw new UsageError(`${f.flag}: '${id}' is not one of the chosen tasks (${tasks.map((t) => t.id).join(', ')})`);
    const v = f.parse(part.slice(eq + 1), `${f.noun} of ${id}`);
    if (perTask[id] !== undefined) throw new UsageError(`${f.flag}: two ${f.nouns} for ${id} (${perTask[id]} and ${v})`);
    perTask[id] = v;
  }
  if (Object.keys(perTask).length) out.perTask = perTask;
  return out;
}

/** Each task's value: its own request, else the value for all, else the task's default. */
export function perTaskValues<T>(
  tasks: readonly TaskModule[],
  request: PerTaskRequest<T>,
  fallback: (t: TaskModule) => T,
): Record<string, T> {
  return Object.fromEntries(tasks.map((t) => [t.id, request.perTask?.[t.id] ?? request.all ?? fallback(t)]));
}

/** The one value every task has, or null when they differ (what the manifest records beside the per-task values). */
export function sharedValue<T>(values: Record<string, T>): T | null {
  const set = new Set(Object.values(values));
  return set.size === 1 ? [...set][0] : null;
}

/** A parser of one of `choices`. */
export function oneOf<T extends string>(flag: string, choices: readonly T[]): (text: string, what: string) => T {
  return (text, what) => {
    const t = text.trim();
    if (!(choices as readonly string[]).includes(t)) throw new UsageError(`${flag}: ${what} '${t}' is not one of ${choices.join(', ')}`);
    return t as T;
  };
}
