// The dataset card's model rows under "What a model gets without looking": for each model
// the dataset's eval/ folder holds with and without the images (model-runs.ts), a table per
// task of chance, the audit's best blind baseline, the two scores and MG, and ML beside the
// first text-only run on the same split. None when there is no such pair (the card is then
// as before). Composite scores, percent, by the headline atom-name rule (equivalent names).
import { readFileSync } from 'node:fs';
import { relative } from 'node:path';
import { readPredictionLines } from '../../qa/scoring/prediction-lines.ts';
import type { QuestionRecord } from '../../qa/scoring/score-split.ts';
import { scoreSplit } from '../../qa/scoring/score-split.ts';
import { isQaSplit } from '../../qa/split-names.ts';
import type { AuditReport } from '../audit/audit-dataset.ts';
import { type Dataset, optionTexts } from '../dataset/read-dataset.ts';
import { scorePaperColumns } from '../paper-columns.ts';
import { predictionsFormProblem } from '../score-predictions.ts';
import type { ScoreRun } from '../score-table.ts';
import { type CompareRow, compareRows } from './compare-rows.ts';
import { modelRuns, pairRuns } from './model-runs.ts';

const one = (x: number | null | undefined) => (x === null || x === undefined ? '-' : x.toFixed(1));
const signed = (x: number | null) => (x === null ? '-' : `${x > 0 ? '+' : ''}${x.toFixed(1)}`);

/** A predictions file scored on the dataset's split, or why it cannot be. */
function scored(d: Dataset, split: string, file: string): ScoreRun | string {
  if (!isQaSplit(split) || !d.splits.includes(split)) return `no ${split} split in this dataset`;
  const records: QuestionRecord[] = d.tasks.flatMap((t) =>
    d.records.get(t)![split].map((r) => ({ id: r.id, task: r.task, answer: r.answer, options: optionTexts(r.options) })),
  );
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (e) {
    return `cannot read (${(e as NodeJS.ErrnoException).code ?? (e as Error).message})`;
  }
  const lines = readPredictionLines(text);
  const problem = predictionsFormProblem(text, lines);
  if (problem) return problem;
  try {
    const score = scoreSplit(records, lines.replies);
    return {
      dataset: d.dir,
      predictions: file,
      split,
      score,
      paper: scorePaperColumns(records, lines.replies, score.atomNames),
      problems: lines.problems,
    };
  } catch (e) {
    return (e as Error).message;
  }
}

function table(rows: CompareRow[], model: string, textModel: string | undefined): string[] {
  const head = [
    'task',
    'chance',
    'best blind',
    `${model} with images`,
    'without',
    'MG',
    ...(textModel ? [`${textModel} (text only)`, 'ML'] : []),
  ];
  return [
    `| ${head.join(' | ')} |`,
    `|${'---|'.repeat(head.length)}`,
    ...rows.map(
      (r) =>
        `| ${r.kind === 'average' ? 'paper average' : r.row} | ${one(r.blind?.chance)} | ${r.blind?.best ? `${one(r.blind.best.score)} (${r.blind.best.name})` : '-'} | ${one(r.withImages.composite)} | ${one(r.withoutImages.composite)} | ${signed(r.gain.composite)} |${textModel ? ` ${one(r.textOnly?.composite)} | ${one(r.leakage?.composite)} |` : ''}`,
    ),
  ];
}

/** The card's markdown for the model runs of `d`, or no lines. */
export function cardModelRows(d: Dataset, audit: AuditReport | null): string[] {
  const { pairs, textOnly } = pairRuns(modelRuns(d.dir));
  const out: string[] = [];
  for (const p of pairs) {
    const where = (f: string) => relative(d.dir, f);
    const v = scored(d, p.split, p.withImages);
    const wv = scored(d, p.split, p.withoutImages);
    if (typeof v === 'string' || typeof wv === 'string') {
      out.push(
        '',
        `${p.model} on ${p.split}: not scored (${typeof v === 'string' ? `${where(p.withImages)}: ${v}` : `${where(p.withoutImages)}: ${wv}`}).`,
      );
      continue;
    }
    const text = textOnly.find((t) => t.split === p.split);
    const t = text ? scored(d, p.split, text.predictions) : undefined;
    const rows = compareRows({ withImages: v, withoutImages: wv, ...(typeof t === 'object' ? { textOnly: t } : {}), people: [] }, audit);
    out.push(
      '',
      `Model ${p.model} on the ${p.split} split, asked each question with its images (\`${where(p.withImages)}\`) and the same questions without them (\`${where(p.withoutImages)}\`, \`misi-gen eval --images none\`)${typeof t === 'object' ? `, beside the text-only model ${text!.model} (\`${where(text!.predictions)}\`)` : ''}; composite score, percent. MG = with - without, what it gets from the images; ML = max(0, without - text only). \`misi-gen compare\` gives the same with people and a chart.`,
      '',
      ...table(rows, p.model, typeof t === 'object' ? text!.model : undefined),
    );
  }
  return out;
}
