// A question record: a line of qa/<task>.<split>.jsonl as generate writes it
// (pipeline/generate/records.ts builds it, in this field order) and every reader reads it
// (read-dataset.ts checks each field's type). Fields are a public contract: extend, never rename.
import type { Split } from '../../qa/task.ts';

/** A choice option as a prompt may show it (the right one is not marked here: see `truth`). */
export interface RecordOption {
  letter: string;
  image?: string;
  commands?: string;
  text?: string;
}

export interface QaRecord {
  id: string;
  task: string;
  /** The side of the question's complex (a tiny file holds test records). */
  split: Split;
  complex: string;
  /** Paths relative to the dataset folder (`images/<key>.png`), in question order. */
  images: string[];
  question: string;
  answer: string;
  /** The answer as data: `{commands}`, `{letter, options}` or the task's own value. */
  truth: unknown;
  options?: RecordOption[];
  /** seed, generator, index, params, decoySchemes, partners, replacements, template. */
  meta: Record<string, unknown>;
}
