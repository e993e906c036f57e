// Every exit status of the command line, named once (README "Commands", docs/generate.md):
// 0 done; 1 nothing could be read, or the run could not go on; 2 a usage error, or a run
// refused before it started (an --out holding another command's output, a missing --index);
// 3 with --strict when something was rejected.
// A command returns one of these from its handler or throws; an error that is not a bug
// carries its kind of failure (structures/known-error.ts), which EXIT names the status of
// (pipeline/exit-code-of.ts). No command sets process.exitCode itself.

import { type FailureKind, KnownError } from '../structures/known-error.ts';

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

/** The exit status of each kind of failure. */
export function exitCodeOf(failure: FailureKind): ExitCode {
  return EXIT[failure];
}

/**
 * A command that cannot go on, in plain words: printed as `misi-gen <command>: <message>`,
 * exit status `exitCode` (1, or 2 for a run refused before it started).
 */
export class CommandFailure extends KnownError {
  constructor(
    message: string,
    readonly exitCode: typeof EXIT.failed | typeof EXIT.refused = EXIT.failed,
  ) {
    super(message);
  }

  override get failure(): FailureKind {
    return this.exitCode === EXIT.failed ? 'failed' : 'refused';
  }
}
