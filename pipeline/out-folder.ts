// `ingest` and `generate` both write `complexes.jsonl` and `rejects.jsonl` into their --out
// folder, and both default to `out`: run one after the other in the same folder and the
// second replaced the first one's files without a word (generate's dataset with another
// set of complexes, or ingest's complexes under a manifest that no longer matches them).
// Each now refuses, before it starts anything or writes a file, a folder that holds the
// other's output, naming the folder, what is in it and what to do. A folder holding its own
// kind of output is left to the command (ingest writes it again; generate resumes it or
// refuses other options, pipeline/generate/run-identity.ts).
import { existsSync, readFileSync } from 'node:fs';
import { datasetPaths } from './dataset/layout.ts';
import { UsageError } from './usage-error.ts';

/** Thrown (a usage error, exit 2) when --out holds the other command's output. */
export class OutFolderTakenError extends UsageError {}

/** What `dir` holds: a dataset (or a generate run under way), an ingest output, or neither; with the file that shows it. */
export function outFolderHolds(dir: string): { holds: 'dataset' | 'ingest'; evidence: string } | null {
  const paths = datasetPaths(dir);
  for (const evidence of [paths.manifest, paths.identity]) {
    if (existsSync(evidence)) return { holds: 'dataset', evidence };
  }
  const complexes = paths.complexes;
  return existsSync(complexes) ? { holds: 'ingest', evidence: complexes } : null;
}

/** Refuses an --out holding an `ingest` output, which `generate` would replace. */
export function checkOutForGenerate(dir: string): void {
  const found = outFolderHolds(dir);
  if (found?.holds !== 'ingest') return;
  throw new OutFolderTakenError(
    `--out ${dir} holds the output of misi-gen ingest (${found.evidence}, no manifest.json): generate would replace its complexes.jsonl and rejects.jsonl with the dataset's own. Give generate another folder (e.g. --out dataset), or delete ${found.evidence} if you mean to replace it`,
  );
}

/** Refuses an --out holding a dataset or a generate run, whose files `ingest` would replace. */
export function checkOutForIngest(dir: string): void {
  const found = outFolderHolds(dir);
  if (found?.holds !== 'dataset') return;
  const what = found.evidence.endsWith('manifest.json') ? 'a dataset made by misi-gen generate or merge' : 'a misi-gen generate run';
  throw new OutFolderTakenError(
    `--out ${dir} holds ${what} (${found.evidence}): ingest would replace its complexes.jsonl and rejects.jsonl, which its questions and images were made from. Give ingest another folder (e.g. --out ingested)`,
  );
}

/**
 * Refuses (unless --force) an --out of `split` holding a dataset or a generate run, whose
 * split.json says how its questions were split: `split` would replace it, and the dataset
 * would no longer match its own split. Checked before anything is read.
 */
export function checkOutForSplit(dir: string, force: boolean): void {
  const found = outFolderHolds(dir);
  if (force || found?.holds !== 'dataset') return;
  const what = found.evidence.endsWith('manifest.json') ? 'a dataset made by misi-gen generate or merge' : 'a misi-gen generate run';
  throw new OutFolderTakenError(
    `--out ${dir} holds ${what} (${found.evidence}): split would replace its split.json, which says how its questions were split. Give split another folder (e.g. --out ${dir}-split), or add --force to replace it (verify then names the replaced split.json)`,
  );
}

/**
 * Refuses (unless --force) to replace a split.json in `dir` that holds another split than
 * `text` (the same bytes are written again without a word): `split` did not write it with
 * these options. `describe` says what a split.json holds, for the message.
 */
export function checkSplitFileForSplit(dir: string, text: string, force: boolean, describe: (json: unknown) => string): void {
  const path = datasetPaths(dir).split;
  if (force || !existsSync(path)) return;
  const prior = readFileSync(path, 'utf8');
  if (prior === text) return;
  let what = 'a file split cannot read';
  try {
    what = describe(JSON.parse(prior));
  } catch {
    // Not JSON: the refusal says 'a file split cannot read'.
  }
  throw new OutFolderTakenError(
    `--out ${dir} holds another split.json (${path}: ${what}): split would replace it with ${describe(JSON.parse(text))}. Give split another folder, or add --force to replace it`,
  );
}
