// The score report as text (a table, the averages, then how each number is defined) and as
// JSON (the same numbers, unrounded but for float noise).
import type { SplitScore, TaskAverage } from '../qa/scoring/score-split.ts';
import { allTasks } from '../qa/task-registry.ts';
import type { PredictionProblem } from '../qa/scoring/prediction-lines.ts';

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

export function scoreTable(run: ScoreRun): string {
  const { score } = run;
  const head = ['task', 'metric', 'questions', 'answered', 'missing', 'unread', 'composite', 'exact'];
  const rows = score.tasks.map((t) => [
    t.task, t.metric, String(t.questions), String(t.answered), String(t.missing), String(t.unread), one(t.composite), one(t.exact),
  ]);
  const avg = (label: string, a: TaskAverage) => [label, '', '', '', '', '', one(a.composite), one(a.exact)];
  rows.push(avg('average (paper)', score.average), avg('average (all tasks)', score.averageAllTasks));
  const total = ['all questions', '', String(score.questions), String(score.questions - score.missing), String(score.missing), '', '', ''];
  rows.push(total);
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)));
  const line = (r: string[]) => r.map((c, i) => (i < 2 ? c.padEnd(widths[i]) : c.padStart(widths[i]))).join('  ').trimEnd();
  const rule = widths.map((w) => '-'.repeat(w)).join('  ');
  const body = rows.map(line);
  body.splice(score.tasks.length, 0, rule);
  const out = [
    `Scores of ${run.predictions} on ${run.dataset} (split ${run.split}), percent`,
    '',
    line(head),
    rule,
    ...body,
    '',
    'How each number is defined:',
    '  composite   mean per-question score of the task (0-1 each, shown x100); for exact-match tasks it equals exact',
    '  exact       share of questions whose reply, once read, is the answer itself (same commands, letter or set of bonds)',
    '  missing     questions with no prediction: they score 0 and stay in the denominator',
    '  unread      predictions from which no answer of the task\'s form could be read: they score 0',
    `  average (paper)      unweighted mean over the tasks present, leaving out ${allTasks().filter((t) => t.leftOutOfPaperAverage).map((t) => t.id).join(' and ')} as the paper does`,
    '  average (all tasks)  unweighted mean over every task present',
    ...score.tasks.map((t) => `  ${t.task.padEnd(20)} ${t.definition}`),
  ];
  return out.join('\n') + '\n';
}

export function scoreJson(run: ScoreRun): unknown {
  const { score } = run;
  const average = (a: TaskAverage) => ({ tasks: a.tasks, composite: fine(a.composite), exact: fine(a.exact) });
  return {
    dataset: run.dataset,
    predictions: run.predictions,
    split: run.split,
    tasks: Object.fromEntries(score.tasks.map((t) => [t.task, {
      metric: t.metric, questions: t.questions, answered: t.answered, missing: t.missing, unread: t.unread,
      composite: fine(t.composite), exact: fine(t.exact), definition: t.definition,
    }])),
    average: average(score.average),
    averageAllTasks: average(score.averageAllTasks),
    questions: score.questions,
    missing: score.missing,
    unknownIds: score.unknownIds,
    predictionProblems: run.problems,
  };
}
