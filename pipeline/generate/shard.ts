// Sharding: `--shard i/n` gives shard i (0 <= i < n) the complexes whose id hashes to i, so
// n machines split the work without talking to each other. Only which complexes a run
// plans and draws depends on the shard; the split, seeds and partners are decided from
// every complex as in a single run. `--shard auto/n` takes i from the cluster engine.

import { createHash } from 'node:crypto';
import { UsageError } from '../usage-error.ts';

export interface Shard {
  index: number;
  count: number;
}

/** Array-job index variables, in the order they are looked for. */
const INDEX_VARIABLES: { name: string; engine: string; read: (env: NodeJS.ProcessEnv) => string | undefined }[] = [
  { name: 'JOB_COMPLETION_INDEX', engine: 'Kubernetes Indexed Job', read: (e) => e.JOB_COMPLETION_INDEX },
  { name: 'AWS_BATCH_JOB_ARRAY_INDEX', engine: 'AWS Batch array job', read: (e) => e.AWS_BATCH_JOB_ARRAY_INDEX },
  {
    name: 'SLURM_ARRAY_TASK_ID',
    engine: 'Slurm array',
    read: (e) =>
      e.SLURM_ARRAY_TASK_ID === undefined ? undefined : String(Number(e.SLURM_ARRAY_TASK_ID) - Number(e.SLURM_ARRAY_TASK_MIN ?? 0)),
  },
];

/**
 * Parses `i/n` or `auto/n`. Throws a UsageError with a one-line message naming the problem.
 */
export function parseShard(text: string, env: NodeJS.ProcessEnv = process.env): Shard {
  const m = /^\s*(\d+|auto)\s*\/\s*(\d+)\s*$/.exec(text);
  if (!m) throw new UsageError(`--shard: '${text}' is not i/n or auto/n (e.g. 0/4)`);
  const count = Number(m[2]);
  if (count < 1) throw new UsageError(`--shard: the shard count must be at least 1 (got ${count})`);
  let index: number;
  if (m[1] === 'auto') {
    const found = INDEX_VARIABLES.find((v) => v.read(env) !== undefined);
    if (!found) throw new UsageError(`--shard auto/${count}: none of ${INDEX_VARIABLES.map((v) => v.name).join(', ')} is set`);
    index = Number(found.read(env));
    if (!Number.isInteger(index))
      throw new UsageError(`--shard auto/${count}: ${found.name} (${found.engine}) does not give a whole number`);
  } else {
    index = Number(m[1]);
  }
  if (!(index >= 0 && index < count)) throw new UsageError(`--shard: index ${index} is not in 0..${count - 1}`);
  return { index, count };
}

export function formatShard(s: Shard): string {
  return `${s.index}/${s.count}`;
}

/** The shard a complex belongs to: the first 8 hex digits of sha256(id), modulo the count. */
export function shardOfComplex(id: string, count: number): number {
  return parseInt(createHash('sha256').update(id).digest('hex').slice(0, 8), 16) % count;
}

export function inShard(id: string, shard: Shard | undefined): boolean {
  return !shard || shardOfComplex(id, shard.count) === shard.index;
}
