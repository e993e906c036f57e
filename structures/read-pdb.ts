// PDB format reader: text -> residues of the first model, with located diagnostics.
// Column positions follow the wwPDB format v3.3 ATOM/HETATM record (1-based columns).

import { type RawAtom, resolveAltLocs } from './alt-locs.ts';
import { nameBlankChains } from './blank-chains.ts';
import { decodeHybrid36 } from './hybrid-36.ts';
import type { Diagnostic, EntryInfo, Residue } from './model.ts';
import { PdbAtomReader } from './pdb-atom-record.ts';
import { PdbEntryInfo } from './pdb-entry-info.ts';

/** What a structure file (PDB or mmCIF) holds, before it is sorted into pocket/ligand/water. */
export interface StructureRecord {
  file: string;
  /** Residues of the first model in file order (polymer, hetero groups, waters, ions). */
  residues: Residue[];
  /** Chain breaks the file marked with TER: keys `chain|number|icode` of the residue before. */
  terAfter: Set<string>;
  /** Explicit CONECT bonds, by atom serial (only serials that name one atom of the file). */
  conect: Array<[number, number]>;
  /** What the file says about the deposited entry (release date, resolution, method). */
  entry?: EntryInfo;
  /** Things noticed and resolved (alternate locations, inferred elements). */
  warnings: Diagnostic[];
  /** Problems that make the file unusable (no atoms, bad coordinates): non-empty means reject. */
  errors: Diagnostic[];
}

/** A residue's key for maps and sets while reading (`A|25|B`): not a text for people (qa/bond-atoms.ts's residueIdText is). */
export function residueMapKey(r: { chain: string; number: number; insertionCode: string }): string {
  return `${r.chain}|${r.number}|${r.insertionCode}`;
}

