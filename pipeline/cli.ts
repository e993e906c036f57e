// The command line: parse and check arguments, then call the library. Each subcommand lives
// in pipeline/commands/<name>.ts and is registered in the list below.
import yargs from 'yargs';
import type { CommandModule } from 'yargs';
import { IngestUsageError } from '../structures/ingest.ts';
import { ingestCommand } from './commands/ingest.ts';
import { hbondsCommand } from './commands/hbonds.ts';
import { renderCommand } from './commands/render.ts';
import { scoreCommand } from './commands/score.ts';
import { generateCommand } from './commands/generate.ts';
import { statsCommand } from './commands/stats.ts';
import { splitCommand } from './commands/split.ts';
import { exportCommand } from './commands/export.ts';
import { previewCommand } from './commands/preview.ts';
import { mergeCommand } from './commands/merge.ts';
import { benchCommand } from './commands/bench.ts';
import { verifyCommand } from './commands/verify.ts';
import { evalCommand } from './commands/eval.ts';

/** Subcommands, in the order `--help` lists them. Add a new one here. */
const COMMANDS: CommandModule<any, any>[] = [ingestCommand, hbondsCommand, renderCommand, scoreCommand, evalCommand, generateCommand, statsCommand, previewCommand, splitCommand, exportCommand, mergeCommand, verifyCommand, benchCommand];

/** A usage error: printed as one line with the help hint, exit status 2. */
export class UsageError extends Error {}

/** Runs the CLI on `argv` (without node and script) and returns the exit status. */
export async function main(argv: string[]): Promise<number> {
  const parser = yargs(argv)
    .scriptName('misi-gen')
    .usage('$0 <command> [options]\n\nRegenerates MiSI-Bench from protein-ligand structures.')
    .strict()
    .demandCommand(1, `Name a command: ${COMMANDS.map((c) => String(c.command).split(' ')[0]).join(', ')}.`)
    .recommendCommands()
    .wrap(Math.min(100, process.stdout.columns || 100))
    // yargs calls this with a message for bad arguments (unknown options, bad choices, a
    // failed .check) and with only an error when a handler threw: the first is a usage
    // error (one line, exit 2, and the handler does not run), the second a bug to show whole.
    .fail((msg, err) => {
      if (msg == null && err) throw err;
      throw new UsageError(msg ?? String(err));
    })
    .help()
    .version();
  for (const c of COMMANDS) parser.command(c);
  try {
    await parser.parseAsync();
  } catch (err) {
    // A bad option found by the library (e.g. a malformed --ligand selector) is a usage error too.
    if (err instanceof UsageError || err instanceof IngestUsageError) {
      process.stderr.write(`misi-gen: ${err.message}\nRun 'misi-gen --help' for usage.\n`);
      return 2;
    }
    throw err;
  }
  // Handlers report their outcome through process.exitCode.
  return Number(process.exitCode ?? 0);
}
