// Every path inside a dataset folder, named here once; writers and readers ask `datasetPaths`
// and nothing else joins these names. Paths a record or the manifest holds are relative to
// the folder (`images/<key>.png`); `datasetPaths(dir)` gives them joined to it.
//
//   qa/<task>.<split>.jsonl       the questions (split: train, test, val with --buffer val, tiny)
//   images/<key>.png              the images; annotations/<key>.json, the annotation of each
//                                 (--annotations full), or annotations/<key>.json.gz and one
//                                 annotations/complex-<id>.json per complex (compact;
//                                 docs/annotations.md); none with --annotations none
//   complexes.jsonl               every complex read, rejects.jsonl what could not be made
//   split.json, manifest.json     the split and the dataset's identity
//   run.json                      timings and the machine of the last run (no part of the dataset)
//   errors.log                    stacks of unexpected exceptions (bugs), for a report
//   parts/run.json                the run identity (what a resume or merge must match)
//   parts/assembly.json           what the assembly needs besides the parts; parts/shard.json a finished shard
//   parts/ingest/<id>.json        each input's outcome; parts/done/<id>.json each complex's part
//   eval/<name>.<split>.jsonl     eval's predictions (with <name>.<split>.meta.json and .cache.jsonl)
//
// A file is written under a temporary name beside it, `<name>.tmp-<pid>`, and renamed when
// complete (the renderer, which cannot import this, uses `<name>.<pid>.<n>.tmp`); a killed
// run's leftovers match TEMPORARY_NAME and are removed before a resume.
import { readdirSync, rmSync } from 'node:fs';
import { readdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { QA_SPLIT_ORDER, type QaSplit } from '../../qa/split-names.ts';

export const QA_DIR = 'qa';
export const IMAGES_DIR = 'images';
export const ANNOTATIONS_DIR = 'annotations';
export const PARTS_DIR = 'parts';
export const EVAL_DIR = 'eval';
export const MANIFEST_FILE = 'manifest.json';
export const SPLIT_FILE = 'split.json';
export const COMPLEXES_FILE = 'complexes.jsonl';
export const REJECTS_FILE = 'rejects.jsonl';
export const RUN_LOG_FILE = 'run.json';
export const ERRORS_LOG = 'errors.log';
const IDENTITY_FILE = `${PARTS_DIR}/run.json`;
const ASSEMBLY_FILE = `${PARTS_DIR}/assembly.json`;
const SHARD_FILE = `${PARTS_DIR}/shard.json`;
const INGEST_DIR = `${PARTS_DIR}/ingest`;
const DONE_DIR = `${PARTS_DIR}/done`;

/** The splits a dataset's qa/ files may hold: val only with `--buffer val`; tiny is a subset of test. */
export const QA_SPLITS = QA_SPLIT_ORDER;
export type { QaSplit };

/** `<task>.<split>.jsonl`. */
export function qaFileName(task: string, split: string): string {
  return `${task}.${split}.jsonl`;
}

/** The task and split a qa/ file name holds, or null for a name that is not `<task>.<split>.jsonl`. */
export function parseQaFileName(name: string): { task: string; split: string } | null {
  const m = /^([\w-]+)\.([\w-]+)\.jsonl$/.exec(name);
  return m ? { task: m[1], split: m[2] } : null;
}

/** The relative path of an image drawn to `fileName` (`<key>.png`), as records name it. */
export function imagePath(fileName: string): string {
  return `${IMAGES_DIR}/${fileName}`;
}

/** What a run writes of each image's annotation (generate --annotations; docs/annotations.md). */
export type AnnotationLayout = 'full' | 'compact' | 'none';
export const ANNOTATION_LAYOUTS: readonly AnnotationLayout[] = ['full', 'compact', 'none'];
export const DEFAULT_ANNOTATION_LAYOUT: AnnotationLayout = 'compact';

/**
 * The relative path of the annotation of an image: `images/<key>.png` -> `annotations/<key>.json`
 * (full; every dataset before annotation schema 2), or `annotations/<key>.json.gz` (compact).
 */
export function annotationPath(image: string, layout: AnnotationLayout = 'full'): string {
  return `${ANNOTATIONS_DIR}/${image.replace(/^.*\//, '').replace(/\.\w+$/, '')}${layout === 'compact' ? '.json.gz' : '.json'}`;
}

/** The relative path of a complex's atom table (compact layout): `annotations/complex-<id>.json`. */
export function atomTablePath(complexId: string): string {
  return `${ANNOTATIONS_DIR}/complex-${encodeURIComponent(complexId)}.json`;
}

/** A part or ingest file name for a complex id (any character an id may hold is safe in it). */
const idFile = (id: string) => `${encodeURIComponent(id)}.json`;

/** Every path of the dataset folder `dir`. */
export function datasetPaths(dir: string) {
  const at = (rel: string) => join(dir, rel);
  return {
    dir,
    /** A path relative to the folder (an image or annotation a record names) joined to it. */
    file: at,
    qaDir: at(QA_DIR),
    qa: (task: string, split: string) => join(dir, QA_DIR, qaFileName(task, split)),
    images: at(IMAGES_DIR),
    annotations: at(ANNOTATIONS_DIR),
    manifest: at(MANIFEST_FILE),
    split: at(SPLIT_FILE),
    complexes: at(COMPLEXES_FILE),
    rejects: at(REJECTS_FILE),
    runLog: at(RUN_LOG_FILE),
    errorsLog: at(ERRORS_LOG),
    parts: at(PARTS_DIR),
    identity: at(IDENTITY_FILE),
    assemblyPlan: at(ASSEMBLY_FILE),
    shardDone: at(SHARD_FILE),
    ingestDir: at(INGEST_DIR),
    ingested: (id: string) => join(dir, INGEST_DIR, idFile(id)),
    doneDir: at(DONE_DIR),
    part: (id: string) => join(dir, DONE_DIR, idFile(id)),
    evalDir: at(EVAL_DIR),
    /** eval's predictions of `name` (a model or `baseline-<kind>`) on a split. */
    predictions: (name: string, split: string) => join(dir, EVAL_DIR, `${name}.${split}.jsonl`),
  };
}

/** The paths as messages name them, relative to the folder. */
export const RELATIVE = {
  identity: IDENTITY_FILE,
  assemblyPlan: ASSEMBLY_FILE,
  shardDone: SHARD_FILE,
  ingestDir: INGEST_DIR,
  doneDir: DONE_DIR,
} as const;

/** Names of files left under a temporary name: `*.tmp` and `*.tmp-<pid>`. */
export const TEMPORARY_NAME = /\.tmp(-\d+)?$/;

/** The temporary name a file is written under before it is renamed to `path`. */
export function temporaryPath(path: string): string {
  return `${path}.tmp-${process.pid}`;
}

/** The folders a run writes files into (those a killed run may leave temporary files in). */
const WRITTEN_FOLDERS = ['', QA_DIR, IMAGES_DIR, ANNOTATIONS_DIR, PARTS_DIR, INGEST_DIR, DONE_DIR];

/** Removes the files a killed run left under temporary names in the folders of `dir` a run writes. */
export async function removeTemporaryFiles(dir: string): Promise<void> {
  for (const sub of WRITTEN_FOLDERS) {
    let names: string[];
    try {
      names = await readdir(join(dir, sub));
    } catch {
      // Not made yet (or not a folder, which the run then reports when it writes there): nothing to remove.
      continue;
    }
    for (const n of names) if (TEMPORARY_NAME.test(n)) await rm(join(dir, sub, n), { force: true });
  }
}

/** removeTemporaryFiles, synchronously (for a signal handler that exits next). */
export function removeTemporaryFilesSync(dir: string): void {
  for (const sub of WRITTEN_FOLDERS) {
    let names: string[];
    try {
      names = readdirSync(join(dir, sub));
    } catch {
      // Not made yet: nothing to remove (this runs on the way out after a signal).
      continue;
    }
    for (const n of names) if (TEMPORARY_NAME.test(n)) rmSync(join(dir, sub, n), { force: true });
  }
}
