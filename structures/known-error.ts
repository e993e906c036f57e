// The errors that stop a command for a reason of the data, the machine or the folder (not a
// bug): each class carries the kind of failure it means, which the command line turns into
// its exit status (pipeline/exit-code-of.ts, pipeline/exit-codes.ts). No list of classes to
// keep up: a new error class extends KnownError (or one of its kinds) and says its kind here,
// and test/pipeline/exit-code-of.test.ts fails for an exported error class that does not.
// In the lowest layer so that every layer's errors can say it.

/** usage: a bad flag or argument (exit 2, with the help hint); refused: a run refused before
 * it started (exit 2); failed: the run could not go on (exit 1). */
export type FailureKind = 'usage' | 'refused' | 'failed';

export class KnownError extends Error {
  /** The kind of failure every error of this class means (a subclass sets its own). */
  static readonly failure: FailureKind = 'failed';

  /** This error's kind of failure: its class's. */
  get failure(): FailureKind {
    return (this.constructor as typeof KnownError).failure;
  }
}
