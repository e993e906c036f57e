// The Kubernetes files of scripts/cluster, filled by k8s-render.sh from the environment,
// parse as YAML (PyYAML; kubectl needs a cluster even for a client dry run) and have the
// shape the Job controller needs: an Indexed Job whose completions, parallelism, --shard n,
// --workers, requests and limits follow the variables, and a merge Job over every shard
// folder; both run the image through its entrypoint (no command of their own).

import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { REPO } from '../../shared-structures.ts';

const RENDER = join(REPO, 'scripts/cluster/k8s-render.sh');
const hasYaml = spawnSync('python3', ['-c', 'import yaml'], { stdio: 'ignore' }).status === 0;
const hasEnvsubst = spawnSync('sh', ['-c', 'command -v envsubst'], { stdio: 'ignore' }).status === 0;
const skip = !hasYaml
  ? 'python3 with PyYAML (Debian python3-yaml) is not installed'
  : !hasEnvsubst
    ? 'envsubst (Debian gettext-base) is not installed'
    : false;

/** Every YAML document of `text`, as JSON values. */
function parseYaml(text: string): any[] {
  const r = spawnSync('python3', ['-c', 'import sys, yaml, json; print(json.dumps(list(yaml.safe_load_all(sys.stdin))))'], {
    input: text,
    encoding: 'utf8',
  });
  assert.equal(r.status, 0, r.stderr);
  return JSON.parse(r.stdout);
}

function render(file: string, env: Record<string, string>): string {
  const r = spawnSync(RENDER, [file], { encoding: 'utf8', env: { PATH: process.env.PATH, ...env } });
  assert.equal(r.status, 0, r.stderr);
  const body = r.stdout
    .split('\n')
    .filter((l) => !l.trimStart().startsWith('#'))
    .join('\n');
  assert.doesNotMatch(body, /\$\{/, 'a placeholder (dollar and brace) was left unfilled');
  return r.stdout;
}

const ENV = {
  IMAGE: 'registry.test/misi-gen:9.9.9',
  SHARDS: '5',
  PARALLELISM: '2',
  CPUS_PER_TASK: '3',
  MEM: '5Gi',
  TIME_LIMIT_SECONDS: '3600',
  GENERATE_ARGS: '--tasks translation --seed 7',
};

test('the Dockerfile runs misi-gen as its entrypoint', () => {
  const dockerfile = readFileSync(join(REPO, 'Dockerfile'), 'utf8');
  assert.match(dockerfile, /^ENTRYPOINT \[.*"misi-gen"\]$/m);
});

test('k8s-indexed-job.yaml: an Indexed Job whose counts and resources follow the environment', { skip }, () => {
  const docs = parseYaml(render('k8s-indexed-job.yaml', ENV));
  assert.equal(docs.length, 1);
  const job = docs[0];
  assert.equal(job.apiVersion, 'batch/v1');
  assert.equal(job.kind, 'Job');
  assert.equal(job.metadata.name, 'misi-gen-shards');
  assert.equal(job.spec.completionMode, 'Indexed');
  assert.equal(job.spec.completions, 5);
  assert.equal(job.spec.parallelism, 2);
  assert.equal(typeof job.spec.backoffLimitPerIndex, 'number');
  assert.equal(job.spec.template.spec.restartPolicy, 'Never', 'podFailurePolicy and backoffLimitPerIndex need restartPolicy Never');
  assert.equal(job.spec.template.spec.activeDeadlineSeconds, 3600);
  const [c] = job.spec.template.spec.containers;
  assert.equal(c.image, ENV.IMAGE);
  assert.equal(c.command, undefined, "the image's entrypoint runs misi-gen");
  assert.ok(
    c.args.every((a: unknown) => typeof a === 'string'),
    'every argument is a string',
  );
  assert.equal(c.args[0], 'generate');
  const arg = (flag: string) => c.args[c.args.indexOf(flag) + 1];
  assert.equal(arg('--shard'), 'auto/5');
  assert.equal(arg('--workers'), '3');
  assert.equal(arg('--out'), '/data/out/shard-$(JOB_COMPLETION_INDEX)');
  assert.equal(arg('--tasks'), 'translation');
  assert.equal(arg('--seed'), '7');
  assert.ok(
    c.env.some((e: any) => e.name === 'JOB_COMPLETION_INDEX'),
    'JOB_COMPLETION_INDEX is declared, so $(...) expands',
  );
  assert.deepEqual(c.resources, { requests: { cpu: '3', memory: '5Gi' }, limits: { cpu: '3', memory: '5Gi' } });
  const volumes = job.spec.template.spec.volumes.map((v: any) => v.name).sort();
  assert.deepEqual(c.volumeMounts.map((m: any) => m.name).sort(), volumes);
});

test('k8s-merge-job.yaml: merges every shard folder, then verifies, through the entrypoint', { skip }, () => {
  const [job] = parseYaml(render('k8s-merge-job.yaml', ENV));
  assert.equal(job.kind, 'Job');
  assert.equal(job.spec.template.spec.restartPolicy, 'Never');
  const [merge] = job.spec.template.spec.initContainers;
  const [verify] = job.spec.template.spec.containers;
  for (const c of [merge, verify]) {
    assert.equal(c.image, ENV.IMAGE);
    assert.equal(c.command, undefined);
  }
  assert.deepEqual(merge.args, ['merge', ...[0, 1, 2, 3, 4].map((i) => `/data/out/shard-${i}`), '--out', '/data/out/dataset']);
  assert.deepEqual(verify.args, ['verify', '/data/out/dataset']);
});

test('k8s-render.sh: defaults fill every variable; a bad SHARDS is refused', { skip }, () => {
  const [job] = parseYaml(render('k8s-indexed-job.yaml', {}));
  assert.equal(job.spec.completions, 16);
  assert.equal(job.spec.parallelism, 16);
  const r = spawnSync(RENDER, ['k8s-indexed-job.yaml'], { encoding: 'utf8', env: { PATH: process.env.PATH, SHARDS: 'x' } });
  assert.equal(r.status, 1);
  assert.match(r.stderr, /SHARDS must be a whole number/);
});
