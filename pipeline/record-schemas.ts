// Every record a dataset (or a run, or a model's predictions) is made of, by the schema
// that declares it: the list scripts/write-schemas.ts publishes as JSON Schema files in
// docs/schemas/ (docs/schemas.md), and the API exports (pipeline/index.ts). The schemas
// themselves live beside their readers.
import { z } from '../qa/record-problems.ts';
import { PredictionRecordSchema } from '../qa/scoring/prediction-record.ts';
import { AnnotationSchema, AtomTableSchema, CompactAnnotationSchema } from './dataset/annotation-schema.ts';
import { ManifestSchema } from './dataset/manifest-type.ts';
import { QaRecordSchema } from './dataset/question-record.ts';
import { RunFileSchema } from './generate/run-identity.ts';
import { SplitFileSchema } from './split/split-file.ts';

export interface PublishedSchema {
  /** The file in docs/schemas/. */
  file: string;
  /** What files it describes, as docs/schemas.md lists them. */
  describes: string;
  schema: z.ZodType;
}

export const PUBLISHED_SCHEMAS: readonly PublishedSchema[] = [
  { file: 'question-record.schema.json', describes: 'each line of qa/<task>.<split>.jsonl', schema: QaRecordSchema },
  { file: 'manifest.schema.json', describes: 'manifest.json', schema: ManifestSchema },
  { file: 'split.schema.json', describes: 'split.json', schema: SplitFileSchema },
  { file: 'annotation.schema.json', describes: 'annotations/<key>.json (the full layout)', schema: AnnotationSchema },
  {
    file: 'annotation-compact.schema.json',
    describes: 'annotations/<key>.json.gz, gunzipped (the compact layout)',
    schema: CompactAnnotationSchema,
  },
  { file: 'atom-table.schema.json', describes: "annotations/complex-<id>.json (the compact layout's atom table)", schema: AtomTableSchema },
  { file: 'run-identity.schema.json', describes: 'parts/run.json of an output folder (a run in progress)', schema: RunFileSchema },
  { file: 'prediction.schema.json', describes: 'each line of a predictions file (what score reads)', schema: PredictionRecordSchema },
];

/** The JSON Schema text of a published schema, as docs/schemas/ holds it (2-space indent, final newline). */
export function jsonSchemaText(p: PublishedSchema): string {
  // `input`: what a file may hold (optional fields may be absent, unknown fields are allowed:
  // records are extended, never renamed).
  const doc = z.toJSONSchema(p.schema, { io: 'input', target: 'draft-2020-12' });
  return JSON.stringify({ title: p.file.replace(/\.schema\.json$/, ''), ...doc }, null, 2) + '\n';
}
