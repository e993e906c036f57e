// Several people's (or runs') predictions scored on one split: per task and for the two
// averages, the mean over the files with its spread (sample standard deviation, n - 1, and
// the range). `misi-gen score DIR a.jsonl b.jsonl ...` prints it: the human row of a study.
import type { ScoreRun } from './score-table.ts';

export interface Spread {
  files: number;
  mean: number | null;
  /** Sample standard deviation (n - 1); null for fewer than two values. */
  sd: number | null;
  min: number | null;
  max: number | null;
}

export interface PeopleRow {
  task: string;
  composite: Spread;
  exact: Spread;
}

export function spread(values: number[]): Spread {
  const n = values.length;
  if (!n) return { files: 0, mean: null, sd: null, min: null, max: null };
  const mean = values.reduce((s, x) => s + x, 0) / n;
  const sd = n > 1 ? Math.sqrt(values.reduce((s, x) => s + (x - mean) ** 2, 0) / (n - 1)) : null;
  return { files: n, mean, sd, min: Math.min(...values), max: Math.max(...values) };
}

/** Per task (in the first run's order), then `average (paper)` and `average (all tasks)`. */
export function peopleRows(runs: ScoreRun[]): PeopleRow[] {
  const tasks = runs[0]?.score.tasks.map((t) => t.task) ?? [];
  const row = (task: string, pick: (r: ScoreRun) => { composite: number | null; exact: number | null } | undefined): PeopleRow => {
    const got = runs.map(pick).filter((x) => x !== undefined);
    const nums = (k: 'composite' | 'exact') => got.map((x) => x[k]).filter((v): v is number => v !== null);
    return { task, composite: spread(nums('composite')), exact: spread(nums('exact')) };
  };
  return [
    ...tasks.map((t) => row(t, (r) => r.score.tasks.find((x) => x.task === t))),
    row('average (paper)', (r) => r.score.average),
    row('average (all tasks)', (r) => r.score.averageAllTasks),
  ];
}

const one = (x: number | null) => (x === null ? '-' : x.toFixed(1));

export function peopleTable(runs: ScoreRun[]): string {
  const rows = peopleRows(runs);
  const head = ['task', 'files', 'composite', 'sd', 'min', 'max', 'exact', 'sd'];
  const cells = rows.map((r) => [
    r.task,
    String(r.composite.files),
    one(r.composite.mean),
    one(r.composite.sd),
    one(r.composite.min),
    one(r.composite.max),
    one(r.exact.mean),
    one(r.exact.sd),
  ]);
  const widths = head.map((h, i) => Math.max(h.length, ...cells.map((c) => c[i].length)));
  const line = (c: string[]) =>
    c
      .map((x, i) => (i === 0 ? x.padEnd(widths[i]) : x.padStart(widths[i])))
      .join('  ')
      .trimEnd();
  const rule = widths.map((w) => '-'.repeat(w)).join('  ');
  const body = cells.map(line);
  body.splice(rows.length - 2, 0, rule);
  const { dataset, split } = runs[0];
  return (
    [
      `Human row: ${runs.length} prediction files on ${dataset} (split ${split}), percent: the mean over the files, its sample standard deviation (n - 1) and range`,
      '',
      line(head),
      rule,
      ...body,
      '',
      'Each file:',
      ...runs.map(
        (r) =>
          `  ${r.predictions}: average (paper) ${one(r.score.average.composite)}, average (all tasks) ${one(r.score.averageAllTasks.composite)}, ${r.score.questions - r.score.missing} of ${r.score.questions} questions answered`,
      ),
      '',
      'composite and exact are defined as for one file (misi-gen score DIR FILE prints the definitions); a question a file does not answer scores 0 in it.',
    ].join('\n') + '\n'
  );
}
