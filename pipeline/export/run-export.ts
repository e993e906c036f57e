// `export` as a library call: read the dataset, write every task and split (train, test,
// tiny) in the chosen format, read each file back and check it (check-export.ts). Fails
// with the problems found; the files stay for inspection.

import { join } from 'node:path';
import { KnownError } from '../../structures/known-error.ts';
import type { QaSplit } from '../dataset/layout.ts';
import { type Dataset, loadDataset } from '../dataset/read-dataset.ts';
import { writeTextAtomically } from '../generate/write-text.ts';
import { count } from '../plural.ts';
import { checkExport } from './check-export.ts';
import { datasetCard } from './dataset-card.ts';
import type { ExportedFile } from './exported.ts';
import { readHfShard, writeHfShards } from './hf-parquet.ts';
import { readLlava, writeLlava } from './llava.ts';
import { writeLmmsEvalTasks } from './lmms-eval-task.ts';
import { type PlacedImages, placeImages } from './place-images.ts';
import { readQwen, writeQwen } from './qwen.ts';
import { readSharegpt, writeDatasetInfo, writeSharegpt } from './sharegpt.ts';
import { VLMEVALKIT_SPLITS, writeVlmevalkit } from './vlmevalkit.ts';

/** An export that failed its checks; the message names the problems. */
export class ExportError extends KnownError {}

export const FORMATS = ['llava', 'sharegpt', 'qwen', 'hf', 'vlmevalkit', 'lmms-eval'] as const;
export type ExportFormat = (typeof FORMATS)[number];

export interface ExportSummary {
  files: ExportedFile[];
  rows: number;
  images: number;
  /** How the image files were placed under <out>/images/ (formats that refer to image files: llava, sharegpt, qwen). */
  placed?: PlacedImages;
}

export interface ExportOptions {
  /** Copy the image files even where a hard link would do (`--copy-images`). */
  copyImages?: boolean;
}

export async function runExport(
  datasetDir: string,
  format: ExportFormat,
  outDir: string,
  log: (line: string) => void = () => {},
  options: ExportOptions = {},
): Promise<ExportSummary> {
  const dataset = loadDataset(datasetDir);
  const files: ExportedFile[] = [];
  const images = new Set<string>();
  const shards = new Map<string, string[]>();
  if (format === 'vlmevalkit') {
    // One TSV per evaluation split with every task in it, images inlined.
    files.push(...(await writeVlmevalkit(dataset, outDir)));
    for (const f of files) log(`export: ${f.path}: ${f.task}: ${count(f.rows.length, 'question')}`);
    return checked(dataset, format, outDir, files, VLMEVALKIT_SPLITS, new Set(files.flatMap((f) => f.rows.flatMap((r) => r.images))).size);
  }
  const hf = format === 'hf' || format === 'lmms-eval';
  for (const task of dataset.tasks) {
    for (const split of dataset.splits) {
      const records = dataset.records.get(task)![split];
      for (const r of records) for (const p of r.images) images.add(p);
      const name = `${task}.${split}`;
      if (hf) {
        const paths = await writeHfShards(datasetDir, outDir, task, split, records);
        shards.set(name, paths);
        for (const path of paths) files.push({ path, task, split, rows: await readHfShard(outDir, path) });
      } else {
        const write = format === 'llava' ? writeLlava : format === 'sharegpt' ? writeSharegpt : writeQwen;
        const read = format === 'llava' ? readLlava : format === 'sharegpt' ? readSharegpt : readQwen;
        const path = await write(outDir, name, records);
        files.push({ path, task, split, rows: await read(outDir, path) });
      }
      log(`export: ${name}: ${count(records.length, 'question')}`);
    }
  }
  if (hf) {
    await writeTextAtomically(join(outDir, 'README.md'), datasetCard({ dataset, shards, imageCount: images.size }));
    if (format === 'lmms-eval') for (const p of await writeLmmsEvalTasks(dataset, outDir, dataset.tasks)) log(`export: ${p}`);
  }
  let placed: PlacedImages | undefined;
  if (!hf) {
    placed = await placeImages(datasetDir, outDir, images, options.copyImages === true);
    if (format === 'sharegpt') await writeDatasetInfo(outDir, files);
  }
  return { ...(await checked(dataset, format, outDir, files, dataset.splits, images.size)), ...(placed ? { placed } : {}) };
}

async function checked(
  dataset: Dataset,
  format: ExportFormat,
  outDir: string,
  files: ExportedFile[],
  splits: readonly QaSplit[],
  images: number,
): Promise<ExportSummary> {
  const problems = await checkExport(dataset, outDir, files, splits);
  if (problems.length) {
    throw new ExportError(
      `the ${format} export in ${outDir} failed its checks (${count(problems.length, 'problem')}): ${problems.slice(0, 5).join('; ')}${problems.length > 5 ? '; ...' : ''}`,
    );
  }
  return { files, rows: files.reduce((n, f) => n + f.rows.length, 0), images };
}
