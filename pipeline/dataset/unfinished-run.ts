// A folder holding a `generate` run that has not finished (interrupted, killed, still going,
// or a shard waiting for merge): it has the run's identity (parts/run.json) and no manifest.
// The commands that read a dataset say so, and how far it got, instead of asking whether the
// folder was made by generate at all.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { inShard, parseShard } from '../generate/shard.ts';
import { datasetPaths } from './layout.ts';

/** What to say of `dir` when it holds an unfinished run (or a shard), else null. */
export function unfinishedRun(dir: string): string | null {
  const paths = datasetPaths(dir);
  if (existsSync(paths.manifest) || !existsSync(paths.identity)) return null;
  const done = new Set(existsSync(paths.doneDir) ? readdirSync(paths.doneDir).filter((n) => n.endsWith('.json')) : []);
  const shardText = readJson(paths.identity)?.inputs?.shard;
  const shard = typeof shardText === 'string' ? safeShard(shardText) : undefined;
  if (shard && existsSync(paths.shardDone))
    return `${dir}: shard ${shardText} of a run, finished; join the shards with misi-gen merge to make the dataset`;
  // The complexes of the run (or of its shard), known once the structures were read.
  const plan = readJson(paths.assemblyPlan) as { complexes?: { id: string }[] } | null;
  const ids = plan?.complexes?.map((c) => c.id).filter((id) => inShard(id, shard));
  const of = ids
    ? `${done.size} of ${ids.length} complex${ids.length === 1 ? '' : 'es'} done`
    : `the structures were still being read, ${done.size} complexes done`;
  return `${dir}: unfinished run${shard ? ` (shard ${shardText})` : ''}: ${of}; run generate again to finish (the same command: the options are in ${paths.identity})`;
}

function safeShard(text: string) {
  try {
    return parseShard(text, {});
  } catch {
    // A shard text that does not read: the message then names no shard (merge refuses the folder itself).
    return undefined;
  }
}

function readJson(path: string): any {
  try {
    return JSON.parse(readFileSync(path, 'utf8'));
  } catch {
    // Not there, or cut off as it was written: this helper only words the hint, the reader reports the file.
    return null;
  }
}
