// What to fetch: PDB ids with what is known of their ligand, from the command line, an ids
// file (`1abc`, `1abc RES` or `1abc RES:CHAIN:NUMBER` a line, `#` comments) or a PDBbind
// index file (structures/pdbbind-index.ts). Lines that do not read are diagnostics; the
// first mention of an id wins, a later one is a diagnostic too.

import { type LigandRequest, parseLigandRequest } from '../../structures/ligand-of-interest.ts';
import type { Diagnostic } from '../../structures/model.ts';
import { parsePdbbindIndex } from '../../structures/pdbbind-index.ts';

export interface FetchItem {
  /** Lower case, 4 characters. */
  id: string;
  ligand: LigandRequest;
  /** Where the item was read (`ids.txt:3`, `command line`). */
  from: string;
}

const PDB_ID = /^[0-9][A-Za-z0-9]{3}$/;

/** One `id [ligand]` line (the command line's words too); a string is the problem. */
export function readIdLine(text: string, from: string): FetchItem | string {
  const [id, ligand, ...extra] = text.trim().split(/\s+/);
  if (!PDB_ID.test(id)) return `"${id}" is not a PDB id (4 characters, the first a digit)`;
  if (extra.length) return `expected an id and at most one ligand, found "${text.trim()}"`;
  if (ligand === undefined) return { id: id.toLowerCase(), ligand: null, from };
  const request = parseLigandRequest(ligand);
  if (typeof request === 'string') return request;
  return { id: id.toLowerCase(), ligand: request, from };
}

export function readIdsFile(text: string, file: string): { items: FetchItem[]; diagnostics: Diagnostic[] } {
  const items: FetchItem[] = [];
  const diagnostics: Diagnostic[] = [];
  text.split(/\r?\n/).forEach((raw, i) => {
    const line = raw.replace(/#.*/, '').trim();
    if (!line) return;
    const item = readIdLine(line, `${file}:${i + 1}`);
    if (typeof item === 'string') diagnostics.push({ file, line: i + 1, message: item });
    else items.push(item);
  });
  return { items, diagnostics };
}

export function readIndexFile(text: string, file: string): { items: FetchItem[]; diagnostics: Diagnostic[] } {
  const { entries, diagnostics } = parsePdbbindIndex(text, file);
  const items = entries.map(
    (e): FetchItem => ({
      id: e.id,
      ligand: 'peptideLength' in e.ligand ? { peptideLength: e.ligand.peptideLength } : { name: e.ligand.residueName },
      from: `${file}:${e.line}`,
    }),
  );
  return { items, diagnostics };
}

/** The first item of each id; the later ones become diagnostics naming where the first was. */
export function firstOfEach(items: FetchItem[]): { items: FetchItem[]; duplicates: string[] } {
  const seen = new Map<string, FetchItem>();
  const duplicates: string[] = [];
  for (const item of items) {
    const prior = seen.get(item.id);
    if (prior) duplicates.push(`${item.from}: ${item.id} is listed again (first at ${prior.from}); the first is used`);
    else seen.set(item.id, item);
  }
  return { items: [...seen.values()], duplicates };
}
