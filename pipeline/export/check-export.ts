// The checks every export passes as it is written, on the files read back from disk: per
// row, as many `<image>` placeholders as images, the images in the question's order, every
// image present (embedded bytes equal to the dataset's file), an answer; per file, unique
// ids; per task and split, as many rows as questions, and for train and test as many as
// the manifest counts.
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { basename, join } from 'node:path';
import { isSplit } from '../../qa/split-names.ts';
import { sha256File } from '../dataset/files.ts';
import { QA_SPLITS, type QaSplit } from '../dataset/layout.ts';
import type { Dataset } from '../dataset/read-dataset.ts';
import { placeholderCount } from './conversation.ts';
import type { ExportedFile } from './exported.ts';

/** `splits`: the splits the format exports (vlmevalkit: test and tiny); the others are not counted. */
export async function checkExport(
  dataset: Dataset,
  outDir: string,
  files: ExportedFile[],
  splits: readonly QaSplit[] = QA_SPLITS,
): Promise<string[]> {
  const problems: string[] = [];
  const rowsPer = new Map<string, number>();
  const expected = new Map<string, { images: string[]; answer: string }>();
  for (const [, bySplit] of dataset.records) for (const list of Object.values(bySplit)) for (const r of list) expected.set(r.id, r);
  const bytesOf = new Map<string, Buffer>();
  const shaOf = new Map<string, string>();
  for (const f of files) {
    const key = `${f.task}.${f.split}`;
    rowsPer.set(key, (rowsPer.get(key) ?? 0) + f.rows.length);
    const ids = new Set<string>();
    for (const row of f.rows) {
      const at = `${f.path}: ${row.id}`;
      if (ids.has(row.id)) problems.push(`${at}: id appears twice`);
      ids.add(row.id);
      const source = expected.get(row.id);
      if (!source) {
        problems.push(`${at}: no such question in the dataset`);
        continue;
      }
      if (typeof row.answer !== 'string' || row.answer === '') problems.push(`${at}: no answer`);
      else if (row.answer !== source.answer) problems.push(`${at}: answer '${row.answer}' is not the dataset's '${source.answer}'`);
      if (row.prompt !== null && placeholderCount(row.prompt) !== row.images.length) {
        problems.push(`${at}: ${placeholderCount(row.prompt)} <image> placeholders for ${row.images.length} images`);
      }
      if (row.images.map((p) => basename(p)).join() !== source.images.map((p) => basename(p)).join()) {
        problems.push(`${at}: images differ from the question's (${row.images.length} vs ${source.images.length}, or another order)`);
      }
      for (let i = 0; i < row.images.length; i++) {
        const p = row.images[i];
        if (row.imageSha256) {
          const src = source.images[i];
          if (!src) continue;
          let want = shaOf.get(src);
          if (!want) shaOf.set(src, (want = await sha256File(join(dataset.dir, src))));
          if (row.imageSha256[i] !== want) problems.push(`${at}: embedded image ${i + 1} is not ${src}`);
        } else if (row.imageBytes) {
          const src = source.images[i];
          if (!src) continue;
          let want = bytesOf.get(src);
          if (!want) bytesOf.set(src, (want = await readFile(join(dataset.dir, src))));
          if (!want.equals(Buffer.from(row.imageBytes[i] ?? []))) problems.push(`${at}: embedded image ${i + 1} is not ${src}`);
        } else if (!existsSync(join(outDir, p))) {
          problems.push(`${at}: image ${p} does not exist under ${outDir}`);
        }
      }
    }
  }
  for (const [task, bySplit] of dataset.records) {
    for (const [split, list] of Object.entries(bySplit)) {
      if (!splits.includes(split as QaSplit)) continue;
      const written = rowsPer.get(`${task}.${split}`) ?? 0;
      if (written !== list.length) problems.push(`${task} ${split}: ${written} rows written for ${list.length} questions`);
      const counted = isSplit(split) ? dataset.manifest?.counts?.[task]?.[split] : undefined;
      if (typeof counted === 'number' && counted !== list.length)
        problems.push(`${task} ${split}: the manifest counts ${counted}, qa/ holds ${list.length}`);
    }
  }
  return problems;
}
