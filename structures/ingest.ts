// Ingestion: paths in, typed complexes and rejects out. Bad input never stops the run; each
// problem becomes one reject naming the file and the reason.

import { readFile } from 'node:fs/promises';
import { isAbsolute, relative } from 'node:path';
import { type BuildOptions, buildFromEntry, buildFromFolder } from './build-complex.ts';
import { discoverInputs, type InputJob } from './discover.ts';
import { type HBondOptions, storeHBonds } from './hbonds/find-hbonds.ts';
import { type FailureKind, KnownError } from './known-error.ts';
import { type LigandRequest, parseLigandRequest } from './ligand-of-interest.ts';
import type { Complex } from './model.ts';
import { type ErrorSink, enterStage, guardComplex, type Reject } from './reject.ts';

export type { Reject } from './reject.ts';

export interface IngestOptions extends BuildOptions {
  /** `RES:CHAIN:NUMBER` or a residue name: the ligand of every whole entry given. */
  ligand?: string;
  /**
   * A TSV of entry id and selector (header `entry<TAB>ligand`), for many entries. Without it
   * (or for entries it does not list), a `ligands.tsv` beside the entry files is read.
   */
  ligandsFile?: string;
  /**
   * Compute the ligand-pocket H-bonds of each complex and store them on it (`hbonds`), with
   * these criteria; absent: not computed.
   */
  hbonds?: HBondOptions;
  /** Receives the stack of every unexpected exception (a bug), e.g. for `<out>/errors.log`. */
  onError?: ErrorSink;
  /** Called after each input with the running counts (for progress output). */
  onProgress?: (done: number, total: number) => void;
}

export interface IngestResult {
  /** Sorted by id. */
  complexes: Complex[];
  rejects: Reject[];
}

/**
 * Reads a ligands TSV: `entry<TAB>RES:CHAIN:NUMBER` or `entry<TAB>RES` per line, an optional
 * header line; further columns (fetch writes the rule that chose) are not read.
 */
export async function readLigandsFile(path: string): Promise<Map<string, LigandRequest> | string> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (e) {
    return `cannot read ligands file ${path}: ${(e as Error).message}`;
  }
  const map = new Map<string, LigandRequest>();
  const lines = text.split(/\r?\n/);
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i].trim();
    if (!line || line.startsWith('#')) continue;
    const [entry, sel] = line.split(/\t|\s+/);
    const parsed = parseLigandRequest(sel ?? '');
    if (i === 0 && (entry.toLowerCase() === 'entry' || typeof parsed === 'string')) continue; // header
    if (typeof parsed === 'string') return `${path} line ${i + 1}: ${parsed}`;
    map.set(entry, parsed);
  }
  return map;
}

const shown = (p: string) => {
  const r = relative(process.cwd(), p);
  return r && !r.startsWith('..') && !isAbsolute(r) ? r : p;
};

/** Reads every complex found under `paths`. Throws only for a bad option (a usage error). */
export async function ingest(paths: string[], options: IngestOptions = {}): Promise<IngestResult> {
  const complexes: Complex[] = [];
  const { rejects } = await ingestEach(paths, options, (c) => {
    complexes.push(c);
  });
  return { complexes, rejects };
}

/** One input to read, as `ingestEach` hands it to a reader (plain data: it may cross threads). */
export interface JobTask {
  job: InputJob;
  /** The ligand of a whole entry (from --ligand, the ligands file or a ligands.tsv beside it), or null. */
  selector: LigandRequest;
  /** True when a ligands file was given and nothing names this entry's ligand. */
  unlisted: boolean;
  /** The ligands.tsv beside the entry could not be read: the entry is rejected with this. */
  problem?: { path: string; reason: string };
}

/** What reading one input gave: the complex (or what the reader made of it), or its reject. */
export type JobOutcome<T = Complex> = { ok: true; value: T } | { ok: false; reject: Reject };

/**
 * Reads the inputs for `ingestEach`: `read` may run elsewhere (worker threads); `window` is
 * how many inputs may be read ahead of the one `each` is given (1: one at a time).
 */
export interface JobReader<T = Complex> {
  window: number;
  read(task: JobTask): Promise<JobOutcome<T>>;
}

/** The options of `readJob` that are plain data (what a worker thread can be given). */
export type ReadJobOptions = Pick<IngestOptions, 'pocketRadius' | 'pocketHydrogens' | 'hbonds' | 'ligandsFile' | 'onError'>;

/**
 * Reads one input into a complex (H-bonds included when asked), inside the failure boundary:
 * a throw is one reject. Source and reject paths are as shown to the user (relative to the
 * working folder when inside it).
 */
export async function readJob(task: JobTask, options: ReadJobOptions): Promise<JobOutcome> {
  const { job } = task;
  const outcome = await guardComplex(
    job.id,
    { stage: job.kind === 'entry' ? 'read-entry' : 'read-ligand', path: job.kind === 'entry' ? job.path : (job.mol2 ?? job.sdf)! },
    async (step) => {
      let result;
      if (job.kind === 'folder') {
        result = await buildFromFolder(job, options, step);
      } else if (task.problem) {
        result = {
          ok: false as const,
          reject: { id: job.id, path: task.problem.path, stage: 'select-ligand', reason: task.problem.reason },
        };
      } else {
        result = await buildFromEntry(job, task.selector, options, step);
        if (result.ok && task.unlisted) {
          result.complex.warnings.push({
            file: options.ligandsFile!,
            message: `entry ${job.id} is not listed; its ligand was picked automatically`,
          });
        }
      }
      if (result.ok && options.hbonds) {
        enterStage(step, 'hbonds');
        storeHBonds(result.complex, options.hbonds);
      }
      return result;
    },
    options.onError,
  );
  const result = outcome.ok ? outcome.value : { ok: false as const, reject: outcome.reject };
  if (!result.ok) return { ok: false, reject: { ...result.reject, path: shown(result.reject.path) } };
  for (const s of result.complex.sources) s.path = shown(s.path);
  return { ok: true, value: result.complex };
}

