// Questions per complex per split: the tasks' defaults, overridden by
// `--per-complex translation=4/2,rotation=6/3` (train/test), or with a third number for val
// (`--buffer val`), e.g. `translation=4/2/1`; without it val takes test's.

import type { PerSplitCount, TaskModule } from '../../qa/task.ts';
import { UsageError } from '../usage-error.ts';

export type Counts = Record<string, PerSplitCount>;

/** Parses the option text; throws a UsageError with a one-line message on bad input. */
export function parseCounts(text: string | undefined, tasks: readonly TaskModule[]): Counts {
  const counts: Counts = Object.fromEntries(tasks.map((t) => [t.id, { ...t.defaultCounts }]));
  if (!text?.trim()) return counts;
  for (const part of text.split(',')) {
    const m = /^\s*([\w-]+)\s*=\s*(\d+)\s*\/\s*(\d+)\s*(?:\/\s*(\d+)\s*)?$/.exec(part);
    if (!m) throw new UsageError(`--per-complex: '${part.trim()}' is not TASK=TRAIN/TEST or TASK=TRAIN/TEST/VAL (e.g. translation=4/2)`);
    if (!counts[m[1]]) throw new UsageError(`--per-complex: '${m[1]}' is not one of the chosen tasks (${Object.keys(counts).join(', ')})`);
    counts[m[1]] = { train: Number(m[2]), test: Number(m[3]), ...(m[4] !== undefined ? { val: Number(m[4]) } : {}) };
  }
  return counts;
}

export function formatCounts(counts: Counts): string {
  return Object.entries(counts)
    .map(([id, c]) => `${id}=${c.train}/${c.test}${c.val !== undefined ? `/${c.val}` : ''}`)
    .join(',');
}
