// What the commands say about rejects at the end of a run, and `--strict`: the closing
// summary counts rejects per stage (internal ones, i.e. bugs, apart), names the first few
// ids of each stage and points at rejects.jsonl; with --strict a command exits 3 when any input or complex was rejected.
// A question that could not be planned (no partner complex, too few bonds...) is a
// property of the data, not a failure, and does not count for --strict.
import type { Argv } from 'yargs';
import { describeRejectCounts } from '../structures/reject.ts';
import { EXIT, type ExitCode } from './exit-codes.ts';

/** The exit status of --strict when something was rejected. */
export const STRICT_EXIT = EXIT.strict;

type RejectLike = { stage?: unknown; internal?: unknown; id?: unknown };

/** How many ids of each kind a summary names before `and N more`. */
export const FIRST_IDS = 3;

/** `1abc, 2def, 3ghi and 4 more` (sorted, each once). */
export function firstIds(ids: Iterable<string>, n = FIRST_IDS): string {
  const all = [...new Set(ids)].sort();
  return all.slice(0, n).join(', ') + (all.length > n ? ` and ${all.length - n} more` : '');
}

/** `plan: 1abc/translation-0, ...; discover: empty` (stages sorted), or '' when no reject has an id. */
function idsByStage(rejects: readonly RejectLike[]): string {
  const byStage = new Map<string, string[]>();
  for (const r of rejects) {
    if (typeof r.id !== 'string' || r.id === '') continue;
    const s = String(r.stage ?? 'unknown');
    byStage.set(s, [...(byStage.get(s) ?? []), r.id]);
  }
  return [...byStage]
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([s, ids]) => `${s}: ${firstIds(ids)}`)
    .join('; ');
}

/** The rejects --strict counts: all but questions the plan could not make. */
export function strictRejects(rejects: readonly RejectLike[]): number {
  return rejects.filter((r) => !(r.stage === 'plan' && r.internal !== true)).length;
}

/**
 * `13 rejects (1 discover, 12 select-ligand) listed in out/rejects.jsonl; first ids:
 * discover: 9xyz; select-ligand: 1abc, 2def, 3ghi and 9 more`, or `no rejects`.
 */
export function rejectSummary(rejects: readonly RejectLike[], file: string): string {
  if (rejects.length === 0) return 'no rejects';
  const ids = idsByStage(rejects);
  return `${rejects.length} reject${rejects.length === 1 ? '' : 's'} (${describeRejectCounts(rejects)}) listed in ${file}${ids ? `; first ids: ${ids}` : ''}`;
}

/** What applyStrict reads of a command's flags (strictOption declares the flag). */
export interface StrictArgs {
  strict?: boolean;
}

/** What --strict counts, by command: the rejects each can have. */
const STRICT_COUNTS: Record<string, string> = {
  fetch: 'any entry could not be fetched or failed its check, or a line of a list could not be read',
  generate: 'any input or complex was rejected (questions that could not be planned do not count)',
  merge: 'any input or complex was rejected (questions that could not be planned do not count)',
};

export function strictOption<T>(y: Argv<T>, command?: string) {
  const counts = STRICT_COUNTS[command ?? ''] ?? 'any input or complex was rejected';
  return y.option('strict', { type: 'boolean', default: false, describe: `exit ${STRICT_EXIT} when ${counts}, for CI pipelines` });
}

/**
 * The exit status of a run that got this far with status `status`: under --strict, 3 (said
 * through `log`) when `rejects` holds one that counts; a worse status than 0 stays.
 */
export function applyStrict(
  args: StrictArgs,
  rejects: readonly RejectLike[],
  log: (line: string) => void,
  status: ExitCode = EXIT.ok,
): ExitCode {
  if (!args.strict || status !== EXIT.ok) return status;
  const n = strictRejects(rejects);
  if (n === 0) return status;
  log(`--strict: ${n} reject${n === 1 ? '' : 's'} that count${n === 1 ? 's' : ''}; exit status ${STRICT_EXIT}`);
  return STRICT_EXIT;
}
