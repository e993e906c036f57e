// vlmevalkit: one TSV per evaluation split, MiSI_Bench_<split>.tsv (test and tiny; VLMEvalKit
// evaluates, it does not train, and the train split with its images inlined would be tens
// of GB), every task in it. Columns: index (1, 2, ...), id, category (the task), question (as
// generated: it already shows the options), answer (the exact string; a letter for choice
// tasks), A-D (the options' commands or text, empty for tasks without options), image (the
// PNGs base64-encoded, written as a Python list literal `['...', '...']`, the way
// VLMEvalKit's multi-image datasets store several images per row), image_path (their file
// names, likewise), split. Written and read back row by row: a full test split is GBs.
import { createReadStream } from 'node:fs';
import { mkdir, open, readFile, rename } from 'node:fs/promises';
import { basename, join } from 'node:path';
import { TEST, TINY } from '../../qa/split-names.ts';
import { sha256Hex } from '../dataset/files.ts';
import { imagePath, type QaSplit, temporaryPath } from '../dataset/layout.ts';
import type { QaRecord } from '../dataset/question-record.ts';
import type { Dataset } from '../dataset/read-dataset.ts';
import type { ExportedFile, ExportedRow } from './exported.ts';
import { TsvReader, tsvLine } from './tsv.ts';

export const VLMEVALKIT_SPLITS: readonly QaSplit[] = [TEST, TINY];
const LETTERS = ['A', 'B', 'C', 'D'] as const;
export const VLMEVALKIT_COLUMNS = ['index', 'id', 'category', 'question', 'answer', ...LETTERS, 'image', 'image_path', 'split'];

const pyList = (items: string[]) => `[${items.map((s) => `'${s.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`).join(', ')}]`;

async function row(datasetDir: string, r: QaRecord, index: number, split: string): Promise<string[]> {
  const option = (l: string) => {
    const o = r.options?.find((x) => x.letter === l);
    return o?.commands ?? o?.text ?? '';
  };
  const images: string[] = [];
  for (const p of r.images) images.push((await readFile(join(datasetDir, p))).toString('base64'));
  return [
    String(index),
    r.id,
    r.task,
    r.question,
    r.answer,
    ...LETTERS.map(option),
    pyList(images),
    pyList(r.images.map((p) => basename(p))),
    split,
  ];
}

/** Writes both TSV files; returns one entry per task and split, read back from disk. */
export async function writeVlmevalkit(dataset: Dataset, outDir: string): Promise<ExportedFile[]> {
  const files: ExportedFile[] = [];
  await mkdir(outDir, { recursive: true });
  for (const split of VLMEVALKIT_SPLITS) {
    const path = `MiSI_Bench_${split}.tsv`;
    const tmp = temporaryPath(join(outDir, path));
    const fh = await open(tmp, 'w');
    await fh.write(tsvLine(VLMEVALKIT_COLUMNS));
    let index = 0;
    for (const task of dataset.tasks)
      for (const r of dataset.records.get(task)![split]) await fh.write(tsvLine(await row(dataset.dir, r, ++index, split)));
    await fh.close();
    await rename(tmp, join(outDir, path));
    const rows = await readVlmevalkit(outDir, path);
    for (const task of dataset.tasks) files.push({ path, task, split, rows: rows.filter((x) => x.task === task).map((x) => x.row) });
  }
  return files;
}

/** Python list literal of plain strings (as written above) back to its items. */
function readPyList(text: string): string[] {
  const inner = text
    .trim()
    .replace(/^\[|\]$/g, '')
    .trim();
  if (inner === '') return [];
  return [...inner.matchAll(/'((?:[^'\\]|\\.)*)'/g)].map((m) => m[1].replace(/\\(.)/g, '$1'));
}

/** Rows of a written TSV; the images decoded and kept as their sha256 only. */
export async function readVlmevalkit(outDir: string, path: string): Promise<{ task: string; row: ExportedRow }[]> {
  const out: { task: string; row: ExportedRow }[] = [];
  let head: string[] | null = null;
  const reader = new TsvReader((r) => {
    if (!head) return void (head = r);
    const cell = (name: string) => r[head!.indexOf(name)] ?? '';
    out.push({
      task: cell('category'),
      row: {
        id: cell('id'),
        images: readPyList(cell('image_path')).map(imagePath),
        prompt: null,
        answer: cell('answer'),
        imageSha256: readPyList(cell('image')).map((b) => sha256Hex(Buffer.from(b, 'base64'))),
      },
    });
  });
  for await (const chunk of createReadStream(join(outDir, path), { encoding: 'utf8' })) reader.push(chunk as string);
  reader.end();
  return out;
}
