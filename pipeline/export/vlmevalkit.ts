// vlmevalkit: one TSV per evaluation split, MiSI_Bench_<split>.tsv (test and tiny; VLMEvalKit
// evaluates, it does not train, and the train split with its images inlined would be tens
// of GB), every task in it. Columns: index (1, 2, ...), id, category (the task), question (as
// generated: it already shows the options), answer (the exact string; a letter for choice
// tasks), A-D (the options' commands or text, empty for tasks without options), image (the
// PNGs base64-encoded, written as a Python list literal `['...', '...']`, the way
// VLMEvalKit's multi-image datasets store several images per row), image_path (their file
// names, likewise), split.
import { readFile } from 'node:fs/promises';
import { basename, join } from 'node:path';
import type { QaRecord } from '../generate/records.ts';
import { writeTextAtomically } from '../generate/write-text.ts';
import type { ExportedFile } from './exported.ts';
import type { Dataset, ExportSplit } from './read-dataset.ts';
import { parseTsv, tsvLine } from './tsv.ts';

export const VLMEVALKIT_SPLITS: readonly ExportSplit[] = ['test', 'tiny'];
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
  return [String(index), r.id, r.task, r.question, r.answer, ...LETTERS.map(option), pyList(images), pyList(r.images.map((p) => basename(p))), split];
}

/** Writes both TSV files; returns one entry per task and split, read back from disk. */
export async function writeVlmevalkit(dataset: Dataset, outDir: string): Promise<ExportedFile[]> {
  const files: ExportedFile[] = [];
  for (const split of VLMEVALKIT_SPLITS) {
    const path = `MiSI_Bench_${split}.tsv`;
    let text = tsvLine(VLMEVALKIT_COLUMNS);
    let index = 0;
    for (const task of dataset.tasks) for (const r of dataset.records.get(task)![split]) text += tsvLine(await row(dataset.dir, r, ++index, split));
    await writeTextAtomically(join(outDir, path), text);
    const rows = await readVlmevalkit(outDir, path);
    for (const task of dataset.tasks) files.push({ path, task, split, rows: rows.filter((x) => x.task === task).map((x) => x.row) });
  }
  return files;
}

/** Python list literal of plain strings (as written above) back to its items. */
function readPyList(text: string): string[] {
  const inner = text.trim().replace(/^\[|\]$/g, '').trim();
  if (inner === '') return [];
  return [...inner.matchAll(/'((?:[^'\\]|\\.)*)'/g)].map((m) => m[1].replace(/\\(.)/g, '$1'));
}

export async function readVlmevalkit(outDir: string, path: string) {
  const [head, ...rows] = parseTsv(await readFile(join(outDir, path), 'utf8'));
  const col = (name: string) => head.indexOf(name);
  return rows.map((r) => ({
    task: r[col('category')],
    row: {
      id: r[col('id')],
      images: readPyList(r[col('image_path')]).map((n) => `images/${n}`),
      prompt: null,
      answer: r[col('answer')],
      imageBytes: readPyList(r[col('image')]).map((b) => new Uint8Array(Buffer.from(b, 'base64'))),
    },
  }));
}
