// One entry: kept from the folder when its file is there and valid (no request), otherwise
// fetched, checked (check-entry.ts) and written under a temporary name then renamed, after
// its record (`fetch-records/<id>.json`: URL, bytes, sha256, date) so that a file present is
// always a file complete and recorded. Then the ligand of interest is chosen by the one rule
// (structures/ligand-of-interest.ts).
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { chooseLigand, formatRequest, type LigandRule } from '../../structures/ligand-of-interest.ts';
import type { StructureRecord } from '../../structures/read-pdb.ts';
import { formatSelector } from '../../structures/residue-kinds.ts';
import { sha256Hex } from '../dataset/files.ts';
import { type CheckedEntry, checkEntry } from './check-entry.ts';
import type { FetchItem } from './fetch-list.ts';
import { getWithRetries, type RetryPolicy } from './http-get.ts';
import { entryUrl } from './mirrors.ts';

export const RECORDS_DIR = 'fetch-records';

export interface FetchRecord {
  id: string;
  /** Where the file came from; null when it was found in the folder without a record. */
  url: string | null;
  /** Size of the stored `.cif.gz`, and its sha256 (the complex's own sha256 is of the text inside). */
  bytes: number;
  sha256: string;
  /** ISO 8601 UTC; null when unknown (found in the folder). */
  fetched: string | null;
}

/**
 * An id the archive does not have (404, 410) or marks obsolete: remembered so that a later
 * run does not ask again (unless told to, `--recheck-missing`).
 */
export interface MissingRecord {
  id: string;
  url: string;
  missing: string;
  /** ISO 8601 UTC. */
  checked: string;
}

export interface EntryOutcome {
  id: string;
  /** The file is in the folder (fetched now or before). */
  present: boolean;
  /** Requests sent for it in this run. */
  requests: number;
  fetchedNow: boolean;
  /** What ligands.tsv says for it: the chosen selector, or the request that could not be met. */
  ligand?: { text: string; rule: LigandRule | 'unmet' };
  reject?: { id: string; path: string; stage: 'fetch' | 'select-ligand'; reason: string };
}

export interface FetchContext {
  out: string;
  template: string;
  retry: RetryPolicy;
  /** Ask again for ids found missing by an earlier run. */
  recheckMissing?: boolean;
}

export const entryFile = (out: string, id: string) => join(out, `${id}.cif.gz`);

/** Writes `path` under a temporary name (`.<name>.<pid>.part`) in the same folder, then renames it. */
export async function writeAtomically(path: string, data: string | Buffer): Promise<void> {
  const temp = join(path, '..', `.${path.split('/').pop()}.${process.pid}.part`);
  await writeFile(temp, data);
  await rename(temp, path);
}

async function readIfThere(path: string): Promise<Buffer | null> {
  try {
    return await readFile(path);
  } catch {
    // Not there, or not readable: the entry is fetched again (and writing it names the file if that fails too).
    return null;
  }
}

export async function fetchEntry(item: FetchItem, ctx: FetchContext): Promise<EntryOutcome> {
  const { id } = item;
  const path = entryFile(ctx.out, id);
  const recordPath = join(ctx.out, RECORDS_DIR, `${id}.json`);
  let record: StructureRecord | undefined;
  let requests = 0;
  let fetchedNow = false;
  const held = await readIfThere(path);
  if (held) {
    const checked = checkEntry(held, id, path);
    if (checked.ok) {
      record = checked.record;
      if (!(await readIfThere(recordPath)))
        await writeRecord(recordPath, { id, url: null, bytes: held.length, sha256: sha256Hex(held), fetched: null });
    }
  }
  if (!record) {
    const url = entryUrl(ctx.template, id);
    const known = held ? null : await readMissing(recordPath);
    if (known && !ctx.recheckMissing) {
      return {
        id,
        present: false,
        requests,
        fetchedNow,
        reject: {
          id,
          path: known.url,
          stage: 'fetch',
          reason: `${known.missing} (found so on ${known.checked}; --recheck-missing asks again)`,
        },
      };
    }
    let checked: CheckedEntry | undefined;
    // The check decides what is worth another attempt: a final answer (obsolete) is kept as it is.
    const got = await getWithRetries(
      url,
      (bytes) => {
        checked = checkEntry(bytes, id, path);
        return checked.ok || checked.final ? null : checked.reason;
      },
      ctx.retry,
    );
    requests = got.requests;
    if (!got.ok) {
      const missing = got.status === 404 || got.status === 410;
      const reason = missing
        ? `not found at ${url} (${got.reason}): no such entry, or obsolete and removed from the archive`
        : `could not fetch ${url}: ${got.reason}`;
      if (missing && !held) await writeRecord(recordPath, { id, url, missing: reason, checked: new Date().toISOString() });
      return { id, present: false, requests, fetchedNow, reject: { id, path: url, stage: 'fetch', reason } };
    }
    if (!checked!.ok) {
      if (checked!.final && !held) await writeRecord(recordPath, { id, url, missing: checked!.reason, checked: new Date().toISOString() });
      return { id, present: false, requests, fetchedNow, reject: { id, path: url, stage: 'fetch', reason: checked!.reason } };
    }
    record = checked!.record;
    await mkdir(join(ctx.out, RECORDS_DIR), { recursive: true });
    await writeRecord(recordPath, { id, url, bytes: got.bytes.length, sha256: sha256Hex(got.bytes), fetched: new Date().toISOString() });
    await writeAtomically(path, got.bytes);
    fetchedNow = true;
  }
  const choice = chooseLigand(record.residues, item.ligand);
  if (typeof choice === 'string') {
    return {
      id,
      present: true,
      requests,
      fetchedNow,
      ...(item.ligand ? { ligand: { text: formatRequest(item.ligand), rule: 'unmet' as const } } : {}),
      reject: { id, path, stage: 'select-ligand', reason: `${choice} (asked by ${item.from})` },
    };
  }
  return { id, present: true, requests, fetchedNow, ligand: { text: formatSelector(choice.residue), rule: choice.rule } };
}

async function readMissing(path: string): Promise<MissingRecord | null> {
  const text = await readIfThere(path);
  if (!text) return null;
  try {
    const r = JSON.parse(text.toString('utf8')) as Partial<MissingRecord>;
    return typeof r.missing === 'string' && typeof r.url === 'string' ? (r as MissingRecord) : null;
  } catch {
    // A record cut off as it was written is no record: the entry is asked for again.
    return null;
  }
}

async function writeRecord(path: string, record: FetchRecord | MissingRecord): Promise<void> {
  await mkdir(join(path, '..'), { recursive: true });
  await writeAtomically(path, `${JSON.stringify(record, null, 2)}\n`);
}
