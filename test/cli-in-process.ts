// The misi-gen CLI run in the test's own process (pipeline/cli.ts runCli): the exit status
// and what the command printed, as spawnSync gives them, without starting a process. For
// tests whose subject is the process itself (signals, the bin, stdin/stdout piping, a crash)
// test/spawn-cli.ts spawns one.
import { runCli } from '../pipeline/cli.ts';

export interface CliOutput {
  /** The exit status the process would have ended with. */
  status: number;
  stdout: string;
  stderr: string;
}

export interface InProcessOptions {
  /** The working folder while the command runs (restored after). */
  cwd?: string;
  /** Environment variables set while the command runs (undefined: unset), restored after. */
  env?: Record<string, string | undefined>;
}

/** Runs `misi-gen <args>` in this process; resolves when the command is done. One at a time. */
export async function cli(args: readonly string[], o: InProcessOptions = {}): Promise<CliOutput> {
  let stdout = '';
  let stderr = '';
  const io = { stdout: { write: (t: string) => (stdout += t) }, stderr: { write: (t: string) => (stderr += t) } };
  const cwd = process.cwd();
  const saved = Object.entries(o.env ?? {}).map(([k]) => [k, process.env[k]] as const);
  const setEnv = (k: string, v: string | undefined) => (v === undefined ? delete process.env[k] : (process.env[k] = v));
  for (const [k, v] of Object.entries(o.env ?? {})) setEnv(k, v);
  if (o.cwd) process.chdir(o.cwd);
  try {
    const status = await runCli([...args], io);
    return { status, stdout, stderr };
  } finally {
    if (o.cwd) process.chdir(cwd);
    for (const [k, v] of saved) setEnv(k, v);
  }
}
