// Checking a generated dataset against its manifest: every qa record parses and has its
// fields, every image a record names exists and its sha256 is the manifest's, every image of
// the manifest exists, and the counts per task and split are the manifest's. Returns the
// problems in plain words (empty when the dataset is whole). Read with the dataset reader
// (pipeline/dataset/read-dataset.ts); a bad line is a problem named by file and line.
import { existsSync } from 'node:fs';
import { SPLIT_ORDER } from '../../qa/split-names.ts';
import { sha256FileSync } from '../dataset/files.ts';
import { type DatasetFolder, DatasetReadError, openDataset, readQaFile } from '../dataset/read-dataset.ts';

export interface VerifyReport {
  problems: string[];
  records: number;
  images: number;
}

/** The splits the manifest counts (the tiny files repeat test questions and are not counted). */
const COUNTED_SPLITS: readonly string[] = SPLIT_ORDER;

export function verifyDataset(dir: string): VerifyReport {
  const problems: string[] = [];
  let dataset: DatasetFolder;
  try {
    dataset = openDataset(dir, { manifest: 'required' });
  } catch (e) {
    if (!(e instanceof DatasetReadError)) throw e;
    return { problems: [e.message], records: 0, images: 0 };
  }
  const manifest = dataset.manifest!;
  const expected = new Map<string, string>((manifest.images ?? []).map((i) => [i.path, i.sha256]));
  const hashed = new Map<string, string | null>();
  const hashOf = (rel: string): string | null => {
    if (!hashed.has(rel)) {
      const p = dataset.paths.file(rel);
      hashed.set(rel, existsSync(p) ? sha256FileSync(p) : null);
    }
    return hashed.get(rel)!;
  };
  const counts: Record<string, Record<string, number>> = {};
  let records = 0;
  const files = dataset.files.filter((f) => COUNTED_SPLITS.includes(f.split));
  if (!files.length) problems.push(`${dataset.paths.qaDir}: no <task>.<split>.jsonl files`);
  for (const file of files) {
    const { task, split } = file;
    for (const { record: r, line } of readQaFile(file, 'record', (p) => problems.push(p))) {
      const at = `${file.path}:${line} (${r.id})`;
      if (r.task !== task || r.split !== split) problems.push(`${at}: task/split ${r.task}/${r.split} in the file of ${task}/${split}`);
      records++;
      (counts[task] ??= {})[split] = (counts[task][split] ?? 0) + 1;
      for (const img of r.images) {
        const want = expected.get(img);
        const got = hashOf(img);
        if (got === null) problems.push(`${at}: image ${img} does not exist`);
        else if (want === undefined) problems.push(`${at}: image ${img} is not in the manifest`);
        else if (got !== want) problems.push(`${img}: sha256 differs from the manifest (altered or truncated)`);
      }
    }
  }
  for (const [path, sha] of expected) {
    if (hashed.has(path)) continue;
    const got = hashOf(path);
    if (got === null) problems.push(`${path}: listed in the manifest but does not exist`);
    else if (got !== sha) problems.push(`${path}: sha256 differs from the manifest (altered or truncated)`);
  }
  // split.json as generate wrote it (manifests before splitSha256 was recorded: not checked).
  if (typeof manifest.splitSha256 === 'string') {
    const splitPath = dataset.paths.split;
    if (!existsSync(splitPath)) problems.push(`${splitPath}: recorded in the manifest but does not exist`);
    else if (sha256FileSync(splitPath) !== manifest.splitSha256)
      problems.push(
        `${splitPath}: sha256 differs from the manifest: replaced after the dataset was made (e.g. by misi-gen split --out into this folder), so it no longer says how these questions were split`,
      );
  }
  for (const [task, bySplit] of Object.entries<Record<string, number>>(manifest.counts ?? {})) {
    for (const [split, n] of Object.entries(bySplit)) {
      const got = counts[task]?.[split] ?? 0;
      if (got !== n) problems.push(`${dataset.paths.qa(task, split)}: ${got} records, the manifest says ${n}`);
    }
  }
  return { problems: [...new Set(problems)], records, images: expected.size };
}
