// `misi-gen fetch`: the entries of a list into one folder that `--structures DIR` reads as it
// is: `<id>.cif.gz` per entry, `ligands.tsv` (entry, RES:CHAIN:NUMBER, the rule that chose),
// `fetch-records/<id>.json` (URL, bytes, sha256, date) and `fetch-rejects.jsonl` (this run's
// rejects, one line each with its reason). `concurrency` entries are in flight at a time.

import { existsSync } from 'node:fs';
import { mkdir, readdir, readFile, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { LIGANDS_TSV } from '../../structures/discover.ts';
import { type EntryOutcome, entryFile, type FetchContext, fetchEntry, RECORDS_DIR, writeAtomically } from './fetch-entry.ts';
import type { FetchItem } from './fetch-list.ts';

export const REJECTS_FILE = 'fetch-rejects.jsonl';

export interface FetchRunOptions extends FetchContext {
  items: FetchItem[];
  concurrency: number;
  onProgress?: (done: number, total: number) => void;
}

export interface FetchRunResult {
  outcomes: EntryOutcome[];
  rejects: NonNullable<EntryOutcome['reject']>[];
  requests: number;
}

const PART = /^\..+\.\d+\.part$/;

/** Temporary files of a run that was killed: never a finished entry, removed before starting. */
async function removeLeftovers(dir: string): Promise<void> {
  const names = await readdir(dir).catch(() => [] as string[]);
  for (const n of names) if (PART.test(n)) await rm(join(dir, n), { force: true });
}

export async function runFetch(o: FetchRunOptions): Promise<FetchRunResult> {
  await mkdir(o.out, { recursive: true });
  await removeLeftovers(o.out);
  await removeLeftovers(join(o.out, RECORDS_DIR));
  const outcomes: EntryOutcome[] = new Array(o.items.length);
  let next = 0;
  let done = 0;
  const worker = async () => {
    while (next < o.items.length) {
      const k = next++;
      outcomes[k] = await fetchEntry(o.items[k], o);
      o.onProgress?.(++done, o.items.length);
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(o.concurrency, o.items.length)) }, worker));
  await writeLigandsTsv(o.out, outcomes);
  const rejects = outcomes.flatMap((x) => (x.reject ? [x.reject] : []));
  await writeAtomically(join(o.out, REJECTS_FILE), rejects.map((r) => `${JSON.stringify(r)}\n`).join(''));
  return { outcomes, rejects, requests: outcomes.reduce((n, x) => n + x.requests, 0) };
}

/**
 * ligands.tsv: a row per entry of this run that is in the folder, and the rows of an earlier
 * ligands.tsv for entries still in the folder that this run did not list; sorted by entry.
 */
async function writeLigandsTsv(out: string, outcomes: EntryOutcome[]): Promise<void> {
  const rows = new Map<string, string>();
  const path = join(out, LIGANDS_TSV);
  const earlier = await readFile(path, 'utf8').catch(() => '');
  for (const line of earlier.split(/\r?\n/).slice(1)) {
    const id = line.split('\t')[0];
    if (id && !line.startsWith('#') && existsSync(entryFile(out, id))) rows.set(id, line);
  }
  for (const x of outcomes) {
    if (!x.present) continue;
    if (x.ligand) rows.set(x.id, `${x.id}\t${x.ligand.text}\t${x.ligand.rule}`);
    else rows.delete(x.id);
  }
  const sorted = [...rows].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([, line]) => `${line}\n`);
  await writeAtomically(path, `entry\tligand\trule\n${sorted.join('')}`);
}
