// PDB format reader: text -> residues of the first model, with located diagnostics.
// Column positions follow the wwPDB format v3.3 ATOM/HETATM record (1-based columns).
import type { Diagnostic, EntryInfo, Residue } from './model.ts';
import { elementFromAtomName, normaliseElement } from './elements.ts';
import { resolveAltLocs, type RawAtom } from './alt-locs.ts';
import { checkCoordinates } from './check-coordinates.ts';
import { decodeHybrid36 } from './hybrid-36.ts';
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

export function residueKey(r: { chain: string; number: number; insertionCode: string }): string {
  return `${r.chain}|${r.number}|${r.insertionCode}`;
}

/** Parses PDB text. Pure: the same text gives the same record. */
export function parsePdb(text: string, file: string): StructureRecord {
  const warnings: Diagnostic[] = [];
  const errors: Diagnostic[] = [];
  const raw: RawAtom[] = [];
  const terAfter = new Set<string>();
  const conect: Array<[number, number]> = [];
  const lines = text.split(/\r?\n/);
  // Without a line end after it, the last line may be a record cut short (a truncated file).
  const lastUnended = /\n$/.test(text) ? -1 : lines.length - 1;
  const entry = new PdbEntryInfo(file);
  let modelsSeen = 0;
  // After the first model's ENDMDL, atom records belong to later models: counted, not read.
  let pastFirstModel = false;
  let laterModelAtoms = 0;
  let laterModelLine = 0;
  let inferredElements = 0;
  let shiftedNumbers = 0;
  let unreadSerials = 0;
  let unreadConect = 0;
  let lastSerial = 0;
  let lastKey = '';
  let sawElementColumns = false;
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i];
    const rec = line.slice(0, 6);
    if (i === lastUnended && line.trim() !== '' && !/^(END|ENDMDL|TER)\b/.test(line) && !((rec === 'ATOM  ' || rec === 'HETATM') && completeAtomRecord(line, sawElementColumns))) {
      // Real files end with a line end; without one, a last record that is not complete
      // (an atom record through its B-factor or element columns, END, TER) was cut short.
      errors.push({ file, line: i + 1, message: `the last line is cut mid-record (${line.length} characters and no line end): file truncated?` });
      continue;
    }
    if (rec === 'MODEL ') {
      modelsSeen++;
      if (modelsSeen > 1) {
        pastFirstModel = true;
        if (!laterModelLine) laterModelLine = i + 1;
      }
      continue;
    }
    if (rec === 'ENDMDL') {
      if (modelsSeen >= 1) pastFirstModel = true;
      continue;
    }
    if (pastFirstModel && (rec === 'ATOM  ' || rec === 'HETATM' || rec.startsWith('TER'))) {
      if (!rec.startsWith('TER')) {
        laterModelAtoms++;
        if (!laterModelLine) laterModelLine = i + 1;
      }
      continue;
    }
    if (rec.startsWith('TER')) {
      if (lastKey) terAfter.add(lastKey);
      continue;
    }
    if (rec === 'CONECT') {
      // Serials may be hybrid-36 past 99,999; an unreadable field (`*****`) is counted.
      const fromText = line.slice(6, 11).trim();
      const from = decodeHybrid36(fromText, 5);
      for (const start of [11, 16, 21, 26]) {
        const toText = line.slice(start, start + 5).trim();
        if (!toText) continue;
        const to = decodeHybrid36(toText, 5);
        if (from === null || to === null) unreadConect++;
        else conect.push([from, to]);
      }
      continue;
    }
    if (rec === 'HEADER' || rec === 'REVDAT' || rec === 'EXPDTA' || rec === 'REMARK') {
      entry.take(rec, line, i + 1);
      continue;
    }
    if (rec !== 'ATOM  ' && rec !== 'HETATM') continue;
    if (line.length < 54) {
      errors.push({ file, line: i + 1, message: `atom record is truncated (${line.length} characters, coordinates need 54)` });
      continue;
    }
    const resName = line.slice(17, 20).trim();
    const nameField = line.slice(12, 16);
    const elementText = line.slice(76, 78);
    let element = normaliseElement(elementText);
    if (element) sawElementColumns = true;
    if (!element && elementText.trim() !== '') {
      errors.push({ file, line: i + 1, message: `columns 77-78 hold '${elementText.trim()}', which is not an element symbol` });
      continue;
    }
    if (!element) {
      element = elementFromAtomName(nameField, resName);
      inferredElements++;
      if (!element) {
        errors.push({ file, line: i + 1, message: `no element for atom '${nameField.trim()}' (columns 77-78 blank and the name names none)` });
        continue;
      }
    }
    const xyz: [number, number, number] = [field(line, 30, 38), field(line, 38, 46), field(line, 46, 54)];
    const bad = checkCoordinates(xyz);
    if (bad) {
      errors.push({ file, line: i + 1, message: bad });
      continue;
    }
    const occText = line.slice(54, 60).trim();
    const occupancy = occText === '' ? 1 : Number(occText);
    const bText = line.slice(60, 66).trim();
    if (!Number.isFinite(occupancy) || (bText !== '' && !Number.isFinite(Number(bText)))) {
      errors.push({ file, line: i + 1, message: `${Number.isFinite(occupancy) ? `B-factor '${bText}'` : `occupancy '${occText}'`} is not a number (columns ${Number.isFinite(occupancy) ? '61-66' : '55-60'})` });
      continue;
    }
    // Serials past 99,999 are hybrid-36 (`A0000`) or unreadable (`*****`): the latter
    // number on from the atom before. Serials only serve CONECT (see conectOfUniqueSerials).
    const serialText = line.slice(6, 11).trim();
    const decoded = decodeHybrid36(serialText, 5);
    const serial = decoded !== null && decoded >= 0 ? decoded : lastSerial + 1;
    if (serial !== decoded && serialText !== '') unreadSerials++;
    lastSerial = serial;
    const numText = line.slice(22, 26).trim();
    let number = decodeHybrid36(numText, 4) ?? NaN;
    let chain = line[21] === ' ' || line[21] === undefined ? '' : line[21];
    let insertionCode = line[26] === ' ' || line[26] === undefined ? '' : line[26];
    if (Number.isNaN(number)) {
      // Some writers shift the residue number and insertion code one column left
      // (`HOH  227A`, `HOH 2018B`): read number 227 / 2018, insertion code A / B, and say so.
      const shifted = /^\s*(-?\d+)([A-Za-z])$/.exec(line.slice(21, 26));
      if (!shifted) {
        errors.push({ file, line: i + 1, message: `residue number '${numText}' is not a whole number` });
        continue;
      }
      number = Number(shifted[1]);
      chain = '';
      insertionCode = shifted[2];
      shiftedNumbers++;
    }
    const chargeText = line.slice(78, 80).trim();
    const charge = /^\d[+-]$/.test(chargeText) ? Number(chargeText[0]) * (chargeText[1] === '-' ? -1 : 1) : undefined;
    const atom: RawAtom = {
      name: nameField.trim(),
      element,
      xyz,
      occupancy,
      serial,
      isHydrogen: element === 'H',
      altLoc: line[16] === ' ' || line[16] === undefined ? '' : line[16],
      line: i + 1,
      chain,
      residueName: resName,
      residueNumber: number,
      insertionCode,
      hetero: rec === 'HETATM',
    };
    if (charge !== undefined) atom.formalCharge = charge;
    raw.push(atom);
    lastKey = residueKey({ chain, number, insertionCode });
  }
  if (inferredElements > 0) {
    warnings.push({ file, message: `${inferredElements} atoms had no element in columns 77-78; inferred from the atom name` });
  }
  if (shiftedNumbers > 0) {
    warnings.push({ file, message: `${shiftedNumbers} atoms had the residue number and insertion code shifted one column left (e.g. 'HOH 2018B'); read as number 2018, insertion code B, blank chain` });
  }
  if (unreadSerials > 0) {
    warnings.push({ file, message: `${unreadSerials} atoms have a serial that is neither a number nor hybrid-36 (columns 7-11, e.g. '*****'); numbered on from the atom before` });
  }
  if (unreadConect > 0) {
    warnings.push({ file, message: `${unreadConect} CONECT bonds name a serial that is neither a number nor hybrid-36; not read (bonds of those atoms come from distances)` });
  }
  if (laterModelAtoms > 0) {
    warnings.push({ file, line: laterModelLine, message: `file holds ${Math.max(modelsSeen, 2)} models; only the first was read (${laterModelAtoms} atom records of later models skipped)` });
  }
  const residues = resolveAltLocs(raw, file, warnings);
  const info = entry.finish(warnings);
  const record: StructureRecord = { file, residues, terAfter, conect: conectOfUniqueSerials(conect, raw, file, warnings), warnings, errors };
  if (info) record.entry = info;
  return record;
}

/**
 * CONECT bonds whose serials each name exactly one atom: a serial that repeats (writers
 * that wrap at 99,999 or restart per chain) cannot say which atom is meant, so its bonds
 * are left out and counted in a warning.
 */
function conectOfUniqueSerials(conect: Array<[number, number]>, raw: readonly RawAtom[], file: string, warnings: Diagnostic[]): Array<[number, number]> {
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
  warnings.push({ file, message: `${conect.length - kept.length} CONECT bonds name a serial that several atoms share (${repeated.size} such serials, e.g. ${[...repeated][0]}); not read (bonds of those atoms come from distances)` });
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

/** A numeric fixed-width field; blank is NaN (not 0, as Number('') would give). */
function field(line: string, from: number, to: number): number {
  const t = line.slice(from, to).trim();
  return t === '' ? NaN : Number(t);
}
