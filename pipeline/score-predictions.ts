// A predictions file read for scoring, and scored: the one path `score`, `eval` and `compare`
// share. A file that cannot be read, or whose form is not JSON lines of {"id", "prediction"}
// (a CSV table, one JSON array, JSON lines with other keys, nothing at all), stops the
// command with a message naming the file and what it holds (exit 1, pipeline/exit-codes.ts),
// never a table of zeros.
import { readFile } from 'node:fs/promises';
import type { AtomNameRule } from '../qa/scoring/equivalent-atoms.ts';
import { type PredictionLines, readPredictionLines } from '../qa/scoring/prediction-lines.ts';
import { DatasetRecordError, type QuestionRecord, type SplitScore, scoreSplit } from '../qa/scoring/score-split.ts';
import { CommandFailure } from './exit-codes.ts';
import { type PaperScore, scorePaperColumns } from './paper-columns.ts';

const FORM = 'score reads JSON lines: one {"id": "<question id>", "prediction": "<reply>"} object per line (docs/scoring.md)';

const preview = (text: string) => JSON.stringify(text.length > 50 ? `${text.slice(0, 47)}...` : text);

/** Why `text` is no predictions file at all, or null when at least one line is a prediction. */
export function predictionsFormProblem(text: string, lines: PredictionLines): string | null {
  if (lines.replies.size > 0) return null;
  const trimmed = text.trim();
  if (trimmed === '') return `is empty: no predictions to score; ${FORM}`;
  if (trimmed.startsWith('[')) {
    try {
      if (Array.isArray(JSON.parse(trimmed)))
        return `is one JSON array, not JSON lines; ${FORM} (jq -c '.[]' turns an array of such objects into lines)`;
    } catch {
      /* not one array: told below by its first line */
    }
  }
  const first = trimmed.split(/\r?\n/)[0];
  let value: unknown;
  try {
    value = JSON.parse(first);
  } catch {
    // Line 1 is not JSON: that is the problem the file is reported with (a table's look named).
    const table = /[,\t]/.test(first) ? ' (a CSV or TSV table?)' : '';
    return `is not JSON lines: line 1 is not JSON${table}: ${preview(first)}; ${FORM}`;
  }
  if (value !== null && typeof value === 'object' && !Array.isArray(value)) {
    const keys = Object.keys(value);
    return `holds no prediction: its lines are JSON objects with ${keys.length ? `keys ${keys.map((k) => JSON.stringify(k)).join(', ')}` : 'no keys'}, none of them an {"id", "prediction"} record (line 1: ${lines.problems[0]?.problem ?? 'not a prediction'}); ${FORM}`;
  }
  return `holds no prediction: line 1 is JSON but not an object (${preview(first)}); ${FORM}`;
}

/** The prediction lines of `file`; a file that cannot be read or holds no prediction stops the command. */
export async function readPredictionsFile(file: string): Promise<PredictionLines> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (e) {
    throw new CommandFailure(`${file}: cannot read (${(e as NodeJS.ErrnoException).code ?? (e as Error).message})`);
  }
  const lines = readPredictionLines(text);
  const problem = predictionsFormProblem(text, lines);
  if (problem) throw new CommandFailure(`${file} ${problem}`);
  return lines;
}

/** A split's score and the paper's columns; a record the scorer cannot use stops the command, named inside `datasetDir`. */
export function scoreRecords(
  datasetDir: string,
  records: readonly QuestionRecord[],
  replies: ReadonlyMap<string, string>,
  atomNames: AtomNameRule,
): { score: SplitScore; paper: PaperScore } {
  try {
    return { score: scoreSplit(records, replies, { atomNames }), paper: scorePaperColumns(records, replies, atomNames) };
  } catch (e) {
    // The record's file named inside the dataset folder.
    if (e instanceof DatasetRecordError) throw new CommandFailure(`${datasetDir}/${e.message}`);
    throw e;
  }
}
