// The reject record (one line of `rejects.jsonl`) and the failure boundary every stage puts
// around one complex: whatever the work throws (an Error, a WebAssembly.Exception from
// RDKit, a string, a rejected promise) becomes one reject in plain words, attributed to the
// step the work had reached, and the run goes on. Bad input is normally reported by the
// readers as located diagnostics and never reaches a throw; a throw is a bug, so its reject
// carries `internal: true` and its stack goes to the error sink (`<out>/errors.log`), never
// to the terminal.

import { KnownError } from './known-error.ts';

/**
 * Where a complex failed: discover, read-ligand, read-pocket, read-protein, read-entry,
 * select-ligand, check, pocket-cut, ligand-chemistry, hbonds (ingest); plan, render,
 * records (generate).
 */
export type RejectStage =
  | 'discover'
  | 'read-ligand'
  | 'read-pocket'
  | 'read-protein'
  | 'read-entry'
  | 'select-ligand'
  | 'check'
  | 'pocket-cut'
  | 'ligand-chemistry'
  | 'hbonds'
  | 'plan'
  | 'render'
  | 'records';

export interface Reject {
  id: string;
  path: string;
  stage: string;
  reason: string;
  /** Present (true) when the cause was an unexpected exception: a bug, not bad input. */
  internal?: true;
}

/** Receives the details of an unexpected exception (for `<out>/errors.log`). */
export type ErrorSink = (entry: { id: string; path: string; stage: string; reason: string; detail: string }) => void;

/** The step a piece of work has reached; the work moves it on as it goes. */
export interface Step {
  stage: string;
  path: string;
  /** The complex (or question) the work is for; set by the boundary. */
  id?: string;
}

/**
 * Moves `step` on to `stage` (and `path`, when given). For the tests of the boundary,
 * `MISI_GEN_FAULT=stage:id,...` makes entering that stage for that complex throw, as a bug
 * there would; unset (always, outside tests): no effect.
 */
export function enterStage(step: Step & { id?: string }, stage: RejectStage, path?: string): void {
  step.stage = stage;
  if (path !== undefined) step.path = path;
  const faults = process.env.MISI_GEN_FAULT;
  if (faults && step.id !== undefined && faults.split(',').includes(`${stage}:${step.id}`)) {
    throw new Error(`fault injected for a test (MISI_GEN_FAULT=${stage}:${step.id})`);
  }
}

/** A thrown value in plain words: never "undefined" or "[object Object]". */
export function describeThrown(e: unknown): string {
  const wasm = (globalThis as { WebAssembly?: { Exception?: new (...a: never[]) => unknown } }).WebAssembly;
  if (wasm?.Exception && e instanceof wasm.Exception) return 'RDKit (WebAssembly) raised an exception';
  if (e instanceof Error) {
    const message = e.message.trim();
    return message ? (e.name && e.name !== 'Error' ? `${e.name}: ${message}` : message) : `${e.name || 'Error'} without a message`;
  }
  if (typeof e === 'string') return e.trim() || 'an empty error message';
  if (e === undefined || e === null) return `a ${String(e)} value was thrown`;
  if (typeof e === 'object') {
    try {
      const json = JSON.stringify(e);
      if (json && json !== '{}') return `a ${e.constructor?.name ?? 'non-Error'} object was thrown: ${json.slice(0, 300)}`;
    } catch {
      // JSON.stringify throws on a circular or BigInt value: the class name alone is said.
    }
    return `a ${e.constructor?.name ?? 'non-Error'} object was thrown`;
  }
  return `${typeof e} ${String(e)} was thrown`;
}

/** What the sink keeps of a thrown value: its stack when it has one. */
function detailOf(e: unknown): string {
  if (e instanceof Error && e.stack) return e.stack;
  return describeThrown(e);
}

/** The reject for a value thrown while at `step`, reported to `sink`. */
export function internalReject(id: string, step: Step, e: unknown, sink?: ErrorSink): Reject {
  const reason = `unexpected failure (a bug in misi-gen; details in errors.log): ${describeThrown(e)}`;
  const reject: Reject = { id, path: step.path, stage: step.stage, reason, internal: true };
  sink?.({ id, path: step.path, stage: step.stage, reason, detail: detailOf(e) });
  return reject;
}

/**
 * A failure that is about the run, not one complex (no browser, an input changed under a
 * resumed run): the boundary lets it through so the run stops with its message.
 */
export class RunStoppingError extends KnownError {}

/** Thrown values the boundary does not turn into a reject: run-stopping errors, a full disk. */
function stopsTheRun(e: unknown): boolean {
  const code = (e as { code?: unknown } | null)?.code;
  return e instanceof RunStoppingError || code === 'ENOSPC' || code === 'EDQUOT';
}

export type Guarded<T> = { ok: true; value: T } | { ok: false; reject: Reject };

/**
 * The failure boundary around one complex's work in one stage. `work` gets the step it
 * starts at and moves it on (`step.stage = 'hbonds'`) so a throw is attributed to the right
 * stage and file. Throws only what stops the whole run (RunStoppingError, a full disk).
 */
export async function guardComplex<T>(
  id: string,
  start: Step,
  work: (step: Step) => T | Promise<T>,
  sink?: ErrorSink,
): Promise<Guarded<T>> {
  const step: Step = { ...start, id };
  try {
    return { ok: true, value: await work(step) };
  } catch (e) {
    if (stopsTheRun(e)) throw e;
    return { ok: false, reject: internalReject(id, step, e, sink) };
  }
}

/** The same boundary for synchronous work (planning asks for complexes synchronously). */
export function guardComplexSync<T>(id: string, start: Step, work: (step: Step) => T, sink?: ErrorSink): Guarded<T> {
  const step: Step = { ...start, id };
  try {
    return { ok: true, value: work(step) };
  } catch (e) {
    if (stopsTheRun(e)) throw e;
    return { ok: false, reject: internalReject(id, step, e, sink) };
  }
}

/** Rejects counted per stage, internal ones apart: `3 read-ligand, 1 hbonds (1 internal)`. */
export function describeRejectCounts(rejects: readonly { stage?: unknown; internal?: unknown }[]): string {
  const perStage = new Map<string, number>();
  let internal = 0;
  for (const r of rejects) {
    const s = String(r.stage ?? 'unknown');
    perStage.set(s, (perStage.get(s) ?? 0) + 1);
    if (r.internal === true) internal++;
  }
  const parts = [...perStage].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([s, n]) => `${n} ${s}`);
  return `${parts.join(', ')}${internal ? `; ${internal} internal (bugs: see errors.log)` : ''}`;
}
