// A full round trip through a real Slurm (scripts/cluster/setup-slurm.sh starts a one-node
// one; skipped when sbatch is absent or no controller answers): submit-all.sh submits a
// 3-shard array and the merge job with CPUs, memory and time from the environment; one
// shard task is requeued (killed by Slurm, as on preemption) once it has finished a complex,
// and resumes from its parts. The merged dataset passes `verify` (in the merge job) and
// equals, byte for byte, one `generate` run of the same options outside Slurm.

import assert from 'node:assert/strict';
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, test } from 'node:test';
import { assertSameDataset } from '../../same-dataset.ts';
import { HAVE_SHARED, REPO, SAMPLE, SHARED } from '../../shared-structures.ts';

const has = (cmd: string) => spawnSync('sh', ['-c', `command -v ${cmd}`]).status === 0;
const slurm = !has('sbatch')
  ? 'sbatch is not installed'
  : spawnSync('sinfo', ['-h'], { timeout: 10_000 }).status !== 0
    ? 'no Slurm controller answers (scripts/cluster/setup-slurm.sh starts a one-node Slurm)'
    : false;

// A few real complexes: the first 6 of ../shared's PDBbind (4 of them in shard 1/3), else the sample.
const STRUCTURES = HAVE_SHARED ? join(SHARED, 'pdbbind') : SAMPLE;
const OPTIONS = [
  '--tasks',
  'translation,translation_rotation,rotation_rotation',
  '--per-complex',
  'translation=1/1,translation_rotation=1/1,rotation_rotation=1/1',
  '--test-share',
  '0.5',
  '--seed',
  '11',
  ...(HAVE_SHARED ? ['--limit', '6'] : []),
];
const RESOURCES = { CPUS_PER_TASK: '1', MEM: '1500M', TIME_LIMIT: '0:30:00', MERGE_MEM: '1G', MERGE_TIME_LIMIT: '0:10:00' };
const root = mkdtempSync(join(tmpdir(), 'misi-slurm-'));
after(() => rmSync(root, { recursive: true, force: true }));

const sh = (cmd: string, args: string[]) => spawnSync(cmd, args, { encoding: 'utf8', timeout: 30_000 });
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
/** `scontrol show job` as key=value pairs (the first record), or null once Slurm forgot it. */
function job(id: string): Record<string, string> | null {
  const r = sh('scontrol', ['-o', 'show', 'job', id]);
  if (r.status !== 0) return null;
  return Object.fromEntries(
    r.stdout
      .split('\n')[0]
      .split(/\s+/)
      .map((kv) => kv.split(/=(.*)/s).slice(0, 2) as [string, string]),
  );
}
const doneParts = (dir: string) =>
  existsSync(join(dir, 'parts/done')) ? readdirSync(join(dir, 'parts/done')).filter((f) => !f.includes('.tmp')).length : 0;

function cli(args: string[]): Promise<{ code: number | null; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [join(REPO, 'test/source-cli.mjs'), ...args], { cwd: REPO, stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (d) => {
      stderr += d;
    });
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stderr }));
  });
}

