// What an error thrown by a command means for the user: the one mapping pipeline/cli.ts asks
// when a command threw. An error that is not a bug is a KnownError and carries its kind of
// failure (structures/known-error.ts: every error class of the package says its own, so no
// list here can forget one; test/pipeline/exit-code-of.test.ts checks each exported class).

import { KnownError } from '../structures/known-error.ts';
import { type ExitCode, exitCodeOf } from './exit-codes.ts';

/** What the command line prints for an error it knows, and the exit status; undefined for a bug. */
export interface Failure {
  code: ExitCode;
  /** The text for stderr, newline included. */
  text: string;
}

const usageText = (message: string) => `misi-gen: ${message}\nRun 'misi-gen --help' for usage.\n`;

/**
 * What `error`, thrown while `command` ran (undefined: before a command was chosen), means
 * for the user: a usage error (one line with the help hint, exit 2), or a failure of the
 * data, the machine or the folder (its message after the command's name, its status).
 * Anything else is a bug: undefined, and the caller shows it whole.
 */
export function failureOf(error: unknown, command: string | undefined): Failure | undefined {
  if (!(error instanceof KnownError)) return undefined;
  const code = exitCodeOf(error.failure);
  if (error.failure === 'usage') return { code, text: usageText(error.message) };
  return { code, text: `misi-gen${command ? ` ${command}` : ''}: ${error.message}\n` };
}
