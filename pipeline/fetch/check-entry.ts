// Whether fetched bytes are the entry asked for: they decompress (gzip), read as mmCIF with
// atoms, and `_entry.id` is the id (any case). An entry the archive marks obsolete
// (`_pdbx_database_status.status_code OBS`) is refused with that reason.
import { gunzipSync } from 'node:zlib';
import { cifValue, readCifCategories } from '../../structures/cif-categories.ts';
import { readMmcifEntry } from '../../structures/mmcif-entry-info.ts';
import { parseMmcif } from '../../structures/read-mmcif.ts';
import type { StructureRecord } from '../../structures/read-pdb.ts';

export type CheckedEntry = { ok: true; record: StructureRecord } | { ok: false; reason: string; final?: boolean };

export function checkEntry(bytes: Buffer, id: string, file: string): CheckedEntry {
  let text: string;
  try {
    text = gunzipSync(bytes).toString('utf8');
  } catch (e) {
    return {
      ok: false,
      reason: `not gzip (${(e as Error).message}; ${bytes.length} bytes starting ${JSON.stringify(bytes.subarray(0, 24).toString('latin1'))})`,
    };
  }
  const entry = readMmcifEntry(text);
  if (!entry.id) return { ok: false, reason: 'no _entry.id: not an mmCIF entry' };
  if (entry.id.toLowerCase() !== id.toLowerCase()) return { ok: false, reason: `_entry.id is ${entry.id}, not ${id}` };
  const status = cifValue(readCifCategories(text, ['pdbx_database_status']).get('pdbx_database_status')?.[0]?.status_code);
  if (status === 'OBS') return { ok: false, reason: 'the entry is obsolete (_pdbx_database_status.status_code OBS)', final: true };
  const record = parseMmcif(text, file);
  if (record.errors.length) {
    const e = record.errors[0];
    return { ok: false, reason: `does not read as mmCIF: ${e.line ? `line ${e.line}: ` : ''}${e.message}` };
  }
  if (record.residues.length === 0) return { ok: false, reason: 'no atoms' };
  return { ok: true, record };
}