/** Parses PDB text. Pure: the same text gives the same record. */
export function parsePdb(text: string, file: string): StructureRecord {
  const warnings: Diagnostic[] = [];
  const errors: Diagnostic[] = [];
  const raw: RawAtom[] = [];
  const terAfter = new Set<string>();
  // For each TER record (first model), how many atoms came before it.
  const terAt: number[] = [];
  const conect: Array<[number, number]> = [];
  // Lines end with \n or \r\n: split on \n, and a line followed by \n drops one \r.
  const lines = text.split('\n');
  const last = lines.length - 1;
  // Without a line end after it, the last line may be a record cut short (a truncated file).
  const lastUnended = text.endsWith('\n') ? -1 : last;
  const entry = new PdbEntryInfo(file);
  const atoms = new PdbAtomReader(file);
  let modelsSeen = 0;
  // After the first model's ENDMDL, atom records belong to later models: counted, not read.
  let pastFirstModel = false;
  let laterModelAtoms = 0;
  let laterModelLine = 0;
  let unreadConect = 0;
  let lastAtom: RawAtom | null = null;
  for (let i = 0; i < lines.length; i++) {
    let line = lines[i];
    if (i < last && line.charCodeAt(line.length - 1) === 13) line = line.slice(0, -1);
    const isAtom = line.startsWith('ATOM  ') || line.startsWith('HETATM');
    if (
      i === lastUnended &&
      line.trim() !== '' &&
      !/^(END|ENDMDL|TER)\b/.test(line) &&
      !(isAtom && completeAtomRecord(line, atoms.sawElementColumns))
    ) {
      // Real files end with a line end; without one, a last record that is not complete
      // (an atom record through its B-factor or element columns, END, TER) was cut short.
      errors.push({
        file,
        line: i + 1,
        message: `the last line is cut mid-record (${line.length} characters and no line end): file truncated?`,
      });
      continue;
    }
    if (isAtom) {
      if (pastFirstModel) {
        laterModelAtoms++;
        if (!laterModelLine) laterModelLine = i + 1;
        continue;
      }
      const atom = atoms.read(line, i + 1);
      if ('message' in atom) errors.push(atom);
      else raw.push((lastAtom = atom));
      continue;
    }
    const rec = line.slice(0, 6);
    if (rec === 'MODEL ') {
      modelsSeen++;
      if (modelsSeen > 1) {
        pastFirstModel = true;
        if (!laterModelLine) laterModelLine = i + 1;
      }
    } else if (rec === 'ENDMDL') {
      if (modelsSeen >= 1) pastFirstModel = true;
    } else if (rec.startsWith('TER')) {
      if (lastAtom && !pastFirstModel) terAt.push(raw.length);
    } else if (rec === 'CONECT') {
      // Serials may be hybrid-36 past 99,999; an unreadable field (`*****`) is counted.
      const from = decodeHybrid36(line.slice(6, 11).trim(), 5);
      for (const start of [11, 16, 21, 26]) {
        const toText = line.slice(start, start + 5).trim();
        if (!toText) continue;
        const to = decodeHybrid36(toText, 5);
        if (from === null || to === null) unreadConect++;
        else conect.push([from, to]);
      }
    } else if (rec === 'HEADER' || rec === 'REVDAT' || rec === 'EXPDTA' || rec === 'REMARK') {
      entry.take(rec, line, i + 1);
    }
  }
  if (atoms.inferredElements > 0) {
    warnings.push({ file, message: `${atoms.inferredElements} atoms had no element in columns 77-78; inferred from the atom name` });
  }
  if (atoms.shiftedNumbers > 0) {
    warnings.push({
      file,
      message: `${atoms.shiftedNumbers} atoms had the residue number and insertion code shifted one column left (e.g. 'HOH 2018B'); read as number 2018, insertion code B, blank chain`,
    });
  }
  if (atoms.unreadSerials > 0) {
    warnings.push({
      file,
      message: `${atoms.unreadSerials} atoms have a serial that is neither a number nor hybrid-36 (columns 7-11, e.g. '*****'); numbered on from the atom before`,
    });
  }
  if (atoms.firstUnreadCharge) {
    const { line, text } = atoms.firstUnreadCharge;
    warnings.push({
      file,
      line,
      message: `${atoms.unreadCharges} atoms have columns 79-80 holding something that is not a charge such as 1+ or 2- (first: '${text}' on line ${line}); read as no charge`,
    });
  }
  if (unreadConect > 0) {
    warnings.push({
      file,
      message: `${unreadConect} CONECT bonds name a serial that is neither a number nor hybrid-36; not read (bonds of those atoms come from distances)`,
    });
  }
  if (laterModelAtoms > 0) {
    warnings.push({
      file,
      line: laterModelLine,
      message: `file holds ${Math.max(modelsSeen, 2)} models; only the first was read (${laterModelAtoms} atom records of later models skipped)`,
    });
  }
  // Several chains without a chain id are told apart before atoms are grouped into residues.
  nameBlankChains(raw, terAt, file, warnings);
  for (const n of terAt) {
    const a = raw[n - 1];
    terAfter.add(residueMapKey({ chain: a.chain, number: a.residueNumber, insertionCode: a.insertionCode }));
  }
  const residues = resolveAltLocs(raw, file, warnings);
  const info = entry.finish(warnings);
  const record: StructureRecord = {
    file,
    residues,
    terAfter,
    conect: conectOfUniqueSerials(conect, raw, file, warnings),
    warnings,
    errors,
  };
  if (info) record.entry = info;
  return record;
}

/**
 * CONECT bonds whose serials each name exactly one atom: a serial that repeats (writers
 * that wrap at 99,999 or restart per chain) cannot say which atom is meant, so its bonds
 * are left out and counted in a warning.
 */
function conectOfUniqueSerials(
  conect: Array<[number, number]>,
  raw: readonly RawAtom[],
  file: string,
  warnings: Diagnostic[],
): Array<[number, number]> {
  if (conect.length === 0) return conect;
  const named = new Set<number>();
  for (const [a, b] of conect) named.add(a).add(b);
  const seen = new Set<number>();
  const repeated = new Set<number>();
  for (const a of raw) {
    if (!named.has(a.serial)) continue;
    if (seen.has(a.serial)) repeated.add(a.serial);
    seen.add(a.serial);
  }
  if (repeated.size === 0) return conect;
  const kept = conect.filter(([a, b]) => !repeated.has(a) && !repeated.has(b));
  warnings.push({
    file,
    message: `${conect.length - kept.length} CONECT bonds name a serial that several atoms share (${repeated.size} such serials, e.g. ${[...repeated][0]}); not read (bonds of those atoms come from distances)`,
  });
  return kept;
}

/**
 * An atom record that may end a file without a line end: through its element columns (78+),
 * or through its B-factor (column 66) with nothing but blanks or a whole segment id after
 * it, as old files without element columns write it (not when the records before it have
 * elements: then it was cut). Column 77 alone would halve a two-letter element.
 */
function completeAtomRecord(line: string, fileHasElements: boolean): boolean {
  if (line.length >= 78) return true;
  return !fileHasElements && line.length >= 66 && line.length <= 76 && (line.length === 76 || line.slice(66).trim() === '');
}
