// Which error means which exit status (pipeline/exit-codes.ts), for every command: the one
// mapping pipeline/cli.ts asks when a command threw. Its own module, apart from the statuses,
// because it names the library's errors (the reader, the renderer, the generate run), whose
// modules themselves use the statuses.

import { CommandFailure, EXIT, type ExitCode } from './exit-codes.ts';
import { UsageError } from './usage-error.ts';

/** What the command line prints for an error it knows, and the exit status; undefined for a bug. */
export interface Failure {
  code: ExitCode;
  /** The text for stderr, newline included. */
  text: string;
}

type ErrorClass = abstract new (...args: never[]) => Error;

/**
 * The library's errors that stop a command (the data, the machine or the folder, not a bug),
 * with the exit status each means. Loaded only when a command failed: these modules bring
 * the reader, the renderer and the split engines, which `--help` does not need.
 */
async function libraryFailures(): Promise<[ErrorClass, ExitCode][]> {
  const [ingest, browser, dataset, scoring, exporter, merge, mmseqs, identity, ingestStage, run] = await Promise.all([
    import('../structures/ingest.ts'),
    import('../renders/browser.ts'),
    import('./dataset/read-dataset.ts'),
    import('../qa/scoring/score-split.ts'),
    import('./export/run-export.ts'),
    import('./generate/merge-shards.ts'),
    import('./split/mmseqs-clusters.ts'),
    import('./generate/run-identity.ts'),
    import('./generate/ingest-stage.ts'),
    import('./generate/run-generate.ts'),
  ]);
  return [
    // A malformed --ligand selector, found by the reader: a usage error.
    [ingest.IngestUsageError, EXIT.usage],
    [browser.NoBrowserError, EXIT.failed],
    [dataset.DatasetReadError, EXIT.failed],
    [scoring.DatasetRecordError, EXIT.failed],
    [exporter.ExportError, EXIT.failed],
    [merge.MergeError, EXIT.failed],
    [mmseqs.MmseqsMissingError, EXIT.failed],
    // A folder holding a run of other options, or inputs changed under a run: the run stops.
    [identity.RunMismatchError, EXIT.failed],
    [ingestStage.InputChangedError, EXIT.failed],
    [run.SplitShortError, EXIT.failed],
  ];
}

const usageText = (message: string) => `misi-gen: ${message}\nRun 'misi-gen --help' for usage.\n`;

/**
 * What `error`, thrown while `command` ran (undefined: before a command was chosen), means
 * for the user: a usage error (one line with the help hint, exit 2), a command's own failure
 * (its message and status), or a known library error (its message, its status from the table
 * above). Anything else is a bug: undefined, and the caller shows it whole.
 */
export async function failureOf(error: unknown, command: string | undefined): Promise<Failure | undefined> {
  if (error instanceof UsageError) return { code: EXIT.usage, text: usageText(error.message) };
  const prefix = `misi-gen${command ? ` ${command}` : ''}: `;
  if (error instanceof CommandFailure) return { code: error.exitCode, text: `${prefix}${error.message}\n` };
  for (const [kind, code] of await libraryFailures()) {
    if (!(error instanceof kind)) continue;
    return { code, text: code === EXIT.usage ? usageText(error.message) : `${prefix}${error.message}\n` };
  }
  return undefined;
}
