// PDB format reader: text -> residues of the first model, with located diagnostics.
// Column positions follow the wwPDB format v3.3 ATOM/HETATM record (1-based columns).
import type { Diagnostic, EntryInfo, Residue } from './model.ts';
import { elementFromAtomName, normaliseElement } from './elements.ts';
import { resolveAltLocs, type RawAtom } from './alt-locs.ts';
import { checkCoordinates } from './check-coordinates.ts';

/** What a structure file (PDB or mmCIF) holds, before it is sorted into pocket/ligand/water. */
export interface StructureRecord {
  file: string;
  /** Residues of the first model in file order (polymer, hetero groups, waters, ions). */
  residues: Residue[];
  /** Chain breaks the file marked with TER: keys `chain|number|icode` of the residue before. */
  terAfter: Set<string>;
  /** Explicit CONECT bonds, by atom serial. */
  conect: Array<[number, number]>;
  /** Things noticed and resolved (alternate locations, inferred elements). */
  warnings: Diagnostic[];
  /** Problems that make the file unusable (no atoms, bad coordinates): non-empty means reject. */
  errors: Diagnostic[];
  /** What the file says about the deposited entry (release date, resolution, method). */
  entry?: EntryInfo;
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
  let modelsSeen = 0;
  let inferredElements = 0;
  let shiftedNumbers = 0;
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
        warnings.push({ file, line: i + 1, message: 'file holds several models; only the first was read' });
        break;
      }
      continue;
    }
    if (rec === 'ENDMDL') {
      if (modelsSeen >= 1) {
        if (lines.slice(i + 1).some((l) => l.startsWith('ATOM  ') || l.startsWith('HETATM'))) {
          warnings.push({ file, line: i + 1, message: 'file holds several models; only the first was read' });
        }
        break;
      }
      continue;
    }
    if (rec.startsWith('TER')) {
      if (lastKey) terAfter.add(lastKey);
      continue;
    }
    if (rec === 'CONECT') {
      const from = Number(line.slice(6, 11));
      for (const start of [11, 16, 21, 26]) {
        const to = Number(line.slice(start, start + 5));
        if (line.slice(start, start + 5).trim() && Number.isInteger(from) && Number.isInteger(to)) conect.push([from, to]);
      }
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
    const serialText = line.slice(6, 11).trim();
    const serial = /^\d+$/.test(serialText) ? Number(serialText) : raw.length + 1;
    const numText = line.slice(22, 26).trim();
    let number = Number(numText);
    let chain = line[21] === ' ' || line[21] === undefined ? '' : line[21];
    let insertionCode = line[26] === ' ' || line[26] === undefined ? '' : line[26];
    if (!/^-?\d+$/.test(numText)) {
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
  const residues = resolveAltLocs(raw, file, warnings);
  return { file, residues, terAfter, conect, warnings, errors };
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
