// Reading complexes on every core: `ingestEachInThreads` is structures/ingest.ts's
// `ingestEach` with each input read in a worker thread (WorkerPool), up to two per thread
// read ahead, and the results handed to `each` in id order as before, so what is written
// is byte for byte what one thread writes. One thread (`threads` 1) reads in this thread,
// exactly as `ingestEach` does.

import {
  type IngestOptions,
  ingestEach,
  type JobOutcome,
  type JobReader,
  type JobTask,
  type ReadJobOptions,
  readJob,
} from '../../structures/ingest.ts';
import type { Complex } from '../../structures/model.ts';
import type { ErrorSink, Reject } from '../../structures/reject.ts';
import { siblingModule, WorkerPool } from './worker-pool.ts';

/** Work to do on each complex in the worker that read it; its result is what `each` gets. */
export interface PerComplex {
  /** URL of the module (see siblingModule) and the export: `(complex, arg) => value`. */
  module: string;
  name: string;
  arg?: unknown;
}

type SinkEntry = Parameters<ErrorSink>[0];

interface ReadCall {
  task: JobTask;
  options: Omit<ReadJobOptions, 'onError'>;
  perComplex?: PerComplex;
}

/** Runs in a worker: reads one input; the error-sink entries go back with the outcome. */
export async function readJobInWorker(call: ReadCall): Promise<{ outcome: JobOutcome<unknown>; sink: SinkEntry[] }> {
  const sink: SinkEntry[] = [];
  const outcome = await readJob(call.task, { ...call.options, onError: (e) => sink.push(e) });
  if (!outcome.ok || !call.perComplex) return { outcome, sink };
  const mod = await import(call.perComplex.module);
  return { outcome: { ok: true, value: await mod[call.perComplex.name](outcome.value, call.perComplex.arg) }, sink };
}

/** The plain-data part of the options, as a worker is given it. */
export function plainReadOptions(options: IngestOptions): Omit<ReadJobOptions, 'onError'> {
  return {
    pocketRadius: options.pocketRadius,
    pocketHydrogens: options.pocketHydrogens,
    hbonds: options.hbonds,
    ligandsFile: options.ligandsFile,
  };
}

const SELF = siblingModule(import.meta.url, './read-in-threads').href;

/** A reader for `ingestEach` that reads in the pool's threads. */
export function threadReader<T>(pool: WorkerPool, options: IngestOptions, perComplex?: PerComplex): JobReader<T> {
  const plain = plainReadOptions(options);
  return {
    window: pool.size * 2,
    read: async (task) => {
      const r = await pool.run<{ outcome: JobOutcome<T>; sink: SinkEntry[] }>(SELF, 'readJobInWorker', {
        task,
        options: plain,
        perComplex,
      } satisfies ReadCall);
      for (const e of r.sink) options.onError?.(e);
      return r.outcome;
    },
  };
}

/**
 * `ingestEach` on `threads` worker threads (1: in this thread). With `perComplex`, each
 * complex is turned into that work's result in its worker, and `each` gets the result.
 */
export async function ingestEachInThreads(
  paths: string[],
  options: IngestOptions,
  each: (complex: Complex) => void | Promise<void>,
  threads: number,
): Promise<{ count: number; rejects: Reject[] }>;
export async function ingestEachInThreads<T>(
  paths: string[],
  options: IngestOptions,
  each: (value: T) => void | Promise<void>,
  threads: number,
  perComplex: PerComplex,
): Promise<{ count: number; rejects: Reject[] }>;
export async function ingestEachInThreads<T>(
  paths: string[],
  options: IngestOptions,
  each: (value: T) => void | Promise<void>,
  threads: number,
  perComplex?: PerComplex,
): Promise<{ count: number; rejects: Reject[] }> {
  if (threads <= 1) {
    if (!perComplex) return ingestEach(paths, options, each as (c: Complex) => void | Promise<void>);
    const mod = await import(perComplex.module);
    return ingestEach(paths, options, async (c: Complex) => each(await mod[perComplex.name](c, perComplex.arg)));
  }
  const pool = new WorkerPool(threads);
  try {
    return await ingestEach(paths, options, each, threadReader<T>(pool, options, perComplex));
  } finally {
    await pool.close();
  }
}
