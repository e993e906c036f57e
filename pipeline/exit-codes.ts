// Every exit status of the command line, named once (README "Commands", docs/generate.md):
// 0 done; 1 nothing could be read, or the run could not go on; 2 a usage error, or a run
// refused before it started (an --out holding another command's output, a missing --index);
// 3 with --strict when something was rejected.
// A command returns one of these from its handler or throws; which error means which status
// is decided in one place, pipeline/exit-code-of.ts. No command sets process.exitCode itself.

export const EXIT = {
  ok: 0,
  /** Nothing could be read, or the run could not go on (no browser, a dataset that cannot be read...). */
  failed: 1,
  /** A bad flag or argument, said in one line with the help hint. */
  usage: 2,
  /** A run refused before it started (an --out holding another command's output, an input file that is not there). */
  refused: 2,
  /** --strict: an input or complex was rejected, or the audit flagged a task. */
  strict: 3,
} as const;

export type ExitCode = (typeof EXIT)[keyof typeof EXIT];

/**
 * A command that cannot go on, in plain words: printed as `misi-gen <command>: <message>`,
 * exit status `exitCode`.
 */
export class CommandFailure extends Error {
  constructor(
    message: string,
    readonly exitCode: ExitCode = EXIT.failed,
  ) {
    super(message);
  }
}
