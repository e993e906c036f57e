// Several people's (or runs') predictions scored on one split: per task and for the two
// averages, the mean over the files with its spread (sample standard deviation, n - 1, and
// the range). `misi-gen score DIR a.jsonl b.jsonl ...` prints it: the human row of a study.
import { AVERAGE_LABELS, layout, type ScoreRun } from './score-table.ts';

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

/** The row holding the 7-task mean (JSON `average` of one file) keeps its first name, `average (paper)`. */
const SEVEN_TASKS_ROW = 'average (paper)';

/**
 * Per task (in the first run's order), each followed by the paper's columns of a task it
 * splits (residue_ligand: RL+, RL-), then `average (paper, N columns)` (the paper's Avg),
 * `average (paper)` (the 7-task mean, so named before the paper's columns came) and
 * `average (all tasks)`.
 */
export function peopleRows(runs: ScoreRun[]): PeopleRow[] {
  const tasks = runs[0]?.score.tasks.map((t) => t.task) ?? [];
  const columns = runs[0]?.paper.columns ?? [];
  const splitOf = (task: string) => {
    const mine = columns.filter((c) => c.task === task);
    return mine.length > 1 ? mine.map((c) => c.name) : [];
  };
  const row = (task: string, pick: (r: ScoreRun) => { composite: number | null; exact: number | null } | undefined): PeopleRow => {
    const got = runs.map(pick).filter((x) => x !== undefined);
    const nums = (k: 'composite' | 'exact') => got.map((x) => x[k]).filter((v): v is number => v !== null);
    return { task, composite: spread(nums('composite')), exact: spread(nums('exact')) };
  };
  const paperRow = row(AVERAGE_LABELS.paper(runs[0]?.paper.average.columns.length ?? 0), (r) => r.paper.average);
  return [
    ...tasks.flatMap((t) => [
      row(t, (r) => r.score.tasks.find((x) => x.task === t)),
      ...splitOf(t).map((name) => row(name, (r) => r.paper.columns.find((c) => c.name === name))),
    ]),
    paperRow,
    row(SEVEN_TASKS_ROW, (r) => r.score.average),
    row(AVERAGE_LABELS.all, (r) => r.score.averageAllTasks),
  ];
}

const one = (x: number | null) => (x === null ? '-' : x.toFixed(1));

export function peopleTable(runs: ScoreRun[]): string {
  const rows = peopleRows(runs);
  const head = ['task', 'files', 'composite', 'sd', 'min', 'max', 'exact', 'sd'];
  const cells = rows.map((r) => [
    r.task === SEVEN_TASKS_ROW ? AVERAGE_LABELS.tasks(runs[0].score.average.tasks.length) : r.task,
    String(r.composite.files),
    one(r.composite.mean),
    one(r.composite.sd),
    one(r.composite.min),
    one(r.composite.max),
    one(r.exact.mean),
    one(r.exact.sd),
  ]);
  const table = layout(head, cells, 1, rows.length - 3);
  const { dataset, split } = runs[0];
  return (
    [
      `Human row: ${runs.length} prediction files on ${dataset} (split ${split}), percent: the mean over the files, its sample standard deviation (n - 1) and range`,
      '',
      ...table,
      '',
      'Each file:',
      ...runs.map(
        (r) =>
          `  ${r.predictions}: ${AVERAGE_LABELS.paper(r.paper.average.columns.length)} ${one(r.paper.average.composite)}, ${AVERAGE_LABELS.tasks(r.score.average.tasks.length)} ${one(r.score.average.composite)}, ${AVERAGE_LABELS.all} ${one(r.score.averageAllTasks.composite)}, ${r.score.questions - r.score.missing} of ${r.score.questions} questions answered`,
      ),
      '',
      'composite, exact, RL+/RL- and the averages are defined as for one file (misi-gen score DIR FILE prints the definitions); a question a file does not answer scores 0 in it.',
    ].join('\n') + '\n'
  );
}
