// The misi-gen CLI run in its own process (and process group, as a job scheduler starts it),
// stderr kept, for tests that kill, resume or compare whole runs.
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { REPO } from './shared-structures.ts';

/** The installed command (runs dist/): for tests of the package as shipped. */
export const BIN = join(REPO, 'pipeline/bin/misi-gen.js');
/** Node arguments that run the CLI from the source (test/source-cli.ts), never a stale build. */
export const SOURCE_CLI = ['--import', import.meta.resolve('tsx'), join(REPO, 'test/source-cli.ts')];

export interface CliRun { code: number | null; signal: NodeJS.Signals | null; stderr: string }

export function runCli(args: string[], cwd: string, env: Record<string, string> = {}): Promise<CliRun> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [...SOURCE_CLI, ...args], { cwd, detached: true, stdio: ['ignore', 'ignore', 'pipe'], env: { ...process.env, ...env } });
    let stderr = '';
    child.stderr.on('data', (d) => { stderr += d; });
    child.on('error', reject);
    child.on('close', (code, signal) => resolve({ code, signal, stderr }));
  });
}
