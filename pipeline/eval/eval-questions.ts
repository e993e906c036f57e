// The questions an eval run asks: those of one split (test, tiny or val) for the chosen tasks,
// sorted by id, read with the dataset reader (pipeline/dataset/read-dataset.ts); and the
// sha256 of every image, from the manifest (computed from the file for an image the
// manifest does not list).

import { EVAL_SPLIT_ORDER, type EvalSplit } from '../../qa/split-names.ts';
import type { QaRecord } from '../dataset/question-record.ts';
import { type Dataset, DatasetReadError, loadDataset } from '../dataset/read-dataset.ts';

/** val: a dataset generated with `--buffer val` only. */
export const EVAL_SPLITS = EVAL_SPLIT_ORDER;
export type { EvalSplit };

export interface EvalSelection {
  dataset: Dataset;
  tasks: string[];
  questions: QaRecord[];
  sha256: (path: string) => Promise<string>;
}

export async function selectQuestions(datasetDir: string, split: EvalSplit, tasks?: string[]): Promise<EvalSelection> {
  const dataset = loadDataset(datasetDir);
  const chosen = tasks?.length ? tasks : dataset.tasks;
  const unknown = chosen.filter((t) => !dataset.tasks.includes(t));
  if (unknown.length)
    throw new DatasetReadError(`${datasetDir}: no task ${unknown.join(', ')} in this dataset (it has ${dataset.tasks.join(', ')})`);
  if (!dataset.splits.includes(split))
    throw new DatasetReadError(`${dataset.folder.paths.qaDir}: no ${split} split (val comes from generate --buffer val)`);
  const questions = chosen.flatMap((t) => dataset.records.get(t)![split]).sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  return { dataset, tasks: chosen, questions, sha256: (path) => dataset.folder.imageSha256(path) };
}
