// The score report as text (a table, the averages, then how each number is defined) and as
// JSON (the same numbers, unrounded but for float noise). The table's figures follow the
// headline atom-name rule; the H-bond tasks by the other rule follow in a second table.

import { ATOM_NAME_RULE_DEFINITIONS, ATOM_NAME_RULES, type AtomNameRule } from '../qa/scoring/equivalent-atoms.ts';
import type { PredictionProblem } from '../qa/scoring/prediction-lines.ts';
import type { SplitScore, TaskAverage } from '../qa/scoring/score-split.ts';
import { allTasks } from '../qa/task-registry.ts';

export interface ScoreRun {
  dataset: string;
  predictions: string;
  split: string;
  score: SplitScore;
  problems: PredictionProblem[];
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

type Row = string[];

/** Rows under a head, padded to common widths (the first `left` columns to the left), with a rule under the head and before row `ruleAt`. */
function layout(head: Row, rows: Row[], left: number, ruleAt: number): string[] {
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
  const rows = score.tasks.map((t) => [
    t.task,
    t.metric,
    String(t.questions),
    String(t.answered),
    String(t.missing),
    String(t.unread),
    one(t.composite),
    one(t.exact),
  ]);
  const avg = (label: string, a: TaskAverage) => [label, '', '', '', '', '', one(a.composite), one(a.exact)];
  rows.push(avg('average (paper)', score.average), avg('average (all tasks)', score.averageAllTasks));
  const total = ['all questions', '', String(score.questions), String(score.questions - score.missing), String(score.missing), '', '', ''];
  rows.push(total);
  const other = ATOM_NAME_RULES.find((r) => r !== score.atomNames)!;
  const named = score.tasks.filter((t) => t.equivalentAtomNames);
  const otherRows = [
    ...named.map((t) => [t.task, one(t.byAtomNames[other].composite), one(t.byAtomNames[other].exact)]),
    ...(
      [
        ['average (paper)', score.average],
        ['average (all tasks)', score.averageAllTasks],
      ] as const
    ).map(([label, a]) => [label, one(a.byAtomNames[other].composite), one(a.byAtomNames[other].exact)]),
  ];
  const out = [
    `Scores of ${run.predictions} on ${run.dataset} (split ${run.split}), percent`,
    `H-bond answers: ${RULE_NAME[score.atomNames]} (--atom-names ${ATOM_NAMES_FLAG[score.atomNames]})`,
    '',
    ...layout(head, rows, 2, score.tasks.length),
    ...(named.length
      ? [
          '',
          `By the other rule, ${RULE_NAME[other]} (every other task scores the same by both):`,
          '',
          ...layout(['task', 'composite', 'exact'], otherRows, 1, named.length),
        ]
      : []),
    '',
    'How each number is defined:',
    '  composite   mean per-question score of the task (0-1 each, shown x100); for exact-match tasks it equals exact',
    '  exact       share of questions whose reply, once read, is the answer itself (same commands, letter or set of bonds)',
    '  missing     questions with no prediction: they score 0 and stay in the denominator',
    "  unread      predictions from which no answer of the task's form could be read: they score 0",
    `  average (paper)      unweighted mean over the tasks present, leaving out ${allTasks()
      .filter((t) => t.leftOutOfPaperAverage)
      .map((t) => t.id)
      .join(' and ')} as the paper does`,
    '  average (all tasks)  unweighted mean over every task present',
    ...score.tasks.map((t) => `  ${t.task.padEnd(20)} ${t.definition}`),
    ...ATOM_NAME_RULES.map(
      (r) =>
        `  --atom-names ${ATOM_NAMES_FLAG[r].padEnd(10)} ${r === score.atomNames ? '(the headline)' : '(second table)'} ${ATOM_NAME_RULE_DEFINITIONS[r]}`,
    ),
  ];
  return out.join('\n') + '\n';
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
    questions: score.questions,
    missing: score.missing,
    unknownIds: score.unknownIds,
    predictionProblems: run.problems,
  };
}
