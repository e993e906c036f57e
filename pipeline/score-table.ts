// The score report as text (a table, the averages, then how each number is defined) and as
// JSON (the same numbers, unrounded but for float noise). The table's figures follow the
// headline atom-name rule; the H-bond tasks by the other rule follow in a second table.

import { ATOM_NAME_RULE_DEFINITIONS, ATOM_NAME_RULES, type AtomNameRule } from '../qa/scoring/equivalent-atoms.ts';
import type { PredictionProblem } from '../qa/scoring/prediction-lines.ts';
import type { SplitScore, TaskAverage } from '../qa/scoring/score-split.ts';
import { allTasks } from '../qa/task-registry.ts';
import { type PaperScore, paperAverageColumns, paperColumnSpecs, splitColumnsText } from './paper-columns.ts';
import { count } from './plural.ts';

export interface ScoreRun {
  dataset: string;
  predictions: string;
  split: string;
  score: SplitScore;
  /** The paper's columns (RL+ and RL- apart) and its 8-column average. */
  paper: PaperScore;
  problems: PredictionProblem[];
}

const PAPER_AVERAGE_PREFIX = 'average (paper, ';

/** How the tables name the three averages (JSON: paperAverage, average, averageAllTasks). */
export const AVERAGE_LABELS = {
  paper: (n: number) => `${PAPER_AVERAGE_PREFIX}${count(n, 'column')})`,
  /** `average (7 tasks)` on a dataset of the nine. */
  tasks: (n: number) => `average (${count(n, 'task')})`,
  all: 'average (all tasks)',
} as const;

/** Whether a row's label is the paper's average (of any number of columns). */
export const isPaperAverageLabel = (label: string): boolean => label.startsWith(PAPER_AVERAGE_PREFIX);

/** What each average is, for the table's definitions and the JSON. */
export function averageDefinitions(): { paperAverage: string; average: string; averageAllTasks: string } {
  const left = allTasks()
    .filter((t) => t.leftOutOfPaperAverage)
    .map((t) => t.id)
    .join(' and ');
  return {
    paperAverage: `the paper's Avg: unweighted mean of the columns ${paperAverageColumns().join(', ')} present (${splitColumnsText().join('; ')}; ${left} left out)`,
    average: `unweighted mean over the tasks present but ${left}, each task once (printed as average (paper) before; not the paper's Avg)`,
    averageAllTasks: 'unweighted mean over every task present',
  };
}

const one = (x: number | null) => (x === null ? '-' : x.toFixed(1));
/** Rounded to 1e-6 so 87.49999999 prints as 87.5; still more digits than the table shows. */
const fine = (x: number | null) => (x === null ? null : Math.round(x * 1e6) / 1e6);

/** How the table names each atom-name rule. */
const RULE_NAME: Record<AtomNameRule, string> = {
  equivalent: 'residue atom names no image can tell apart count as one',
  asWritten: "residue atom names as written, the paper's rule",
};

/** The value of `--atom-names` (score, eval) for each rule. */
export const ATOM_NAMES_FLAG: Record<AtomNameRule, string> = { equivalent: 'equivalent', asWritten: 'as-written' };

/** The yargs option `--atom-names`, shared by score and eval. */
export const atomNamesOption = {
  choices: ATOM_NAME_RULES.map((r) => ATOM_NAMES_FLAG[r]),
  default: ATOM_NAMES_FLAG.equivalent,
  describe:
    "the H-bond tasks' headline rule: equivalent residue atom names (ASP OD1/OD2, ...) count as one, or as-written (the paper's); the table and JSON give both",
};

/** The rule a value of `--atom-names` names. */
export const atomNameRuleOf = (flag: string): AtomNameRule => ATOM_NAME_RULES.find((r) => ATOM_NAMES_FLAG[r] === flag) ?? 'equivalent';

/** The text tables `--table` chooses between (score, eval). */
export const TABLES = { tasks: 'tasks', paper: 'paper' } as const;

