// `merge`: the shard folders of one run (generate --shard i/n, every i once, each finished)
// joined into one dataset folder, byte-identical to a single run with the same options:
// the parts, images and annotations are gathered (hard links where the file system allows,
// copies otherwise, each under a temporary name), then the dataset is assembled from the
// parts exactly as `generate` does (assemble.ts).

import { existsSync, readFileSync } from 'node:fs';
import { copyFile, link, mkdir, readdir, readFile, rename, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { taskById } from '../../qa/task-registry.ts';
import { KnownError } from '../../structures/known-error.ts';
import { datasetPaths, RELATIVE, TEMPORARY_NAME, temporaryPath } from '../dataset/layout.ts';
import { codeVersions, type Versions, versionDifferences, versions } from '../dataset/versions.ts';
import { UsageError } from '../usage-error.ts';
import { type AssembleSummary, assemble, readAssemblyPlan } from './assemble.ts';
import { partExists, readPart } from './complex-part.ts';
import { claimFolder, identityDifferences, type RunIdentity, RunMismatchError, readIdentity } from './run-identity.ts';
import { inShard, parseShard, type Shard } from './shard.ts';

/** A shard folder that cannot be merged (missing, unfinished, another run): the message says which and why. */
export class MergeError extends KnownError {}

interface ShardFolder {
  dir: string;
  identity: RunIdentity;
  index: number;
  count: number;
}

/** A folder that is not (yet) a finished shard: why, in plain words, or null when it is one. */
function unfinished(dir: string, shard: Shard): string | null {
  const paths = datasetPaths(dir);
  if (existsSync(paths.shardDone)) return null;
  const planFile = paths.assemblyPlan;
  if (!existsSync(planFile)) return 'incomplete: its inputs are not all read yet';
  const ids: string[] = JSON.parse(readFileSync(planFile, 'utf8')).complexes.map((c: { id: string }) => c.id);
  const mine = ids.filter((id) => inShard(id, shard));
  const done = mine.filter((id) => partExists(dir, id)).length;
  return `incomplete: ${done} of its ${mine.length} complexes done`;
}

/**
 * Reads every folder; the ones that are not finished shards are named together (a missing
 * folder, one not started, one interrupted, an index nobody gave), so one look at the
 * message tells which tasks to run again. Nothing is written then.
 */
function readShards(dirs: string[]): ShardFolder[] {
  const seen: ShardFolder[] = [];
  const shards: ShardFolder[] = [];
  const problems: string[] = [];
  for (const dir of dirs) {
    const identity = existsSync(dir) ? readIdentity(dir) : null;
    if (!identity) {
      problems.push(
        `${dir}: missing (${existsSync(dir) ? `no ${RELATIVE.identity}` : 'no such folder'}: its shard has not started, or this is not a generate output folder)`,
      );
      continue;
    }
    const text = identity.inputs.shard;
    if (typeof text !== 'string') {
      problems.push(`${dir}: a run without --shard; merge joins the folders of generate --shard i/n`);
      continue;
    }
    let shard: Shard;
    try {
      shard = parseShard(text, {});
    } catch (e) {
      if (!(e instanceof UsageError)) throw e;
      problems.push(`${dir}: ${RELATIVE.identity} records the shard as '${text}', which is not i/n (the file was changed by hand?)`);
      continue;
    }
    const folder = { dir, identity, ...shard };
    seen.push(folder);
    // The merged manifest names this checkout's versions: shards made under others are refused.
    const taskIds = taskIdsOf(identity);
    const unknown = taskIds.filter((id) => !taskById(id));
    if (unknown.length) {
      problems.push(`${dir}: task ${unknown.join(', ')} unknown here (a task written outside the package is loaded with --task-module)`);
      continue;
    }
    const differences = versionDifferences(identity.dataset, codeVersions(taskIds.map((id) => taskById(id)!)));
    if (differences.length) {
      problems.push(`${dir}: ${differences.join('; ')}; generate the shards again with this misi-gen`);
      continue;
    }
    const why = unfinished(dir, folder);
    if (why) problems.push(`${dir}: shard ${text} ${why}`);
    else shards.push(folder);
  }
  const count = seen[0]?.count;
  if (count !== undefined && seen.every((s) => s.count === count)) {
    const absent = Array.from({ length: count }, (_, i) => i).filter((i) => !seen.some((s) => s.index === i));
    if (absent.length)
      problems.push(
        `shard${absent.length > 1 ? 's' : ''} ${absent.map((i) => `${i}/${count}`).join(', ')} missing: merge needs all ${count}`,
      );
  }
  if (problems.length) {
    const list = problems.length === 1 ? problems[0] : `${problems.length} problems:\n  ${problems.join('\n  ')}`;
    throw new MergeError(
      `${list}\nnothing was merged; run the generate command of each shard named again (a started one resumes), then merge again`,
    );
  }
  return shards;
}

const taskIdsOf = (identity: RunIdentity) => (Array.isArray(identity.dataset.tasks) ? (identity.dataset.tasks as string[]) : []);

/**
 * Every part of every shard was made under the versions the merged manifest will name
 * (`expected`), or the merge stops before writing anything, naming each part and version
 * that differ (the shards' identities agreed, but a part may have been copied in).
 */
async function checkParts(shards: ShardFolder[], expected: Versions): Promise<void> {
  const problems: string[] = [];
  for (const s of shards) {
    const plan = await readAssemblyPlan(s.dir);
    for (const { id } of plan.complexes) {
      if (!inShard(id, s)) continue;
      try {
        await readPart(s.dir, id, expected);
      } catch (e) {
        if (!(e instanceof RunMismatchError)) throw e;
        problems.push(e.message.replace(/; generate into another --out$/, ''));
      }
    }
  }
  if (problems.length) {
    const shown = problems.slice(0, 10).join('\n  ');
    throw new MergeError(
      `${problems.length} part${problems.length === 1 ? '' : 's'} made under other versions than the shards' run:\n  ${shown}${problems.length > 10 ? `\n  and ${problems.length - 10} more` : ''}\nnothing was merged; generate those shards again into fresh folders`,
    );
  }
}

/** Puts `from` at `to` (a hard link, or a copy) unless `to` exists; never a half-written `to`. */
async function place(from: string, to: string): Promise<boolean> {
  if (existsSync(to)) return false;
  const tmp = temporaryPath(to);
  await rm(tmp, { force: true });
  try {
    await link(from, tmp);
  } catch {
    // Another file system, or one without hard links: copied (a copy that fails says why).
    await copyFile(from, tmp);
  }
  await rename(tmp, to);
  return true;
}

async function placeFolder(from: string, to: string): Promise<number> {
  if (!existsSync(from)) return 0;
  await mkdir(to, { recursive: true });
  let n = 0;
  for (const name of (await readdir(from)).sort()) {
    if (TEMPORARY_NAME.test(name)) continue;
    if (await place(join(from, name), join(to, name))) n++;
  }
  return n;
}

export interface MergeSummary extends AssembleSummary {
  shards: number;
  placed: number;
}

export async function mergeShards(dirs: string[], outDir: string): Promise<MergeSummary> {
  if (dirs.length === 0) throw new MergeError('name the shard folders to merge');
  const shards = readShards(dirs);
  const first = shards[0];
  for (const s of shards.slice(1)) {
    const differences = identityDifferences(first.identity.dataset, s.identity.dataset, first.dir, `in ${s.dir}`);
    if (differences.length) throw new MergeError(`${s.dir} is not a shard of the same run as ${first.dir}: ${differences.join('; ')}`);
    if (s.count !== first.count) throw new MergeError(`${s.dir} is shard ${s.index}/${s.count}, ${first.dir} is one of ${first.count}`);
  }
  const byIndex = new Map<number, string>();
  for (const s of shards) {
    const prior = byIndex.get(s.index);
    if (prior) throw new MergeError(`shard ${s.index}/${s.count} given twice: ${prior} and ${s.dir}`);
    byIndex.set(s.index, s.dir);
  }
  const missing = Array.from({ length: first.count }, (_, i) => i).filter((i) => !byIndex.has(i));
  if (missing.length)
    throw new MergeError(
      `shard${missing.length > 1 ? 's' : ''} ${missing.map((i) => `${i}/${first.count}`).join(', ')} missing: merge needs all ${first.count}`,
    );
  const plan = await readFile(datasetPaths(first.dir).assemblyPlan, 'utf8');
  for (const s of shards.slice(1)) {
    if ((await readFile(datasetPaths(s.dir).assemblyPlan, 'utf8')) !== plan) {
      throw new MergeError(
        `${s.dir} read other complexes or split them otherwise than ${first.dir} (${RELATIVE.assemblyPlan} differs); were the inputs the same?`,
      );
    }
  }
  await checkParts(
    shards,
    versions(
      (await readAssemblyPlan(first.dir)).environment,
      taskIdsOf(first.identity).map((id) => taskById(id)!),
    ),
  );

  // The merged folder is a finished single run of the same options.
  try {
    await claimFolder(outDir, { dataset: first.identity.dataset, inputs: { ...first.identity.inputs, shard: null } });
  } catch (e) {
    if (e instanceof RunMismatchError) throw new MergeError(e.message);
    throw e;
  }
  let placed = 0;
  const to = datasetPaths(outDir);
  const from = datasetPaths(first.dir);
  await place(from.assemblyPlan, to.assemblyPlan);
  placed += await placeFolder(from.ingestDir, to.ingestDir);
  for (const s of shards) {
    const shard = datasetPaths(s.dir);
    placed += await placeFolder(shard.doneDir, to.doneDir);
    placed += await placeFolder(shard.images, to.images);
    placed += await placeFolder(shard.annotations, to.annotations);
  }
  let summary: AssembleSummary;
  try {
    summary = await assemble(outDir);
  } catch (e) {
    if (e instanceof RunMismatchError) throw new MergeError(e.message);
    throw e;
  }
  return { ...summary, shards: shards.length, placed };
}