test('Slurm: 3-shard array + merge job, one shard requeued mid-run, equals one generate byte for byte', {
  skip: slurm,
  timeout: 40 * 60_000,
}, async () => {
  const out = join(root, 'cluster');
  const submit = spawnSync(join(REPO, 'scripts/cluster/submit-all.sh'), [], {
    cwd: REPO,
    encoding: 'utf8',
    env: { ...process.env, SHARDS: '3', STRUCTURES, OUT: out, GENERATE_ARGS: OPTIONS.join(' '), ...RESOURCES },
  });
  assert.equal(submit.status, 0, submit.stderr);
  const [arrayId, mergeId] = submit.stdout.trim().split(/\s+/);
  assert.match(`${arrayId} ${mergeId}`, /^\d+ \d+$/, submit.stdout);
  const shard1 = `${arrayId}_1`;
  process.stderr.write(`slurm: array ${arrayId}, merge ${mergeId}\n`);

  // The array's resources are those of the environment.
  const task = job(`${arrayId}_0`)!;
  assert.equal(task.NumCPUs ?? task.MinCPUsNode, '1');
  assert.match(`${task.MinMemoryNode ?? task.MinMemoryCPU}`, /^1500M$/);
  assert.equal(task.TimeLimit, '00:30:00');

  // Requeue shard 1 once it has finished a complex but not its shard; then wait for the merge.
  let requeued = false;
  let released = false;
  const deadline = Date.now() + 35 * 60_000;
  for (;;) {
    assert.ok(Date.now() < deadline, 'the Slurm jobs did not finish in 35 minutes');
    for (const id of [`${arrayId}_0`, shard1, `${arrayId}_2`, mergeId]) {
      const j = job(id);
      assert.ok(
        !j || !/PartitionConfig|ReqNodeNotAvail|BadConstraints|DependencyNeverSatisfied/.test(j.Reason ?? ''),
        `job ${id} cannot run: ${j?.Reason}`,
      );
    }
    if (!requeued && doneParts(join(out, 'shard-1')) >= 1) {
      assert.ok(!existsSync(join(out, 'shard-1/parts/shard.json')), 'shard 1 finished before it could be requeued');
      const r = sh('scontrol', ['requeue', shard1]);
      assert.equal(r.status, 0, r.stderr);
      requeued = true;
      process.stderr.write(`slurm: requeued ${shard1} after ${doneParts(join(out, 'shard-1'))} complexes\n`);
    }
    // Slurm holds a requeued job ~2 minutes (BeginTime); let it start now to keep the test short.
    if (requeued && !released && job(shard1)?.Reason === 'BeginTime') {
      released = sh('scontrol', ['update', `jobid=${shard1}`, 'StartTime=now']).status === 0;
    }
    const merge = job(mergeId);
    if (merge && /COMPLETED|FAILED|CANCELLED|TIMEOUT|OUT_OF_MEMORY/.test(merge.JobState)) break;
    await sleep(500);
  }
  const mergeLog = readFileSync(join(out, 'logs/merge.log'), 'utf8');
  assert.equal(job(mergeId)!.JobState, 'COMPLETED', mergeLog);
  assert.ok(requeued, 'shard 1 was never requeued');
  assert.equal(job(shard1)!.Restarts, '1');
  assert.match(mergeLog, /merge: 3 shards/);
  assert.match(mergeLog, /verify: .*dataset: \d+ records and \d+ images match the manifest/);

  // The requeued task resumed: its second run found the first run's complexes done.
  // The first run was stopped before it finished; the second found its complexes done and drew the rest.
  const log1 = readFileSync(join(out, 'logs/shard-1.log'), 'utf8');
  const [firstRun, secondRun = ''] = log1.split(/^.*1 workers, restart 1$/m);
  assert.match(firstRun, /shard 1\/3: .*1 workers, restart 0/);
  assert.match(firstRun, /CANCELLED .* DUE TO JOB REQUEUE/);
  assert.doesNotMatch(firstRun, /generate: shard 1\/3: /, 'the requeued task went on to finish its shard');
  assert.match(secondRun, /generate: resuming .*shard-1: \d+ of \d+ complexes already done/, log1);
  const run1 = JSON.parse(readFileSync(join(out, 'shard-1/run.json'), 'utf8'));
  assert.ok(
    run1.complexes.resumed >= 1 && run1.complexes.resumed < run1.complexes.mine,
    `shard 1's second run resumed ${run1.complexes.resumed} of ${run1.complexes.mine} complexes`,
  );
  assert.ok(run1.images.rendered > 0, 'the second run drew nothing');
  assert.equal(run1.pages, 1, '--workers follows CPUS_PER_TASK');

  // One generate run of the same options, outside Slurm.
  const single = join(root, 'single');
  const r = await cli(['generate', '--structures', STRUCTURES, '--out', single, ...OPTIONS]);
  assert.equal(r.code, 0, r.stderr);
  assertSameDataset(join(out, 'dataset'), single);
  process.stderr.write(
    `slurm: shard 1 resumed ${run1.complexes.resumed} of ${run1.complexes.mine} complexes (${run1.images.existing} images kept, ${run1.images.rendered} drawn); ${mergeLog.trim().split('\n').join(' | ')}\n`,
  );
});
