// What a PDB-format file's title section says about the deposited entry (wwPDB format
// v3.3): the initial release from REVDAT modification 1, else the deposition date of
// HEADER (said so in `releaseDateSource`); the resolution from REMARK 2; the method from
// EXPDTA. PDBbind's own files carry none of this (their HEADER is `1ABC_PROTEIN`).
import type { Diagnostic, EntryInfo } from './model.ts';

const MONTHS = ['JAN', 'FEB', 'MAR', 'APR', 'MAY', 'JUN', 'JUL', 'AUG', 'SEP', 'OCT', 'NOV', 'DEC'];

/**
 * `DD-MMM-YY` -> `YYYY-MM-DD`, or null. Two-digit years: 70-99 are 1970-1999 (the PDB
 * began in 1971), 00-69 are 2000-2069.
 */
export function pdbDate(text: string): string | null {
  const m = /^(\d\d)-([A-Z]{3})-(\d\d)$/.exec(text.trim());
  if (!m) return null;
  const month = MONTHS.indexOf(m[2]) + 1;
  const day = Number(m[1]);
  const yy = Number(m[3]);
  const year = yy >= 70 ? 1900 + yy : 2000 + yy;
  if (month === 0 || day < 1 || day > new Date(Date.UTC(year, month, 0)).getUTCDate()) return null;
  return `${year}-${String(month).padStart(2, '0')}-${m[1]}`;
}

/** Collects the title records of one PDB file as the reader meets them. */
export class PdbEntryInfo {
  private deposited: string | null = null;
  private released: string | null = null;
  private resolution: number | undefined;
  private method = '';
  private readonly problems: Diagnostic[] = [];

  constructor(private readonly file: string) {}

  /** Takes a record whose first six columns are HEADER, REVDAT, EXPDTA or REMARK. */
  take(rec: string, line: string, lineNo: number): void {
    if (rec === 'HEADER') {
      const text = line.slice(50, 59);
      if (text.trim() === '') return; // PDBbind and other tools write a HEADER without a date
      this.deposited = pdbDate(text);
      if (!this.deposited)
        this.problems.push({
          file: this.file,
          line: lineNo,
          message: `HEADER deposition date '${text.trim()}' is not DD-MMM-YY (columns 51-59); no date taken from it`,
        });
    } else if (rec === 'REVDAT') {
      // Modification 1 is the initial release; its first line (no continuation) has the date.
      if (line.slice(7, 10).trim() !== '1' || line.slice(10, 12).trim() !== '') return;
      this.released = pdbDate(line.slice(13, 22));
      if (!this.released)
        this.problems.push({
          file: this.file,
          line: lineNo,
          message: `REVDAT 1 release date '${line.slice(13, 22).trim()}' is not DD-MMM-YY (columns 14-22); no release date taken from it`,
        });
    } else if (rec === 'EXPDTA') {
      const text = line.slice(10, 79).trim();
      this.method = this.method ? `${this.method} ${text}` : text;
    } else if (rec === 'REMARK' && line.startsWith('REMARK   2 RESOLUTION.')) {
      const m = /^REMARK {3}2 RESOLUTION\.\s+(\d+(?:\.\d*)?)\s+ANGSTROMS/.exec(line);
      if (m) this.resolution = Number(m[1]);
    }
  }

  /** The entry facts found (undefined when none), and problems with them as warnings. */
  finish(warnings: Diagnostic[]): EntryInfo | undefined {
    warnings.push(...this.problems);
    const entry: EntryInfo = {};
    if (this.released) {
      entry.releaseDate = this.released;
      entry.releaseDateSource = 'pdb-revdat';
    } else if (this.deposited) {
      entry.releaseDate = this.deposited;
      entry.releaseDateSource = 'pdb-header-deposition';
      warnings.push({
        file: this.file,
        message: `no REVDAT record of the initial release: the date recorded is HEADER's deposition date (${this.deposited}), which precedes the release`,
      });
    }
    if (this.resolution !== undefined) entry.resolution = this.resolution;
    if (this.method) entry.method = this.method;
    return Object.keys(entry).length ? entry : undefined;
  }
}
