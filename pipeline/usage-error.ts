// A usage error: printed by the CLI (pipeline/cli.ts) as one line with the help hint, exit
// status 2. Its own module, so a command can throw it without importing the CLI.

import { type FailureKind, KnownError } from '../structures/known-error.ts';
export class UsageError extends KnownError {
  static override readonly failure: FailureKind = 'usage';
}
