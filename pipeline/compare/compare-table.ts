// The comparison as text (a table of composite scores, then the files and what each number
// is) and as JSON (both metrics, unrounded but for float noise).
import { splitColumnsText } from '../paper-columns.ts';
import { AVERAGE_LABELS, averageDefinitions, layout } from '../score-table.ts';
import type { CompareRow, CompareRuns, Figures } from './compare-rows.ts';

const one = (x: number | null | undefined) => (x === null || x === undefined ? '-' : x.toFixed(1));
const signed = (x: number | null) => (x === null ? '-' : `${x > 0 ? '+' : ''}${x.toFixed(1)}`);
const fine = (x: number | null) => (x === null ? null : Math.round(x * 1e6) / 1e6);

/** The definitions printed under the table and given in the JSON. */
export const COMPARE_DEFINITIONS = {
  chance: 'the expected score of a blind guess (audit: 1 / options, one half for a verdict, else the random baseline)',
  blind:
    "the audit's best baseline that never sees a picture, fitted on train (misi-gen audit; a verdict task's on the Yes/No verdict alone)",
  withImages: 'the model with the images (eval)',
  withoutImages: 'the same model, the same questions, no image sent (eval --images none)',
  gain: 'S_v - S_wv, the multi-modal gain: what the model gets from the images (MMStar, arXiv 2403.20330)',
  textOnly: "a text-only model's run (the vision model's language base, eval --images none)",
  leakage: 'max(0, S_wv - S_t), the multi-modal leakage: what the vision model answers blind beyond its text-only base (MMStar)',
  people: "people's mean over their files, its sample standard deviation (n - 1) and the number of files",
} as const;

export function compareTable(runs: CompareRuns, rows: CompareRow[]): string {
  const text = runs.textOnly !== undefined;
  const people = runs.people.length > 0;
  const head = [
    'row',
    'chance',
    'best blind',
    'S_v',
    'S_wv',
    'MG',
    ...(text ? ['S_t', 'ML'] : []),
    ...(people ? ['people', 'sd', 'n'] : []),
  ];
  const cells = rows.map((r) => [
    r.kind === 'column' ? `  ${r.row}` : r.row,
    one(r.blind?.chance),
    r.blind?.best ? `${one(r.blind.best.score)} ${r.blind.best.name}` : '-',
    one(r.withImages.composite),
    one(r.withoutImages.composite),
    signed(r.gain.composite),
    ...(text ? [one(r.textOnly?.composite), one(r.leakage?.composite)] : []),
    ...(people ? [one(r.people?.composite.mean), one(r.people?.composite.sd), String(r.people?.composite.files ?? '-')] : []),
  ]);
  const table = layout(head, cells, 1, rows.length - 1);
  const v = runs.withImages;
  const usedBaselines = [
    ...new Map(rows.flatMap((r) => (r.blind?.best ? [[r.blind.best.name, r.blind.best.describe] as const] : []))).entries(),
  ];
  const auditSplit = rows.find((r) => r.blind)?.blind?.split;
  return (
    [
      `What a model gets from the images, on ${v.dataset} (split ${v.split}), composite score, percent`,
      '',
      ...table,
      '',
      'Files:',
      `  S_v   ${v.predictions}`,
      `  S_wv  ${runs.withoutImages.predictions}`,
      ...(text ? [`  S_t   ${runs.textOnly!.predictions}`] : []),
      ...runs.people.map((p) => `  people ${p.predictions}`),
      '',
      'What each number is:',
      `  chance      ${COMPARE_DEFINITIONS.chance}${auditSplit ? `, on ${auditSplit}` : ''}`,
      `  best blind  ${COMPARE_DEFINITIONS.blind}: its score and name:`,
      ...usedBaselines.map(([name, describe]) => `                ${name}: ${describe}`),
      ...(rows.some((r) => r.kind === 'task') && !auditSplit
        ? ['              (no audit: --no-audit, no train questions, or it could not run: stderr says why)']
        : []),
      `  S_v         ${COMPARE_DEFINITIONS.withImages}`,
      `  S_wv        ${COMPARE_DEFINITIONS.withoutImages}`,
      `  MG          ${COMPARE_DEFINITIONS.gain}`,
      ...(text ? [`  S_t         ${COMPARE_DEFINITIONS.textOnly}`, `  ML          ${COMPARE_DEFINITIONS.leakage}`] : []),
      ...(people ? [`  people      ${COMPARE_DEFINITIONS.people}`] : []),
      ...splitColumnsText().map((t) => `  ${t} (the paper's columns)`),
      `  ${AVERAGE_LABELS.paper(v.paper.average.columns.length)}  ${averageDefinitions().paperAverage}`,
      '  composite and exact of every figure: --json; the scores per task of each file: misi-gen score',
    ].join('\n') + '\n'
  );
}

export function compareJson(runs: CompareRuns, rows: CompareRow[]): unknown {
  const figures = (f: Figures | null) => (f ? { composite: fine(f.composite), exact: fine(f.exact) } : null);
  return {
    dataset: runs.withImages.dataset,
    split: runs.withImages.split,
    atomNames: runs.withImages.score.atomNames,
    files: {
      withImages: runs.withImages.predictions,
      withoutImages: runs.withoutImages.predictions,
      textOnly: runs.textOnly?.predictions ?? null,
      people: runs.people.map((p) => p.predictions),
    },
    rows: rows.map((r) => ({
      row: r.row,
      kind: r.kind,
      chance: r.blind ? fine(r.blind.chance) : null,
      blind: r.blind?.best
        ? { name: r.blind.best.name, score: fine(r.blind.best.score), metric: r.blind.metric, split: r.blind.split }
        : null,
      withImages: figures(r.withImages),
      withoutImages: figures(r.withoutImages),
      gain: figures(r.gain),
      textOnly: figures(r.textOnly),
      leakage: figures(r.leakage),
      people: r.people,
    })),
    definitions: COMPARE_DEFINITIONS,
  };
}