/** The yargs option `--table`, shared by score and eval. */
export const tableOption = {
  choices: Object.values(TABLES),
  default: TABLES.tasks as string,
  get describe() {
    return `tasks: per task (with the paper's split columns) and the three averages, defined; paper: rows in the paper's column order (Avg ${paperColumnSpecs()
      .map((c) => c.name)
      .join(' ')}, both metrics) to paste under its tables`;
  },
};

type Row = string[];

/** Rows under a head, padded to common widths (the first `left` columns to the left), with a rule under the head and before row `ruleAt`:
 * every table score, compare and the people's row print. */
export function layout(head: Row, rows: Row[], left: number, ruleAt: number): string[] {
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)));
  const line = (r: Row) =>
    r
      .map((c, i) => (i < left ? c.padEnd(widths[i]) : c.padStart(widths[i])))
      .join('  ')
      .trimEnd();
  const rule = widths.map((w) => '-'.repeat(w)).join('  ');
  const body = rows.map(line);
  body.splice(ruleAt, 0, rule);
  return [line(head), rule, ...body];
}

export function scoreTable(run: ScoreRun): string {
  const { score } = run;
  const head = ['task', 'metric', 'questions', 'answered', 'missing', 'unread', 'composite', 'exact'];
  const split = splitColumns(run);
  const rows = score.tasks.flatMap((t) => [
    [t.task, t.metric, String(t.questions), String(t.answered), String(t.missing), String(t.unread), one(t.composite), one(t.exact)],
    ...(split.get(t.task) ?? []).map((c) => [
      `  ${c.name}`,
      '',
      String(c.questions),
      String(c.answered),
      String(c.questions - c.answered),
      String(c.unread),
      one(c.composite),
      one(c.exact),
    ]),
  ]);
  const taskRows = rows.length;
  const avg = (label: string, a: { composite: number | null; exact: number | null }) => [
    label,
    '',
    '',
    '',
    '',
    '',
    one(a.composite),
    one(a.exact),
  ];
  const paperLabel = AVERAGE_LABELS.paper(run.paper.average.columns.length);
  rows.push(
    avg(paperLabel, run.paper.average),
    avg(AVERAGE_LABELS.tasks(score.average.tasks.length), score.average),
    avg(AVERAGE_LABELS.all, score.averageAllTasks),
  );
  const total = ['all questions', '', String(score.questions), String(score.questions - score.missing), String(score.missing), '', '', ''];
  rows.push(total);
  const other = ATOM_NAME_RULES.find((r) => r !== score.atomNames)!;
  const named = score.tasks.filter((t) => t.equivalentAtomNames);
  const otherRows = [
    ...named.flatMap((t) => [
      [t.task, one(t.byAtomNames[other].composite), one(t.byAtomNames[other].exact)],
      ...(split.get(t.task) ?? []).map((c) => [`  ${c.name}`, one(c.byAtomNames[other].composite), one(c.byAtomNames[other].exact)]),
    ]),
    ...(
      [
        [paperLabel, run.paper.average],
        [AVERAGE_LABELS.tasks(score.average.tasks.length), score.average],
        [AVERAGE_LABELS.all, score.averageAllTasks],
      ] as const
    ).map(([label, a]) => [label, one(a.byAtomNames[other].composite), one(a.byAtomNames[other].exact)]),
  ];
  const otherTaskRows = otherRows.length - 3;
  const out = [
    `Scores of ${run.predictions} on ${run.dataset} (split ${run.split}), percent`,
    `H-bond answers: ${RULE_NAME[score.atomNames]} (--atom-names ${ATOM_NAMES_FLAG[score.atomNames]})`,
    '',
    ...layout(head, rows, 2, taskRows),
    ...(named.length
      ? [
          '',
          `By the other rule, ${RULE_NAME[other]} (every other task scores the same by both):`,
          '',
          ...layout(['task', 'composite', 'exact'], otherRows, 1, otherTaskRows),
        ]
      : []),
    '',
    'How each number is defined:',
    '  composite   mean per-question score of the task (0-1 each, shown x100); for exact-match tasks it equals exact',
    '  exact       share of questions whose reply, once read, is the answer itself (same commands, letter or set of bonds)',
    '  missing     questions with no prediction: they score 0 and stay in the denominator',
    "  unread      predictions from which no answer of the task's form could be read: they score 0",
    ...(split.size ? splitColumnsText().map((t) => `  ${t}`) : []),
    `  ${paperLabel.padEnd(26)}  ${averageDefinitions().paperAverage}`,
    `  ${AVERAGE_LABELS.tasks(score.average.tasks.length).padEnd(26)}  ${averageDefinitions().average}`,
    `  ${AVERAGE_LABELS.all.padEnd(26)}  ${averageDefinitions().averageAllTasks}`,
    ...score.tasks.map((t) => `  ${t.task.padEnd(20)} ${t.definition}`),
    ...ATOM_NAME_RULES.map(
      (r) =>
        `  --atom-names ${ATOM_NAMES_FLAG[r].padEnd(10)} ${r === score.atomNames ? '(the headline)' : '(second table)'} ${ATOM_NAME_RULE_DEFINITIONS[r]}`,
    ),
  ];
  return out.join('\n') + '\n';
}

