// Checking a generated dataset against its manifest: every file the manifest records (each
// image, split.json, and every other file of the dataset: qa files, annotations, atom tables,
// complexes.jsonl, rejects.jsonl; pipeline/dataset/dataset-files.ts) is there with its sha256,
// no file of the dataset is there that it does not record, every qa record parses and has its
// fields, every image a record names is in the manifest and there, and the counts per task and
// split are the manifest's. With `answers`, every record's answer and options are derived again
// from its truth (derive-answer.ts). Returns the problems in plain words (empty when the dataset
// is whole), each naming its file, and notes saying what could not be checked (a dataset made
// before the digests). Read with the dataset reader (pipeline/dataset/read-dataset.ts).
import { existsSync } from 'node:fs';
import { SPLIT_ORDER } from '../../qa/split-names.ts';
import { listDatasetFiles } from '../dataset/dataset-files.ts';
import { digestFiles, type FileDigest } from '../dataset/files.ts';
import { SPLIT_FILE } from '../dataset/layout.ts';
import { type DatasetFolder, DatasetReadError, openDataset, readQaFile } from '../dataset/read-dataset.ts';
import { count } from '../plural.ts';
import { answerProblems } from './derive-answer.ts';

export interface VerifyReport {
  problems: string[];
  records: number;
  images: number;
  /** What could not be checked, one line each (a manifest made before the digests of every file). */
  notes?: string[];
  /** Files checked against their digest in the manifest, images and split.json among them. */
  files?: number;
  /** Records whose answer was derived again from their truth (`answers`). */
  answers?: number;
}

export interface VerifyOptions {
  /** Derive every answer again from its record's truth and check it and the options (`verify --answers`). */
  answers?: boolean;
}

/** The splits the manifest counts (the tiny files repeat test questions and are not counted). */
const COUNTED_SPLITS: readonly string[] = SPLIT_ORDER;

type Stage = { done: VerifyReport } | { dataset: DatasetFolder; expected: Map<string, string>; recordsFiles: boolean };

/** Opens the dataset and lists what the manifest records a digest of (relative path -> sha256). */
function begin(dir: string): Stage {
  let dataset: DatasetFolder;
  try {
    dataset = openDataset(dir, { manifest: 'required' });
  } catch (e) {
    if (!(e instanceof DatasetReadError)) throw e;
    return { done: { problems: [e.message], records: 0, images: 0 } };
  }
  const manifest = dataset.manifest!;
  const expected = new Map<string, string>((manifest.images ?? []).map((i) => [i.path, i.sha256]));
  const recordsFiles = Array.isArray(manifest.files);
  for (const f of manifest.files ?? []) expected.set(f.path, f.sha256);
  if (typeof manifest.splitSha256 === 'string') expected.set(SPLIT_FILE, manifest.splitSha256);
  return { dataset, expected, recordsFiles };
}

/** Checks the dataset at `dir` against its manifest (see the header). */
export function verifyDataset(dir: string, o: VerifyOptions = {}): VerifyReport {
  const stage = begin(dir);
  if ('done' in stage) return stage.done;
  const rel = [...stage.expected.keys()];
  const digests = digestFiles(rel.map((p) => stage.dataset.paths.file(p)));
  return finish(stage.dataset, stage.expected, stage.recordsFiles, new Map(rel.map((p, i) => [p, digests[i]])), o);
}

function finish(
  dataset: DatasetFolder,
  expected: Map<string, string>,
  recordsFiles: boolean,
  got: Map<string, FileDigest>,
  o: VerifyOptions,
): VerifyReport {
  const problems: string[] = [];
  const notes: string[] = [];
  const manifest = dataset.manifest!;
  const images = new Set((manifest.images ?? []).map((i) => i.path));
  for (const [path, sha] of expected) {
    const d = got.get(path)!;
    if (path === SPLIT_FILE) {
      const splitPath = dataset.paths.split;
      if ('missing' in d) problems.push(`${splitPath}: recorded in the manifest but does not exist`);
      else if ('unreadable' in d) problems.push(`${splitPath}: cannot be read (${d.unreadable})`);
      else if (d.sha256 !== sha)
        problems.push(
          `${splitPath}: sha256 differs from the manifest: replaced after the dataset was made (e.g. by misi-gen split --out into this folder), so it no longer says how these questions were split`,
        );
    } else if ('missing' in d) problems.push(`${path}: listed in the manifest but does not exist`);
    else if ('unreadable' in d) problems.push(`${path}: cannot be read (${d.unreadable})`);
    else if (d.sha256 !== sha) problems.push(`${path}: sha256 differs from the manifest (altered or truncated)`);
  }
  if (recordsFiles) {
    for (const path of listDatasetFiles(dataset.dir)) {
      if (!expected.has(path) && !(path === SPLIT_FILE && typeof manifest.splitSha256 !== 'string'))
        problems.push(`${path}: not in the manifest (a file added to the dataset after it was made)`);
    }
  } else {
    notes.push(
      `${dataset.paths.manifest}: made before misi-gen recorded the digest of every file: the qa files, annotations, atom tables, complexes.jsonl and rejects.jsonl were read but not checked byte for byte${typeof manifest.splitSha256 === 'string' ? '' : ', nor split.json'}`,
    );
  }

  const counts: Record<string, Record<string, number>> = {};
  let records = 0;
  let derived = 0;
  const underived = new Map<string, number>();
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
        const d = got.get(img);
        if (d ? 'missing' in d : !existsSync(dataset.paths.file(img))) problems.push(`${at}: image ${img} does not exist`);
        else if (!images.has(img)) problems.push(`${at}: image ${img} is not in the manifest`);
      }
      if (!o.answers) continue;
      const wrong = answerProblems(r);
      if (wrong === null) underived.set(task, (underived.get(task) ?? 0) + 1);
      else {
        derived++;
        for (const w of wrong) problems.push(`${at}: ${w}`);
      }
    }
  }
  for (const [task, n] of underived)
    notes.push(`${task}: ${count(n, 'answer')} not derived again (its truth is the task's own value, which verify has no rule for)`);
  for (const [task, bySplit] of Object.entries<Record<string, number>>(manifest.counts ?? {})) {
    for (const [split, n] of Object.entries(bySplit)) {
      const have = counts[task]?.[split] ?? 0;
      if (have !== n) problems.push(`${dataset.paths.qa(task, split)}: ${have} records, the manifest says ${n}`);
    }
  }
  return {
    problems: [...new Set(problems)],
    records,
    images: images.size,
    notes,
    files: expected.size,
    ...(o.answers ? { answers: derived } : {}),
  };
}
