// A generated dataset as the exporters see it: the manifest, split.json, and the questions
// of every task in the train and test splits (and val, `--buffer val`) and the tiny set. A dataset written before the
// tiny files existed gets its tiny set computed here, the same way generate writes it.
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { QaRecord } from '../generate/records.ts';
import type { Manifest } from '../dataset/manifest-type.ts';
import { tinySubset } from '../split/tiny-set.ts';

/** Val only in a dataset generated with `--buffer val` (Dataset.splits says which a dataset has). */
export const EXPORT_SPLITS = ['train', 'test', 'val', 'tiny'] as const;
export type ExportSplit = (typeof EXPORT_SPLITS)[number];

/** A dataset that cannot be exported; the message names the file and the problem. */
export class ExportError extends Error {}

export interface Dataset {
  dir: string;
  /** As written (a dataset of an older misi-gen may lack fields). */
  manifest: Partial<Manifest>;
  split: any | null;
  tasks: string[];
  seed: number;
  /** Questions per task and split, in file (id) order (val: empty when the dataset has none). */
  records: Map<string, Record<ExportSplit, QaRecord[]>>;
  /** The splits this dataset has: EXPORT_SPLITS without val unless qa/ holds val files. */
  splits: ExportSplit[];
}

async function readJson(path: string): Promise<any> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch {
    throw new ExportError(`${path}: no such file (is it a folder written by 'misi-gen generate'?)`);
  }
  try {
    return JSON.parse(text);
  } catch {
    throw new ExportError(`${path}: not JSON`);
  }
}

async function readLines(path: string): Promise<QaRecord[]> {
  const text = await readFile(path, 'utf8');
  return text.split('\n').flatMap((line, i) => {
    if (line.trim() === '') return [];
    try {
      return [JSON.parse(line) as QaRecord];
    } catch {
      throw new ExportError(`${path}:${i + 1}: not JSON`);
    }
  });
}

export async function readDataset(dir: string): Promise<Dataset> {
  const manifest = await readJson(join(dir, 'manifest.json'));
  const tasks: string[] = manifest?.options?.tasks ?? Object.keys(manifest?.counts ?? {});
  if (!tasks.length) throw new ExportError(`${join(dir, 'manifest.json')}: names no task`);
  const seed = Number(manifest.seed ?? 0);
  const split = existsSync(join(dir, 'split.json')) ? await readJson(join(dir, 'split.json')) : null;
  const records = new Map<string, Record<ExportSplit, QaRecord[]>>();
  let hasVal = false;
  for (const task of tasks) {
    const path = (s: string) => join(dir, 'qa', `${task}.${s}.jsonl`);
    if (!existsSync(path('train')) || !existsSync(path('test'))) throw new ExportError(`${path('test')}: missing (the dataset is incomplete)`);
    const train = await readLines(path('train'));
    const test = await readLines(path('test'));
    const tiny = existsSync(path('tiny')) ? await readLines(path('tiny')) : tinySubset(test, seed, task);
    const val = existsSync(path('val')) ? await readLines(path('val')) : [];
    if (existsSync(path('val'))) hasVal = true;
    records.set(task, { train, test, val, tiny });
  }
  const splits = EXPORT_SPLITS.filter((s) => s !== 'val' || hasVal);
  return { dir, manifest, split, tasks, seed, records, splits };
}