/** The paper's columns of the tasks it splits in several (RL+, RL-), by task. */
function splitColumns(run: ScoreRun): Map<string, PaperScore['columns']> {
  const by = new Map<string, PaperScore['columns']>();
  for (const c of run.paper.columns) by.set(c.task, [...(by.get(c.task) ?? []), c]);
  for (const [task, cols] of by) if (cols.length < 2) by.delete(task);
  return by;
}

export function scoreJson(run: ScoreRun): unknown {
  const { score } = run;
  const figures = (f: { composite: number | null; exact: number | null }) => ({ composite: fine(f.composite), exact: fine(f.exact) });
  const byRule = (by: Record<AtomNameRule, { composite: number | null; exact: number | null }>) =>
    Object.fromEntries(ATOM_NAME_RULES.map((r) => [r, figures(by[r])]));
  const average = (a: TaskAverage) => ({
    tasks: a.tasks,
    composite: fine(a.composite),
    exact: fine(a.exact),
    byAtomNames: byRule(a.byAtomNames),
  });
  return {
    dataset: run.dataset,
    predictions: run.predictions,
    split: run.split,
    atomNames: {
      headline: score.atomNames,
      tasks: score.tasks.filter((t) => t.equivalentAtomNames).map((t) => t.task),
      rules: ATOM_NAME_RULE_DEFINITIONS,
    },
    tasks: Object.fromEntries(
      score.tasks.map((t) => [
        t.task,
        {
          metric: t.metric,
          questions: t.questions,
          answered: t.answered,
          missing: t.missing,
          unread: t.unread,
          composite: fine(t.composite),
          exact: fine(t.exact),
          definition: t.definition,
          equivalentAtomNames: t.equivalentAtomNames,
          byAtomNames: byRule(t.byAtomNames),
        },
      ]),
    ),
    average: average(score.average),
    averageAllTasks: average(score.averageAllTasks),
    paperColumns: Object.fromEntries(
      run.paper.columns.map((c) => [
        c.name,
        {
          task: c.task,
          inPaperAverage: c.inAverage,
          questions: c.questions,
          answered: c.answered,
          unread: c.unread,
          composite: fine(c.composite),
          exact: fine(c.exact),
          byAtomNames: byRule(c.byAtomNames),
        },
      ]),
    ),
    paperAverage: { columns: run.paper.average.columns, ...figures(run.paper.average), byAtomNames: byRule(run.paper.average.byAtomNames) },
    averageDefinitions: averageDefinitions(),
    questions: score.questions,
    missing: score.missing,
    unknownIds: score.unknownIds,
    predictionProblems: run.problems,
  };
}
