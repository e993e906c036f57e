// The ingest stage of `generate`, one input at a time so memory does not grow with the
// number of complexes: each input is read by structures/ingest.ts (H-bonds included) and
// its outcome kept in `parts/ingest/<id>.json` (the complex, or its rejects). A resumed run
// reads those files instead of the inputs, after checking that every source file still has
// the sha256 it had. The list of complexes (ids and source hashes) is all that stays in memory.
import { existsSync, readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { discoverInputs, type InputJob } from '../../structures/discover.ts';
import { type IngestOptions, ingest, type Reject } from '../../structures/ingest.ts';
import type { Complex } from '../../structures/model.ts';
import { readInputFile } from '../../structures/read-input-file.ts';
import { type ErrorSink, guardComplex, RunStoppingError } from '../../structures/reject.ts';
import { ContentChanges } from '../content-warnings.ts';
import { datasetPaths } from '../dataset/layout.ts';
import { siblingModule, WorkerPool } from '../read-pool/worker-pool.ts';
import { writeTextAtomically } from './write-text.ts';

export interface IngestedList {
  /** Complexes read, sorted by id (after --limit). */
  ids: string[];
  /** Source sha256s per complex id, sorted. */
  sources: Map<string, string[]>;
  /** Discovery problems and unreadable inputs, in input order. */
  rejects: Reject[];
  /** Complexes whose reading changed what they hold (for the closing summary). */
  changes: ContentChanges;
}

type Outcome = { ok: true; complex: Complex } | { ok: false; rejects: Reject[] };

const ingestedPath = (outDir: string, id: string) => datasetPaths(outDir).ingested(id);

/** Thrown when a resumed run finds an input file changed since the partial run. */
export class InputChangedError extends RunStoppingError {}

/** The files of one job, given to ingest so it rebuilds exactly that job. */
function jobFiles(job: InputJob): string[] {
  if (job.kind === 'entry') return [job.path];
  return [job.pocket, job.protein, job.mol2, job.sdf].filter((p): p is string => p !== undefined);
}

/** The sha256 ingest gives the file (of the text inside, for a `.gz`), or null when unreadable. */
async function sha256Of(path: string): Promise<string | null> {
  const file = await readInputFile(path);
  return file.ok ? file.sha256 : null;
}

async function readKept(path: string): Promise<Outcome> {
  const outcome = JSON.parse(await readFile(path, 'utf8')) as Outcome;
  if (outcome.ok) {
    for (const s of outcome.complex.sources) {
      if ((await sha256Of(s.path)) !== s.sha256) {
        throw new InputChangedError(
          `input ${s.path} changed (or is gone) since the partial run in this folder was started; use a fresh --out`,
        );
      }
    }
  }
  return outcome;
}

async function readJob(job: InputJob, options: IngestOptions): Promise<Outcome> {
  const files = jobFiles(job);
  // ingest has a boundary per complex; this one catches what happens around it.
  const guarded = await guardComplex(
    job.id,
    { stage: 'discover', path: files[0] ?? '' },
    () => ingest(files, { ...options, onProgress: undefined }),
    options.onError,
  );
  if (!guarded.ok) return { ok: false, rejects: [guarded.reject] };
  const { complexes, rejects } = guarded.value;
  const complex = complexes.find((c) => c.id === job.id);
  if (complex) return { ok: true, complex };
  return {
    ok: false,
    rejects: rejects.length
      ? rejects
      : [{ id: job.id, path: files[0] ?? '', stage: 'discover', reason: 'its files were found at first but gave no complex when read' }],
  };
}

type SinkEntry = Parameters<ErrorSink>[0];

/** Runs in a reading thread (pipeline/read-pool/): one job; the error-sink entries go back with the outcome. */
export async function readJobInWorker(call: { job: InputJob; options: IngestOptions }): Promise<{ outcome: Outcome; sink: SinkEntry[] }> {
  const sink: SinkEntry[] = [];
  const outcome = await readJob(call.job, { ...call.options, onError: (e) => sink.push(e) });
  return { outcome, sink };
}

const SELF = siblingModule(import.meta.url, './ingest-stage').href;

/**
 * Reads every input (or, with `limit`, inputs in id order until that many complexes are
 * read), keeping each outcome on disk; returns the list of complexes and the rejects. With
 * `readThreads` > 1 inputs are read on that many worker threads, up to two per thread ahead
 * of the one being kept; outcomes are still kept and counted in id order (what is read
 * ahead past the limit is dropped), so the run's files are those of one thread.
 */
export async function ingestStage(
  paths: string[],
  outDir: string,
  options: IngestOptions & { limit?: number; readThreads?: number },
  onProgress?: (done: number, total: number) => void,
): Promise<IngestedList> {
  const { jobs, problems } = await discoverInputs(paths);
  const rejects: Reject[] = problems.map((p) => ({ ...p, stage: 'discover' }));
  // In id order, so --limit keeps the first N complexes by id.
  const order = [...jobs].sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  const failed = new Map<InputJob, Reject[]>();
  const sources = new Map<string, string[]>();
  // Threads only for inputs still to read (a resumed run whose inputs are all kept starts
  // none), and no more than --limit complexes need (--limit 1 reads in the main thread).
  const toRead = order.filter((job) => !existsSync(ingestedPath(outDir, job.id))).length;
  const threads = Math.min(options.readThreads ?? 1, toRead, options.limit ?? Infinity);
  const pool = threads > 1 ? new WorkerPool(threads) : null;
  const plain: IngestOptions = {
    ligand: options.ligand,
    ligandsFile: options.ligandsFile,
    pocketRadius: options.pocketRadius,
    pocketHydrogens: options.pocketHydrogens,
    hbonds: options.hbonds,
  };
  const inThread = async (job: InputJob): Promise<Outcome> => {
    const r = await pool!.run<{ outcome: Outcome; sink: SinkEntry[] }>(SELF, 'readJobInWorker', { job, options: plain });
    for (const e of r.sink) options.onError?.(e);
    return r.outcome;
  };
  const started = new Map<InputJob, Promise<Outcome>>();
  let cursor = 0;
  const readAhead = () => {
    while (pool && started.size < pool.size * 2 && cursor < order.length) {
      const job = order[cursor++];
      if (existsSync(ingestedPath(outDir, job.id))) continue;
      const reading = inThread(job);
      reading.catch(() => {}); // awaited in turn below
      started.set(job, reading);
    }
  };
  const changes = new ContentChanges();
  let read = 0;
  let done = 0;
  try {
    for (const job of order) {
      if (options.limit !== undefined && read >= options.limit) break;
      readAhead();
      const kept = ingestedPath(outDir, job.id);
      let outcome: Outcome;
      if (existsSync(kept)) {
        outcome = await readKept(kept);
      } else {
        outcome = await (started.get(job) ?? readJob(job, options));
        started.delete(job);
        await writeTextAtomically(kept, JSON.stringify(outcome) + '\n');
      }
      if (outcome.ok) {
        read++;
        sources.set(job.id, outcome.complex.sources.map((s) => s.sha256).sort());
        changes.add(job.id, outcome.complex.warnings);
      } else {
        failed.set(job, outcome.rejects);
      }
      onProgress?.(++done, options.limit === undefined ? order.length : Math.min(order.length, options.limit));
    }
  } finally {
    await pool?.close();
  }
  // Rejects in input (path) order, as ingest lists them.
  for (const job of jobs) rejects.push(...(failed.get(job) ?? []));
  return { ids: [...sources.keys()].sort(), sources, rejects, changes };
}

/** The kept complex of `id` (written by the ingest stage). Synchronous: plans ask for partners synchronously. */
export function readIngested(outDir: string, id: string): Complex {
  const outcome = JSON.parse(readFileSync(ingestedPath(outDir, id), 'utf8')) as Outcome;
  if (!outcome.ok) throw new Error(`complex ${id} was not read`);
  return outcome.complex;
}
