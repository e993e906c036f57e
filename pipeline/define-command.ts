// One subcommand of the command line: its flags, declared once in the builder, and the
// handler, whose argument type yargs infers from that builder (so no second list of the
// flags). The handler writes through `io` (the process's streams, or a test's) and returns
// its exit status (pipeline/exit-codes.ts), or throws; pipeline/cli.ts runs it.
import type { ArgumentsCamelCase, Argv } from 'yargs';
import type { ExitCode } from './exit-codes.ts';

/** Where a command prints: its result on stdout, progress and diagnostics on stderr. */
export interface CommandIo {
  stdout: { write(text: string): unknown };
  stderr: { write(text: string): unknown };
  /**
   * Ends the process with this status, when the CLI is the process (the bin); absent when a
   * caller runs the CLI in its own process. Only for a command whose process must not wait
   * for what it leaves behind (setup-browser: an unanswered download request).
   */
  exit?: (status: number) => void;
}

/** A handler's outcome: an exit status, or nothing for 0. */
export type CommandResult = ExitCode | undefined;

export interface CommandDefinition<T> {
  builder: (y: Argv) => Argv<T>;
  handler: (args: ArgumentsCamelCase<T>, io: CommandIo) => CommandResult | Promise<CommandResult>;
}

/** The flags a builder declares, as their type: `InferredArgs<typeof builder>`. */
export type InferredArgs<B> = B extends (y: Argv) => Argv<infer T> ? T : never;

/** A command whose handler's arguments are what its builder declares. */
export function defineCommand<T>(definition: CommandDefinition<T>): CommandDefinition<T> {
  return definition;
}
