// The time split (`--split-by time --split-date YYYY-MM-DD`): test = complexes released on
// or after the date, train = before. Dates come from the entry (Complex.entry.releaseDate,
// filled by the readers from mmCIF or a PDB HEADER) or, for ids a PDBbind index lists
// (`--index FILE`), from its release-year column, which wins. A year alone is compared by
// year: after the date's year test, before it train, in the same year excluded (unless the
// date is 1 January of that year: test), since it cannot say which side it is on. A complex
// without a date is excluded (noted). Then, as in EquiBind's time split, every train
// complex whose ligand (canonical SMILES) also occurs in test leaves train for excluded.

import { EXCLUDED, type Side, TEST, TRAIN, type VAL } from '../../qa/split-names.ts';
import type { Complex } from '../../structures/model.ts';
import { parsePdbbindIndex } from '../../structures/pdbbind-index.ts';

export interface TimeSummary {
  id: string;
  /** `YYYY-MM-DD`, or `YYYY` when only the year is known. */
  date: string | null;
  smiles: string | null;
}

export function timeSummary(c: Complex): TimeSummary {
  const d = c.entry?.releaseDate;
  const yearOnly = c.entry?.releaseDateSource === 'pdbbind-index';
  return { id: c.id, date: d ? (yearOnly ? d.slice(0, 4) : d) : null, smiles: c.ligand.smiles };
}

/** Release years by id from a PDBbind index file, and its unreadable lines as `FILE:LINE: problem`. */
export function indexYears(text: string, path: string): { years: Map<string, string>; problems: string[] } {
  const index = parsePdbbindIndex(text, path);
  return {
    years: new Map(index.entries.map((e) => [e.id.toLowerCase(), String(e.releaseYear)])),
    problems: index.diagnostics.map((d) => `${d.file}:${d.line}: ${d.message}`),
  };
}

export const SPLIT_DATE = /^\d{4}-\d{2}-\d{2}$/;

/** A complex's side in a time split: no val (the time split has no buffer). */
export type TimeSide = Exclude<Side, typeof VAL>;

export interface TimeSplit {
  side: Map<string, TimeSide>;
  /** Why a complex is excluded. */
  notes: { id: string; note: string }[];
}

export function splitByTime(items: readonly TimeSummary[], splitDate: string, years: ReadonlyMap<string, string> = new Map()): TimeSplit {
  if (!SPLIT_DATE.test(splitDate)) throw new Error(`split date ${splitDate} is not YYYY-MM-DD`);
  const side = new Map<string, TimeSide>();
  const notes: TimeSplit['notes'] = [];
  const year = splitDate.slice(0, 4);
  const sorted = [...items].sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  for (const it of sorted) {
    const date = years.get(it.id.toLowerCase()) ?? it.date;
    if (date === null) {
      side.set(it.id, EXCLUDED);
      notes.push({ id: it.id, note: 'no release date: excluded' });
    } else if (date.length === 4) {
      const s = date > year || (date === year && splitDate.endsWith('-01-01')) ? TEST : date < year ? TRAIN : EXCLUDED;
      side.set(it.id, s);
      if (s === EXCLUDED) notes.push({ id: it.id, note: `released in ${date} (year only), the year of the split date: excluded` });
    } else side.set(it.id, date >= splitDate ? TEST : TRAIN);
  }
  const testLigands = new Set(sorted.filter((it) => side.get(it.id) === TEST && it.smiles).map((it) => it.smiles));
  for (const it of sorted) {
    if (side.get(it.id) === TRAIN && it.smiles && testLigands.has(it.smiles)) {
      side.set(it.id, EXCLUDED);
      notes.push({ id: it.id, note: 'its ligand also occurs in test: excluded' });
    }
  }
  return { side, notes };
}
