// `merge`: the shard folders of one run (generate --shard i/n, every i once, each finished)
// joined into one dataset folder, byte-identical to a single run with the same options:
// the parts, images and annotations are gathered (hard links where the file system allows,
// copies otherwise, each under a temporary name), then the dataset is assembled from the
// parts exactly as `generate` does (assemble.ts).
import { existsSync } from 'node:fs';
import { copyFile, link, mkdir, readdir, readFile, rename, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { assemble, type AssembleSummary } from './assemble.ts';
import { claimFolder, describeDifference, firstDifference, PARTS_DIR, readIdentity, RunMismatchError, type RunIdentity } from './run-identity.ts';
import { parseShard } from './shard.ts';
import { HBOND_RULES_VERSION } from '../../structures/hbonds/rules-version.ts';

/** A shard folder that cannot be merged (missing, unfinished, another run): the message says which and why. */
export class MergeError extends Error {}

interface ShardFolder {
  dir: string;
  identity: RunIdentity;
  index: number;
  count: number;
}

async function readShard(dir: string): Promise<ShardFolder> {
  const identity = readIdentity(dir);
  if (!identity) throw new MergeError(`${dir}: not a generate output folder (no ${PARTS_DIR}/run.json)`);
  const text = identity.inputs.shard;
  if (typeof text !== 'string') throw new MergeError(`${dir}: a run without --shard; merge joins the folders of generate --shard i/n`);
  const { index, count } = parseShard(text);
  if (!existsSync(join(dir, PARTS_DIR, 'shard.json'))) throw new MergeError(`${dir}: shard ${text} is not finished; run the same generate command again to finish it`);
  const rules = identity.dataset.hbondRules;
  if (rules !== HBOND_RULES_VERSION) throw new MergeError(`${dir}: made under H-bond rules version ${rules ?? '1 (not recorded)'}, this misi-gen uses ${HBOND_RULES_VERSION} (versions.hbondRules); generate the shards again`);
  return { dir, identity, index, count };
}

/** Puts `from` at `to` (a hard link, or a copy) unless `to` exists; never a half-written `to`. */
async function place(from: string, to: string): Promise<boolean> {
  if (existsSync(to)) return false;
  const tmp = `${to}.tmp-${process.pid}`;
  await rm(tmp, { force: true });
  try {
    await link(from, tmp);
  } catch {
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
    if (/\.tmp(-\d+)?$/.test(name)) continue;
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
  const shards: ShardFolder[] = [];
  for (const d of dirs) shards.push(await readShard(d));
  const first = shards[0];
  for (const s of shards.slice(1)) {
    const d = firstDifference(first.identity.dataset, s.identity.dataset);
    if (d) throw new MergeError(`${s.dir} is not a shard of the same run as ${first.dir}: ${describeDifference(d, first.dir, `in ${s.dir}`)}`);
    if (s.count !== first.count) throw new MergeError(`${s.dir} is shard ${s.index}/${s.count}, ${first.dir} is one of ${first.count}`);
  }
  const byIndex = new Map<number, string>();
  for (const s of shards) {
    const prior = byIndex.get(s.index);
    if (prior) throw new MergeError(`shard ${s.index}/${s.count} given twice: ${prior} and ${s.dir}`);
    byIndex.set(s.index, s.dir);
  }
  const missing = Array.from({ length: first.count }, (_, i) => i).filter((i) => !byIndex.has(i));
  if (missing.length) throw new MergeError(`shard${missing.length > 1 ? 's' : ''} ${missing.map((i) => `${i}/${first.count}`).join(', ')} missing: merge needs all ${first.count}`);
  const plan = await readFile(join(first.dir, PARTS_DIR, 'assembly.json'), 'utf8');
  for (const s of shards.slice(1)) {
    if ((await readFile(join(s.dir, PARTS_DIR, 'assembly.json'), 'utf8')) !== plan) {
      throw new MergeError(`${s.dir} read other complexes or split them otherwise than ${first.dir} (${PARTS_DIR}/assembly.json differs); were the inputs the same?`);
    }
  }

  // The merged folder is a finished single run of the same options.
  try {
    await claimFolder(outDir, { dataset: first.identity.dataset, inputs: { ...first.identity.inputs, shard: null } });
  } catch (e) {
    if (e instanceof RunMismatchError) throw new MergeError(e.message);
    throw e;
  }
  let placed = 0;
  await place(join(first.dir, PARTS_DIR, 'assembly.json'), join(outDir, PARTS_DIR, 'assembly.json'));
  placed += await placeFolder(join(first.dir, PARTS_DIR, 'ingest'), join(outDir, PARTS_DIR, 'ingest'));
  for (const s of shards) {
    placed += await placeFolder(join(s.dir, PARTS_DIR, 'done'), join(outDir, PARTS_DIR, 'done'));
    placed += await placeFolder(join(s.dir, 'images'), join(outDir, 'images'));
    placed += await placeFolder(join(s.dir, 'annotations'), join(outDir, 'annotations'));
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
