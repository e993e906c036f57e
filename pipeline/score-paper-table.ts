// `score --table paper` (and eval's): a row per metric in the paper's column order, as
// markdown, to paste under the rows of the paper's Tables 1 and 2
// (../shared/docs/paper-results.md): Avg, Tr, Rot, Zoom, RL+, RL-, TR, RR, Dock, Loc, PL,
// two decimals. The H-bond columns follow the paper's rule (residue atom names as written).
// Given several files (people), a row per file and the row of their mean.
import { basename } from 'node:path';
import type { AtomNameRule } from '../qa/scoring/equivalent-atoms.ts';
import { scorerOf, taskById } from '../qa/task-registry.ts';
import { paperAverageColumns, paperColumnSpecs, paperLeftOutColumns, splitColumnsText } from './paper-columns.ts';
import type { ScoreRun } from './score-table.ts';

/** The rule of the paper's tables: names as written. */
const PAPER_RULE: AtomNameRule = 'asWritten';

type Metric = 'composite' | 'exact';
const TABLES: { metric: Metric; name: string }[] = [
  { metric: 'composite', name: 'Table 1, weighted score (composite)' },
  { metric: 'exact', name: 'Table 2, exact match' },
];

/** Two decimals as the paper prints them (half up; 57.555 is 57.56, not the float's 57.55). */
export const twoDecimals = (x: number | null): string => (x === null ? '-' : (Math.round(x * 100 + 1e-7) / 100).toFixed(2));

/** A row's figures by column name, and its average, by `metric` under the paper's rule. */
function figures(run: ScoreRun, metric: Metric): { avg: number | null; byColumn: Map<string, number | null> } {
  const byColumn = new Map(run.paper.columns.map((c) => [c.name, c.byAtomNames[PAPER_RULE][metric]]));
  return { avg: run.paper.average.byAtomNames[PAPER_RULE][metric], byColumn };
}

/** The columns of the tasks whose scorer knows equivalent atom names (the H-bond tasks). */
const namedColumns = () =>
  paperColumnSpecs()
    .filter((c) => {
      const t = taskById(c.task);
      return t !== undefined && scorerOf(t).equivalentAtomNames === true;
    })
    .map((c) => c.name);

const rowName = (run: ScoreRun) => basename(run.predictions).replace(/\.jsonl?$/, '');

function mean(values: (number | null | undefined)[]): number | null {
  const v = values.filter((x): x is number => typeof x === 'number');
  return v.length ? v.reduce((a, b) => a + b, 0) / v.length : null;
}

export function paperTable(runs: ScoreRun[]): string {
  const columns = paperColumnSpecs().map((c) => c.name);
  const head = `| model | Avg | ${columns.join(' | ')} |`;
  const rule = `|${'---|'.repeat(columns.length + 2)}`;
  const line = (name: string, avg: number | null, byColumn: Map<string, number | null>) =>
    `| ${name} | ${twoDecimals(avg)} | ${columns.map((c) => twoDecimals(byColumn.get(c) ?? null)).join(' | ')} |`;
  const out = [
    `${runs.length === 1 ? runs[0].predictions : `${runs.length} prediction files`} on ${runs[0].dataset} (split ${runs[0].split}) in the paper's columns, to paste under the rows of its Tables 1 and 2 (arXiv 2512.10867)`,
  ];
  for (const t of TABLES) {
    const rows = runs.map((r) => ({ name: rowName(r), ...figures(r, t.metric) }));
    out.push('', `${t.name}:`, head, rule, ...rows.map((r) => line(r.name, r.avg, r.byColumn)));
    if (runs.length > 1)
      out.push(
        line(
          `mean of ${runs.length}`,
          mean(rows.map((r) => r.avg)),
          new Map(columns.map((c) => [c, mean(rows.map((r) => r.byColumn.get(c)))])),
        ),
      );
  }
  const shown = new Set(runs.flatMap((r) => r.paper.columns.map((c) => c.name)));
  const absent = columns.filter((c) => !shown.has(c));
  out.push(
    '',
    `Avg: the paper's, the unweighted mean of ${paperAverageColumns().join(', ')} (the columns of this dataset among them); ${paperLeftOutColumns().join(' and ')} are shown and left out, as in the paper.`,
    ...splitColumnsText().map((t) => `${t}.`),
    `Columns whose answers name residue atoms (${namedColumns().join(', ')}) by the paper's rule, residue atom names as written; \`misi-gen score\` without --table gives both rules.`,
    ...(absent.length ? [`- : no question of the split in ${absent.join(', ')}.`] : []),
  );
  return out.join('\n') + '\n';
}
