// A built copy of an older commit of this repository, for benchmarks that run its CLI beside
// today's (scripts/bench-generate.ts --baseline). One build per commit is kept in
// <tmpdir>/misi-gen-baselines/<full hash> and reused: the commit's files from `git archive`
// (no worktree registered), then `npm ci` there, whose `prepare` compiles dist/ and finds the
// browser (the npm registry is the only network it needs). A build is made in a side folder
// and renamed into place when complete, so a failed or interrupted one is never reused.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, renameSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface BaselineBuild {
  /** The ref as given. */
  ref: string;
  hash: string;
  /** First 7 characters of the hash. */
  short: string;
  /** The build's folder. */
  dir: string;
  /** The commit's CLI (package.json's `bin`), an absolute path to run with node. */
  cli: string;
}

export class BaselineError extends Error {}

export const BASELINE_CACHE = join(tmpdir(), 'misi-gen-baselines');

function git(repo: string, args: string[]): string {
  const r = spawnSync('git', ['-C', repo, ...args], { encoding: 'utf8' });
  if (r.error) throw new BaselineError(`git ${args.join(' ')}: ${r.error.message}`);
  if (r.status !== 0) throw new BaselineError(`git ${args.join(' ')}: ${(r.stderr || '').trim() || `exit ${r.status}`}`);
  return r.stdout;
}

/** The full hash of `ref` in `repo`, or a BaselineError naming the ref. */
export function resolveCommit(repo: string, ref: string): string {
  const r = spawnSync('git', ['-C', repo, 'rev-parse', '--verify', '--quiet', `${ref}^{commit}`], { encoding: 'utf8' });
  const hash = r.status === 0 ? r.stdout.trim() : '';
  if (!/^[0-9a-f]{40}$/.test(hash)) throw new BaselineError(`--baseline: '${ref}' is not a commit of ${repo}`);
  return hash;
}

/** The CLI path of the commit (its package.json's `bin`), relative to the repository root. */
function binPath(repo: string, hash: string): string {
  let pkg: { bin?: string | Record<string, string> };
  try {
    pkg = JSON.parse(git(repo, ['show', `${hash}:package.json`]));
  } catch (e) {
    throw new BaselineError(`--baseline ${hash.slice(0, 7)}: no readable package.json (${(e as Error).message})`);
  }
  const bin = typeof pkg.bin === 'string' ? pkg.bin : (pkg.bin?.['misi-gen'] ?? Object.values(pkg.bin ?? {})[0]);
  if (!bin) throw new BaselineError(`--baseline ${hash.slice(0, 7)}: package.json has no bin`);
  return bin.replace(/^\.\//, '');
}

const complete = (dir: string, bin: string) =>
  existsSync(join(dir, bin)) && existsSync(join(dir, 'dist')) && existsSync(join(dir, 'node_modules'));

/**
 * The built commit `ref` of `repo`, built now unless the cache holds it. Messages go to
 * `say` (stderr in the benchmark); npm's own output goes to stderr as well.
 */
export function baselineBuild(repo: string, ref: string, say: (line: string) => void): BaselineBuild {
  const hash = resolveCommit(repo, ref);
  const short = hash.slice(0, 7);
  const bin = binPath(repo, hash);
  const dir = join(BASELINE_CACHE, hash);
  const result = { ref, hash, short, dir, cli: join(dir, bin) };
  if (complete(dir, bin)) {
    say(`baseline ${short} (${ref}): reusing the build in ${dir}`);
    return result;
  }
  if (existsSync(dir)) {
    say(`baseline ${short}: ${dir} is incomplete; building it again`);
    rmSync(dir, { recursive: true, force: true });
  }
  const staging = `${dir}.building-${process.pid}`;
  rmSync(staging, { recursive: true, force: true });
  mkdirSync(staging, { recursive: true });
  try {
    say(`building baseline ${short} in ${dir} (git archive | tar)`);
    const archive = spawnSync('sh', ['-c', 'git -C "$1" archive "$2" | tar -x -C "$3"', 'sh', repo, hash, staging], {
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    if (archive.status !== 0) throw new BaselineError(`baseline ${short}: git archive | tar failed (exit ${archive.status})`);
    say(`building baseline ${short} in ${dir} (npm ci)`);
    const t0 = performance.now();
    // --include=dev: the prepare script compiles with the commit's own TypeScript, a dev
    // dependency, even where NODE_ENV=production or npm_config_omit would leave it out.
    const npm = spawnSync('npm', ['ci', '--include=dev', '--no-audit', '--no-fund'], {
      cwd: staging,
      stdio: ['ignore', 2, 'inherit'], // npm's output to stderr: stdout is the benchmark's report
    });
    if (npm.error) throw new BaselineError(`baseline ${short}: npm ci: ${npm.error.message}`);
    if (npm.status !== 0) throw new BaselineError(`baseline ${short}: npm ci failed (exit ${npm.status}; its output is above)`);
    if (!complete(staging, bin)) throw new BaselineError(`baseline ${short}: npm ci left no ${bin}, dist/ or node_modules/ in ${staging}`);
    try {
      renameSync(staging, dir);
    } catch (e) {
      // Another benchmark finished the same build first: use that one.
      if (!complete(dir, bin)) throw e;
      rmSync(staging, { recursive: true, force: true });
    }
    say(`baseline ${short} built in ${((performance.now() - t0) / 1000).toFixed(0)} s`);
    return result;
  } catch (e) {
    rmSync(staging, { recursive: true, force: true });
    throw e;
  }
}
