// What the commands say about rejects at the end of a run, and `--strict`: the closing
// summary counts rejects per stage (internal ones, i.e. bugs, apart) and points at
// rejects.jsonl; with --strict a command exits 3 when any input or complex was rejected.
// A question that could not be planned (no partner complex, too few bonds...) is a
// property of the data, not a failure, and does not count for --strict.
import type { Argv } from 'yargs';
import { describeRejectCounts } from '../structures/reject.ts';

/** The exit status of --strict when something was rejected. */
export const STRICT_EXIT = 3;

type RejectLike = { stage?: unknown; internal?: unknown };

/** The rejects --strict counts: all but questions the plan could not make. */
export function strictRejects(rejects: readonly RejectLike[]): number {
  return rejects.filter((r) => !(r.stage === 'plan' && r.internal !== true)).length;
}

/** `13 rejects (1 discover, 12 select-ligand) listed in out/rejects.jsonl`, or `no rejects`. */
export function rejectSummary(rejects: readonly RejectLike[], file: string): string {
  if (rejects.length === 0) return 'no rejects';
  return `${rejects.length} reject${rejects.length === 1 ? '' : 's'} (${describeRejectCounts(rejects)}) listed in ${file}`;
}

export interface StrictArgs {
  strict?: boolean;
}

export function strictOption<T>(y: Argv<T>): Argv<T & StrictArgs> {
  return y.option('strict', { type: 'boolean', default: false, describe: `exit ${STRICT_EXIT} when any input or complex was rejected (questions that could not be planned do not count), for CI pipelines` }) as Argv<T & StrictArgs>;
}

/** Sets exit status 3 under --strict when `rejects` holds one that counts (a worse status stays). */
export function applyStrict(args: StrictArgs, rejects: readonly RejectLike[], log: (line: string) => void): void {
  if (!args.strict) return;
  const n = strictRejects(rejects);
  if (n === 0 || (process.exitCode !== undefined && Number(process.exitCode) !== 0)) return;
  log(`--strict: ${n} reject${n === 1 ? '' : 's'} that count${n === 1 ? 's' : ''}; exit status ${STRICT_EXIT}`);
  process.exitCode = STRICT_EXIT;
}
