// Ingestion: paths in, typed complexes and rejects out. Bad input never stops the run; each
// problem becomes one reject naming the file and the reason.
import { readFile } from 'node:fs/promises';
import { relative, isAbsolute } from 'node:path';
import type { Complex } from './model.ts';
import { discoverInputs, type InputJob } from './discover.ts';
import { buildFromEntry, buildFromFolder, type BuildOptions } from './build-complex.ts';
import { enterStage, guardComplex, type ErrorSink, type Reject } from './reject.ts';
import { parseLigandRequest, type LigandRequest } from './ligand-of-interest.ts';
import { storeHBonds, type HBondOptions } from './hbonds/find-hbonds.ts';

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

/**
 * `ingest` one complex at a time: `each` gets every complex read, in id order (the order of
 * `ingest`'s list), and is awaited before the next input is read, so only the complex in
 * hand is in memory. Returns the rejects, in input order as `ingest` lists them.
 */
export async function ingestEach(paths: string[], options: IngestOptions, each: (complex: Complex) => void | Promise<void>): Promise<{ count: number; rejects: Reject[] }> {
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
  const { jobs, problems } = await discoverInputs(paths);
  // The ligands.tsv beside entry files (as `misi-gen fetch` writes it), read once per folder.
  const besideFiles = new Map<string, Promise<Map<string, LigandRequest> | string>>();
  const folderLigands = (path: string) => {
    let read = besideFiles.get(path);
    if (!read) besideFiles.set(path, (read = readLigandsFile(path)));
    return read;
  };
  const rejects: Reject[] = problems.map((p) => ({ ...p, stage: 'discover' }));
  const failed = new Map<InputJob, Reject[]>();
  let count = 0;
  let done = 0;
  // In id order (stable: inputs sharing an id keep their input order), so complexes come
  // out sorted; rejects are put back in input order at the end.
  const byId = [...jobs].sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  for (const job of byId) {
    // The failure boundary: a throw anywhere in this complex's work is one reject.
    const outcome = await guardComplex(job.id, { stage: job.kind === 'entry' ? 'read-entry' : 'read-ligand', path: job.kind === 'entry' ? job.path : (job.mol2 ?? job.sdf)! }, async (step) => {
      let result;
      if (job.kind === 'folder') {
        result = await buildFromFolder(job, options, step);
      } else {
        const beside = job.ligandsFile ? await folderLigands(job.ligandsFile) : undefined;
        if (typeof beside === 'string') return { ok: false as const, reject: { id: job.id, path: job.ligandsFile!, stage: 'select-ligand', reason: beside } };
        const sel = selectors.get(job.id) ?? oneSelector ?? beside?.get(job.id) ?? null;
        result = await buildFromEntry(job, sel, options, step);
        if (result.ok && options.ligandsFile && !sel) {
          result.complex.warnings.push({ file: options.ligandsFile, message: `entry ${job.id} is not listed; its ligand was picked automatically` });
        }
      }
      if (result.ok && options.hbonds) {
        enterStage(step, 'hbonds');
        storeHBonds(result.complex, options.hbonds);
      }
      return result;
    }, options.onError);
    const result = outcome.ok ? outcome.value : { ok: false as const, reject: outcome.reject };
    if (result.ok) {
      for (const s of result.complex.sources) s.path = shown(s.path);
      await each(result.complex);
      count++;
    } else {
      failed.set(job, [{ ...result.reject, path: shown(result.reject.path) }]);
    }
    options.onProgress?.(++done, jobs.length);
  }
  for (const job of jobs) rejects.push(...(failed.get(job) ?? []));
  for (const r of rejects) r.path = shown(r.path);
  return { count, rejects };
}

/** A bad option (not bad data): the command line reports it as a usage error. */
export class IngestUsageError extends Error {}

/**
 * Loads exactly one complex from one input (for commands such as `hbonds` and `render`).
 * Returns the complex, or the reasons it could not be read.
 */
export async function loadOneComplex(input: string, options: IngestOptions = {}): Promise<{ ok: true; complex: Complex } | { ok: false; reason: string }> {
  const { complexes, rejects } = await ingest([input], options);
  if (complexes.length === 1) return { ok: true, complex: complexes[0] };
  if (complexes.length > 1) return { ok: false, reason: `${input} holds ${complexes.length} complexes (${complexes.slice(0, 5).map((c) => c.id).join(', ')}...); name one` };
  if (rejects.length) return { ok: false, reason: rejects.map((r) => `${r.path}: ${r.reason}`).join('; ') };
  return { ok: false, reason: `${input}: no structure files found` };
}
