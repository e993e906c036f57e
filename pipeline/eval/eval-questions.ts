// The questions an eval run asks: those of one split (test, tiny or val) for the chosen tasks,
// sorted by id, read with the exporters' reader; and the sha256 of every image, from the
// manifest (computed from the file for an image the manifest does not list).
import { sha256File } from '../dataset/files.ts';
import { join } from 'node:path';
import type { QaRecord } from '../generate/records.ts';
import { ExportError, readDataset, type Dataset } from '../export/read-dataset.ts';

/** val: a dataset generated with `--buffer val` only. */
export const EVAL_SPLITS = ['test', 'tiny', 'val'] as const;
export type EvalSplit = (typeof EVAL_SPLITS)[number];

export interface EvalSelection {
  dataset: Dataset;
  tasks: string[];
  questions: QaRecord[];
  sha256: (path: string) => Promise<string>;
}

export async function selectQuestions(datasetDir: string, split: EvalSplit, tasks?: string[]): Promise<EvalSelection> {
  const dataset = await readDataset(datasetDir);
  const chosen = tasks?.length ? tasks : dataset.tasks;
  const unknown = chosen.filter((t) => !dataset.tasks.includes(t));
  if (unknown.length) throw new ExportError(`${datasetDir}: no task ${unknown.join(', ')} in this dataset (it has ${dataset.tasks.join(', ')})`);
  if (!dataset.splits.includes(split)) throw new ExportError(`${datasetDir}/qa: no ${split} split (val comes from generate --buffer val)`);
  const questions = chosen.flatMap((t) => dataset.records.get(t)![split]).sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  const known = new Map<string, string>();
  for (const im of Array.isArray(dataset.manifest?.images) ? dataset.manifest.images : []) {
    if (typeof im?.path === 'string' && typeof im?.sha256 === 'string') known.set(im.path, im.sha256);
  }
  const sha256 = async (path: string) => {
    let h = known.get(path);
    if (h === undefined) known.set(path, (h = await sha256File(join(datasetDir, path))));
    return h;
  };
  return { dataset, tasks: chosen, questions, sha256 };
}