/**
 * `ingest` one complex at a time: `each` gets every complex read, in id order (the order of
 * `ingest`'s list), and is awaited before the next input is read, so only the complex in
 * hand is in memory. Returns the rejects, in input order as `ingest` lists them. A `reader`
 * (e.g. worker threads, pipeline/read-pool/) may read ahead; `each` still gets what it
 * gives in id order, one at a time.
 */
export async function ingestEach(
  paths: string[],
  options: IngestOptions,
  each: (complex: Complex) => void | Promise<void>,
): Promise<{ count: number; rejects: Reject[] }>;
export async function ingestEach<T>(
  paths: string[],
  options: IngestOptions,
  each: (value: T) => void | Promise<void>,
  reader: JobReader<T>,
): Promise<{ count: number; rejects: Reject[] }>;
export async function ingestEach<T>(
  paths: string[],
  options: IngestOptions,
  each: (value: T) => void | Promise<void>,
  reader?: JobReader<T>,
): Promise<{ count: number; rejects: Reject[] }> {
  let oneSelector: LigandRequest = null;
  if (options.ligand) {
    const s = parseLigandRequest(options.ligand);
    if (typeof s === 'string') throw new IngestUsageError(s);
    oneSelector = s;
  }
  let selectors = new Map<string, LigandRequest>();
  if (options.ligandsFile) {
    const m = await readLigandsFile(options.ligandsFile);
    if (typeof m === 'string') throw new IngestUsageError(m);
    selectors = m;
  }
  const here: JobReader<T> = reader ?? { window: 1, read: (task) => readJob(task, options) as Promise<JobOutcome<T>> };
  const { jobs, problems } = await discoverInputs(paths);
  // The ligands.tsv beside entry files (as `misi-gen fetch` writes it), read once per folder.
  const beside = new Map<string, Map<string, LigandRequest> | string>();
  for (const job of jobs) {
    if (job.kind === 'entry' && job.ligandsFile && !beside.has(job.ligandsFile))
      beside.set(job.ligandsFile, await readLigandsFile(job.ligandsFile));
  }
  const rejects: Reject[] = problems.map((p) => ({ ...p, stage: 'discover' }));
  const failed = new Map<InputJob, Reject[]>();
  let count = 0;
  let done = 0;
  // In id order (stable: inputs sharing an id keep their input order), so complexes come
  // out sorted; rejects are put back in input order at the end.
  const byId = [...jobs].sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  const taskOf = (job: InputJob): JobTask => {
    if (job.kind === 'folder') return { job, selector: null, unlisted: false };
    const given = selectors.get(job.id) ?? oneSelector;
    const near = job.ligandsFile ? beside.get(job.ligandsFile) : undefined;
    const selector = given ?? (typeof near === 'object' ? near.get(job.id) : undefined) ?? null;
    const problem = !given && typeof near === 'string' ? { path: job.ligandsFile!, reason: near } : undefined;
    return { job, selector, unlisted: !!options.ligandsFile && !selector, ...(problem ? { problem } : {}) };
  };
  const ahead: Promise<JobOutcome<T>>[] = [];
  let next = 0;
  for (const job of byId) {
    while (next < byId.length && ahead.length < Math.max(1, here.window)) {
      const read = here.read(taskOf(byId[next++]));
      read.catch(() => {}); // awaited in turn below; not an unhandled rejection meanwhile
      ahead.push(read);
    }
    const result = await ahead.shift()!;
    if (result.ok) {
      await each(result.value);
      count++;
    } else {
      failed.set(job, [result.reject]);
    }
    options.onProgress?.(++done, jobs.length);
  }
  for (const job of jobs) rejects.push(...(failed.get(job) ?? []));
  for (const r of rejects) r.path = shown(r.path);
  return { count, rejects };
}

/** A bad option (not bad data): the command line reports it as a usage error. */
export class IngestUsageError extends KnownError {
  static override readonly failure: FailureKind = 'usage';
}

/**
 * Loads exactly one complex from one input (for commands such as `hbonds` and `render`).
 * Returns the complex, or the reasons it could not be read.
 */
export async function loadOneComplex(
  input: string,
  options: IngestOptions = {},
): Promise<{ ok: true; complex: Complex } | { ok: false; reason: string }> {
  const { complexes, rejects } = await ingest([input], options);
  if (complexes.length === 1) return { ok: true, complex: complexes[0] };
  if (complexes.length > 1)
    return {
      ok: false,
      reason: `${input} holds ${complexes.length} complexes (${complexes
        .slice(0, 5)
        .map((c) => c.id)
        .join(', ')}...); name one`,
    };
  if (rejects.length) return { ok: false, reason: rejects.map((r) => `${r.path}: ${r.reason}`).join('; ') };
  return { ok: false, reason: `${input}: no structure files found` };
}
