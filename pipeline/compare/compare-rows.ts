// What a model gets from the images, per task: side by side, chance and the audit's best
// blind baseline (pipeline/audit/), a model's score with the images (S_v) and without them
// (S_wv, `eval --images none`), its multi-modal gain MG = S_v - S_wv, and when a text-only
// model's run is given (S_t), the leakage ML = max(0, S_wv - S_t) (MMStar's definitions,
// arXiv 2403.20330), then people's mean and spread when their files are given. Rows: each
// task, residue_ligand's RL+ and RL- (the paper's columns), and the paper's 8-column average.
import { TEST, TINY } from '../../qa/split-names.ts';
import { type AuditReport, type BaselineName, baselineDescription } from '../audit/audit-dataset.ts';
import { peopleRows, type Spread } from '../score-people.ts';
import { AVERAGE_LABELS, isPaperAverageLabel, type ScoreRun } from '../score-table.ts';

type Metric = 'composite' | 'exact';
export type Figures = Record<Metric, number | null>;

export interface BlindFigures {
  /** The held-out split the audit scored (test for a tiny comparison). */
  split: string;
  /** What the audit scored: the task's scorer, or the Yes/No verdict (residue_ligand). */
  metric: string;
  /** Expected score of a blind guess, percent. */
  chance: number;
  /** The audit's best blind baseline: its name, what it reads, its score (percent). */
  best: { name: BaselineName; label: string; describe: string; score: number } | null;
}

export interface CompareRow {
  /** A task id, a paper column (`RL+`) or an average's label. */
  row: string;
  kind: 'task' | 'column' | 'average';
  blind: BlindFigures | null;
  withImages: Figures;
  withoutImages: Figures;
  /** MG = S_v - S_wv. */
  gain: Figures;
  textOnly: Figures | null;
  /** ML = max(0, S_wv - S_t); null without a text-only run. */
  leakage: Figures | null;
  people: Record<Metric, Spread> | null;
}

export interface CompareRuns {
  withImages: ScoreRun;
  withoutImages: ScoreRun;
  textOnly?: ScoreRun;
  people: ScoreRun[];
}

const METRICS: Metric[] = ['composite', 'exact'];
const NONE: Figures = { composite: null, exact: null };

type Pick = (r: ScoreRun) => Figures | undefined;

const figuresOf = (run: ScoreRun | undefined, pick: Pick): Figures => (run ? (pick(run) ?? NONE) : NONE);

const each = (f: (m: Metric) => number | null): Figures => ({ composite: f('composite'), exact: f('exact') });

/** MG of one row: S_v - S_wv (null when either is missing). */
export const multiModalGain = (v: Figures, wv: Figures): Figures => each((m) => (v[m] === null || wv[m] === null ? null : v[m]! - wv[m]!));

/** ML of one row: max(0, S_wv - S_t) (null when either is missing). */
export const leakage = (wv: Figures, t: Figures): Figures =>
  each((m) => (wv[m] === null || t[m] === null ? null : Math.max(0, wv[m]! - t[m]!)));

/** The audit's figures of a task on the held-out split the comparison stands for. */
function blindOf(audit: AuditReport | null, task: string, split: string): BlindFigures | null {
  const t = audit?.tasks.find((x) => x.task === task);
  const s = t?.splits.find((x) => x.split === (split === TINY ? TEST : split) && x.questions > 0);
  if (!t || !s) return null;
  const best = [...s.baselines].sort((a, b) => b.score - a.score)[0];
  return {
    split: s.split,
    metric: t.metric,
    chance: 100 * s.chance,
    best: best
      ? { name: best.name, label: best.label, describe: baselineDescription(task, best.name) ?? best.label, score: 100 * best.score }
      : null,
  };
}

export function compareRows(runs: CompareRuns, audit: AuditReport | null): CompareRow[] {
  const v = runs.withImages;
  const people = runs.people.length ? peopleRows(runs.people) : [];
  const row = (name: string, kind: CompareRow['kind'], pick: Pick, peopleName = name): CompareRow => {
    const withImages = figuresOf(v, pick);
    const withoutImages = figuresOf(runs.withoutImages, pick);
    const textOnly = runs.textOnly ? figuresOf(runs.textOnly, pick) : null;
    // The people's paper average may span fewer columns (a session's sample): found by its label's start.
    const p = people.find((x) => (kind === 'average' ? isPaperAverageLabel(x.task) : x.task === peopleName));
    return {
      row: name,
      kind,
      blind: kind === 'task' ? blindOf(audit, name, v.split) : null,
      withImages,
      withoutImages,
      gain: multiModalGain(withImages, withoutImages),
      textOnly,
      leakage: textOnly ? leakage(withoutImages, textOnly) : null,
      people: p ? { composite: p.composite, exact: p.exact } : null,
    };
  };
  const splitColumns = (task: string) => {
    const mine = v.paper.columns.filter((c) => c.task === task);
    return mine.length > 1 ? mine.map((c) => c.name) : [];
  };
  const paperLabel = AVERAGE_LABELS.paper(v.paper.average.columns.length);
  return [
    ...v.score.tasks.flatMap((t) => [
      row(t.task, 'task', (r) => r.score.tasks.find((x) => x.task === t.task)),
      ...splitColumns(t.task).map((c) => row(c, 'column', (r) => r.paper.columns.find((x) => x.name === c))),
    ]),
    row(paperLabel, 'average', (r) => r.paper.average),
  ];
}

export { METRICS };
