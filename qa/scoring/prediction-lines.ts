// Reading a predictions file: JSON lines `{"id": "...", "prediction": "..."}`. A line that is
// not such a record is reported with its line number and skipped; blank lines are ignored;
// an id given twice keeps its first prediction and the repeat is reported. The record is
// declared in prediction-record.ts; what is wrong with a line names the field.
import { conforms } from '../record-problems.ts';
import { PredictionRecordSchema } from './prediction-record.ts';

export interface PredictionProblem {
  /** 1-based line number in the predictions file. */
  line: number;
  problem: string;
}

export interface PredictionLines {
  /** Reply text by question id, in file order. */
  replies: Map<string, string>;
  problems: PredictionProblem[];
}

const preview = (text: string) => (text.length > 60 ? `${text.slice(0, 57)}...` : text);

export function readPredictionLines(text: string): PredictionLines {
  const replies = new Map<string, string>();
  const firstLine = new Map<string, number>();
  const problems: PredictionProblem[] = [];
  text.split(/\r?\n/).forEach((raw, i) => {
    const line = i + 1;
    if (raw.trim() === '') return;
    let value: unknown;
    try {
      value = JSON.parse(raw);
    } catch {
      // Reported: the line, not JSON, and how it begins.
      problems.push({ line, problem: `not JSON: ${preview(raw.trim())}` });
      return;
    }
    if (typeof value !== 'object' || value === null || Array.isArray(value)) {
      problems.push({ line, problem: 'not a JSON object' });
      return;
    }
    const wrong: string[] = [];
    if (!conforms(PredictionRecordSchema, value, wrong)) {
      const id = 'id' in value ? value.id : undefined;
      problems.push({ line, problem: wrong.join('; ') + (typeof id === 'string' && id !== '' ? ` (id ${id})` : '') });
      return;
    }
    const { id, prediction } = value;
    const seen = firstLine.get(id);
    if (seen !== undefined) {
      problems.push({ line, problem: `id ${id} repeats line ${seen}; the first prediction is kept` });
      return;
    }
    firstLine.set(id, line);
    replies.set(id, prediction);
  });
  return { replies, problems };
}
