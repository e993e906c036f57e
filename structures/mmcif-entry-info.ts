// What an mmCIF file says about its deposited entry: the id (`_entry.id`), the initial release
// date, the resolution and the experimental method, into the model's EntryInfo.
//  - release date: the first revision of `_pdbx_audit_revision_history` (the initial release,
//    in files since 2017); older files: `_database_PDB_rev` number 1. The deposition date
//    (`_pdbx_database_status.recvd_initial_deposition_date`) is not a release date and is not used.
//  - resolution, angstrom: `_refine.ls_d_res_high`, else `_reflns.d_resolution_high`, else
//    `_em_3d_reconstruction.resolution`; absent for NMR and when not stated.
//  - method: `_exptl.method`, several joined with `; ` (joint X-ray/neutron entries).

import { type CifRow, cifValue, readCifCategories } from './cif-categories.ts';
import type { EntryInfo } from './model.ts';

const CATEGORIES = ['entry', 'pdbx_audit_revision_history', 'database_pdb_rev', 'refine', 'reflns', 'em_3d_reconstruction', 'exptl'];

const DATE = /^(\d{4}-\d{2}-\d{2})/;

export interface MmcifEntry {
  /** `_entry.id` as written (`1ABC`), when present. */
  id?: string;
  info: EntryInfo;
}

export function readMmcifEntry(text: string): MmcifEntry {
  const cats = readCifCategories(text, CATEGORIES);
  const first = (cat: string, item: string) => cifValue(cats.get(cat)?.[0]?.[item]);
  const info: EntryInfo = {};
  const release =
    releaseDate(cats.get('pdbx_audit_revision_history'), 'ordinal', 'revision_date') ??
    releaseDate(cats.get('database_pdb_rev'), 'num', 'date');
  if (release) {
    info.releaseDate = release.date;
    info.releaseDateSource = release.source;
  }
  for (const [cat, item] of [
    ['refine', 'ls_d_res_high'],
    ['reflns', 'd_resolution_high'],
    ['em_3d_reconstruction', 'resolution'],
  ]) {
    const v = Number(first(cat, item));
    if (first(cat, item) !== undefined && Number.isFinite(v) && v > 0) {
      info.resolution = v;
      break;
    }
  }
  const methods = (cats.get('exptl') ?? []).map((r) => cifValue(r.method)).filter((m): m is string => !!m);
  if (methods.length) info.method = methods.join('; ');
  return { id: first('entry', 'id'), info };
}

/** The date of the lowest-numbered revision (the initial release). */
function releaseDate(rows: CifRow[] | undefined, numberItem: string, dateItem: string): { date: string; source: string } | undefined {
  let best: { n: number; date: string } | undefined;
  for (const r of rows ?? []) {
    const n = Number(r[numberItem]);
    const date = DATE.exec(cifValue(r[dateItem]) ?? '')?.[1];
    if (!date || !Number.isFinite(n)) continue;
    if (!best || n < best.n || (n === best.n && date < best.date)) best = { n, date };
  }
  return best && { date: best.date, source: numberItem === 'ordinal' ? 'mmcif _pdbx_audit_revision_history' : 'mmcif _database_PDB_rev' };
}
