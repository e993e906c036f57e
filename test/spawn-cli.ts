// The misi-gen CLI run in its own process (and process group, as a job scheduler starts it),
// stderr kept, for tests that kill, resume or compare whole runs.
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { REPO } from './shared-structures.ts';

/** The CLI run from the source (test/source-cli.mjs), so a test never runs a stale dist/. */
export const BIN = join(REPO, 'test/source-cli.mjs');
/**
 * The quickest CLI that still runs the code as it is: under `npm test`, which built dist/ from
 * these sources just before (scripts/run-tests.js sets MISI_TEST_DIST_BUILT), the bin
 * (pipeline/bin/misi-gen.js, about half the start-up of the source); a file run alone takes
 * the source, so it never tests a stale dist/.
 */
export const CURRENT_CLI = process.env.MISI_TEST_DIST_BUILT === '1' ? join(REPO, 'pipeline/bin/misi-gen.js') : BIN;
/** Node arguments that run the CLI from the source. */
export const SOURCE_CLI = [BIN];

export interface CliRun {
  code: number | null;
  signal: NodeJS.Signals | null;
  stderr: string;
}

export function runCli(args: string[], cwd: string, env: Record<string, string> = {}): Promise<CliRun> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [BIN, ...args], {
      cwd,
      detached: true,
      stdio: ['ignore', 'ignore', 'pipe'],
      env: { ...process.env, ...env },
    });
    let stderr = '';
    child.stderr.on('data', (d) => {
      stderr += d;
    });
    child.on('error', reject);
    child.on('close', (code, signal) => resolve({ code, signal, stderr }));
  });
}
