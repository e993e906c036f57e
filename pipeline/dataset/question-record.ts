// A question record: a line of qa/<task>.<split>.jsonl as generate writes it
// (pipeline/generate/records.ts builds it, in this field order) and every reader reads it.
// Declared once, as a schema (qa/record-problems.ts): the type is inferred from it and the
// readers (read-dataset.ts, each-question.ts) check each line with it; docs/schemas/ publishes
// it. Fields are a public contract: extend, never rename.
import { RecordTruthSchema } from '../../qa/answer-kinds.ts';
import { z } from '../../qa/record-problems.ts';
import { SPLIT_ORDER } from '../../qa/split-names.ts';

/** A choice option as a prompt may show it (the right one is not marked here: see `truth`). */
export const RecordOptionSchema = z.object({
  letter: z.string(),
  image: z.string().optional(),
  commands: z.string().optional(),
  text: z.string().optional(),
});
export type RecordOption = z.infer<typeof RecordOptionSchema>;

export const QaRecordSchema = z
  .object({
    id: z.string(),
    task: z.string(),
    /** The side of the question's complex (a tiny file holds test records). */
    split: z.enum(SPLIT_ORDER).describe("The side of the question's complex (a tiny file holds test records)"),
    complex: z.string(),
    /** Paths relative to the dataset folder (`images/<key>.png`), in question order. */
    images: z.array(z.string()).describe('Paths relative to the dataset folder (images/<key>.png), in question order'),
    question: z.string(),
    answer: z.string(),
    /** The answer as data, of the task's answer kind (qa/answer-kinds.ts): `{commands}`,
     * `{letter, options}`, `{residue, bonds}`, `{bonds}` or the task's own object. */
    truth: RecordTruthSchema,
    options: z.array(RecordOptionSchema).optional(),
    /** seed, generator, index, params, decoySchemes, partners, replacements, template. */
    meta: z.record(z.string(), z.unknown()).describe('seed, generator, index, params, decoySchemes, partners, replacements, template'),
  })
  .describe('A question record: one line of qa/<task>.<split>.jsonl');
export type QaRecord = z.infer<typeof QaRecordSchema>;

/**
 * What scoring needs of a line, all a dataset written by hand for `score` must hold: a
 * string id, task and answer; options as generate writes them (a list of `{letter, ...}`) or
 * as `{A: "...", ...}` (read-dataset.ts's optionTexts reads both).
 */
export const AnswerRecordSchema = z
  .object({
    id: z.string(),
    task: z.string(),
    answer: z.string(),
    options: z.unknown().optional(),
  })
  .describe('What score reads of a question record: id, task and answer');
export type AnswerRecord = z.infer<typeof AnswerRecordSchema>;
