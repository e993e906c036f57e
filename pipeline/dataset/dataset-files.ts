// Which files a dataset is made of, decided once: what the manifest's digests cover
// (generate's and merge's assembly records them, `verify` checks them and names a file that
// is not among them). The manifest itself, run.json, errors.log, parts/ and eval/ are no part
// of it; split.json has its own digest (`splitSha256`) and the images theirs (`images`).
//
//   complexes.jsonl, rejects.jsonl    the top-level files (`files`)
//   qa/*, annotations/*               every file in those folders (`files`)
//   images/*                          the images the records name (`images`); any other file
//                                     there (an image of a question that became a reject) in `files`
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileErrorText } from '../../structures/file-error.ts';
import { ANNOTATIONS_DIR, COMPLEXES_FILE, IMAGES_DIR, QA_DIR, REJECTS_FILE, SPLIT_FILE } from './layout.ts';
import { DatasetReadError } from './read-dataset.ts';

/** The top-level files of a dataset that `files` covers (split.json, beside them, has `splitSha256`). */
const TOP_FILES = [COMPLEXES_FILE, REJECTS_FILE];
/** The folders whose every file is the dataset's. */
const DATASET_DIRS = [QA_DIR, ANNOTATIONS_DIR, IMAGES_DIR];

/**
 * Every file of the dataset folder `dir` that a digest covers, relative to it (`qa/x.jsonl`),
 * sorted: the top-level files that exist, split.json among them, and every file of qa/,
 * annotations/ and images/ (a missing folder holds none).
 */
export function listDatasetFiles(dir: string): string[] {
  const out: string[] = [];
  const top = new Set(namesIn(dir));
  for (const name of [...TOP_FILES, SPLIT_FILE]) if (top.has(name)) out.push(name);
  for (const sub of DATASET_DIRS) for (const name of namesIn(join(dir, sub))) out.push(`${sub}/${name}`);
  return out.sort();
}

function namesIn(dir: string): string[] {
  try {
    return readdirSync(dir, { withFileTypes: true })
      .filter((e) => e.isFile())
      .map((e) => e.name);
  } catch (e) {
    // A folder the dataset does not have (no annotations/ with --annotations none) holds no files.
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw new DatasetReadError(`${dir}: cannot be read (${fileErrorText(e)})`);
  }
}

/** The files of `listed` that the manifest's `files` records: all but split.json and the images `images` holds. */
export function filesDigested(listed: readonly string[], images: ReadonlySet<string>): string[] {
  return listed.filter((p) => p !== SPLIT_FILE && !images.has(p));
}
