// One ATOM/HETATM record of a PDB file -> a raw atom, or the problem that makes it
// unusable. Columns follow the wwPDB format v3.3 (1-based: serial 7-11, name 13-16, altLoc
// 17, residue name 18-20, chain 22, number 23-26, insertion code 27, x/y/z 31-54,
// occupancy 55-60, B-factor 61-66, element 77-78, charge 79-80). Built for speed (every
// atom of every file passes here): numbers are read in place (fixed-columns.ts), and the
// residue fields, the same for every atom of a residue, are decoded once per residue.

import type { RawAtom } from './alt-locs.ts';
import { checkCoordinates, MAX_ABS_COORDINATE } from './check-coordinates.ts';
import { elementFromAtomName, normaliseElement } from './elements.ts';
import { columnDigits, columnNumber } from './fixed-columns.ts';
import { decodeHybrid36 } from './hybrid-36.ts';
import type { Diagnostic } from './model.ts';
import { notANumber } from './numeric-field.ts';

const OCCUPANCY = { name: 'occupancy', where: 'columns 55-60' };
const B_FACTOR = { name: 'B-factor', where: 'columns 61-66' };
const RESIDUE_NUMBER = { name: 'residue number', whole: true };

interface ResidueFields {
  /** Columns 18-27 as written: the cache key. */
  text: string;
  residueName: string;
  residueNumber: number;
  chain: string;
  insertionCode: string;
  shifted: boolean;
}

export class PdbAtomReader {
  /** Atoms whose element came from the atom name (columns 77-78 blank). */
  inferredElements = 0;
  /** Atoms whose residue number and insertion code sat one column left. */
  shiftedNumbers = 0;
  /** Atoms whose serial was neither a number nor hybrid-36 (`*****`). */
  unreadSerials = 0;
  /** Atoms whose charge columns 79-80 held neither blanks nor a charge (`1+`, `2-`). */
  unreadCharges = 0;
  /** The line of the first of those, and what it held. */
  firstUnreadCharge: { line: number; text: string } | null = null;
  /** True once an atom had its element in columns 77-78. */
  sawElementColumns = false;
  private lastSerial = 0;
  private residue: ResidueFields | null = null;
  private readonly elements = new Map<number, string | null>();
  private readonly names = new Map<number, string>();

  constructor(private readonly file: string) {}

  /** The atom of one ATOM/HETATM line (`lineNo` 1-based), or why it cannot be read. */
  read(line: string, lineNo: number): RawAtom | Diagnostic {
    const { file } = this;
    if (line.length < 54)
      return { file, line: lineNo, message: `atom record is truncated (${line.length} characters, coordinates need 54)` };
    // The checks in this order, so a record with several problems names the same first one.
    let element = this.elementOf(line);
    if (element) this.sawElementColumns = true;
    else if (line.slice(76, 78).trim() !== '') {
      return { file, line: lineNo, message: `columns 77-78 hold '${line.slice(76, 78).trim()}', which is not an element symbol` };
    } else {
      const nameField = line.slice(12, 16);
      element = elementFromAtomName(nameField, line.slice(17, 20).trim());
      this.inferredElements++;
      if (!element)
        return { file, line: lineNo, message: `no element for atom '${nameField.trim()}' (columns 77-78 blank and the name names none)` };
    }
    const x = columnNumber(line, 30, 38, NaN),
      y = columnNumber(line, 38, 46, NaN),
      z = columnNumber(line, 46, 54, NaN);
    const xyz: [number, number, number] = [x, y, z];
    if (!(Math.abs(x) <= MAX_ABS_COORDINATE && Math.abs(y) <= MAX_ABS_COORDINATE && Math.abs(z) <= MAX_ABS_COORDINATE)) {
      const bad = checkCoordinates(xyz);
      if (bad) return { file, line: lineNo, message: bad };
    }
    const occupancy = columnNumber(line, 54, 60, 1);
    if (!Number.isFinite(occupancy)) return { file, line: lineNo, message: notANumber(OCCUPANCY, line.slice(54, 60).trim()) };
    if (!Number.isFinite(columnNumber(line, 60, 66, 0)))
      return { file, line: lineNo, message: notANumber(B_FACTOR, line.slice(60, 66).trim()) };
    const serial = this.serialOf(line);
    const res = this.residueFields(line, lineNo);
    if ('message' in res) return res;
    const c78 = line.charCodeAt(78),
      c79 = line.charCodeAt(79);
    const charge = c78 >= 48 && c78 <= 57 && (c79 === 43 || c79 === 45) ? (c78 - 48) * (c79 === 45 ? -1 : 1) : undefined;
    if (charge === undefined && line.length > 78 && line.slice(78, 80).trim() !== '') {
      this.unreadCharges++;
      this.firstUnreadCharge ??= { line: lineNo, text: line.slice(78, 80).trim() };
    }
    const alt = line[16];
    return {
      name: this.nameOf(line),
      element,
      xyz,
      occupancy,
      serial,
      isHydrogen: element === 'H',
      altLoc: alt === ' ' || alt === undefined ? '' : alt,
      formalCharge: charge,
      line: lineNo,
      chain: res.chain,
      residueName: res.residueName,
      residueNumber: res.residueNumber,
      insertionCode: res.insertionCode,
      hetero: line.charCodeAt(0) === 72, // 'H' of HETATM
    };
  }

  /** Columns 77-78 as an element symbol, or null; cached by the two characters' codes. */
  private elementOf(line: string): string | null {
    const a = line.charCodeAt(76),
      b = line.charCodeAt(77);
    if (!(a < 128 && b < 128)) return normaliseElement(line.slice(76, 78)); // short line, or not ASCII
    const key = a * 128 + b;
    let e = this.elements.get(key);
    if (e === undefined) this.elements.set(key, (e = normaliseElement(line.slice(76, 78))));
    return e;
  }

  /** The atom name (columns 13-16, trimmed); cached by the four characters' codes. */
  private nameOf(line: string): string {
    const a = line.charCodeAt(12),
      b = line.charCodeAt(13),
      c = line.charCodeAt(14),
      d = line.charCodeAt(15);
    if (!(a < 128 && b < 128 && c < 128 && d < 128)) return line.slice(12, 16).trim();
    const key = ((a * 128 + b) * 128 + c) * 128 + d;
    let name = this.names.get(key);
    if (name === undefined) this.names.set(key, (name = line.slice(12, 16).trim()));
    return name;
  }

  /**
   * Serials past 99,999 are hybrid-36 (`A0000`) or unreadable (`*****`): the latter number
   * on from the atom before. Serials only serve CONECT (read-pdb.ts keeps unique ones).
   */
  private serialOf(line: string): number {
    let serial = columnDigits(line, 6, 11);
    if (serial < 0) {
      const text = line.slice(6, 11).trim();
      const decoded = decodeHybrid36(text, 5);
      serial = decoded !== null && decoded >= 0 ? decoded : this.lastSerial + 1;
      if (serial !== decoded && text !== '') this.unreadSerials++;
    }
    this.lastSerial = serial;
    return serial;
  }

  /** Residue name, number (hybrid-36 past 9,999), chain and insertion code: once per residue. */
  private residueFields(line: string, lineNo: number): ResidueFields | Diagnostic {
    const cached = this.residue;
    if (cached !== null && line.startsWith(cached.text, 17)) {
      if (cached.shifted) this.shiftedNumbers++;
      return cached;
    }
    const numText = line.slice(22, 26).trim();
    let number = decodeHybrid36(numText, 4) ?? NaN;
    let chain = line[21] === ' ' || line[21] === undefined ? '' : line[21];
    let insertionCode = line[26] === ' ' || line[26] === undefined ? '' : line[26];
    let shifted = false;
    if (Number.isNaN(number)) {
      // Some writers shift the residue number and insertion code one column left
      // (`HOH  227A`, `HOH 2018B`): read number 227 / 2018, insertion code A / B, and say so.
      const m = /^\s*(-?\d+)([A-Za-z])$/.exec(line.slice(21, 26));
      if (!m) return { file: this.file, line: lineNo, message: notANumber(RESIDUE_NUMBER, numText) };
      number = Number(m[1]);
      chain = '';
      insertionCode = m[2];
      shifted = true;
      this.shiftedNumbers++;
    }
    const fields: ResidueFields = {
      text: line.slice(17, 27),
      residueName: line.slice(17, 20).trim(),
      residueNumber: number,
      chain,
      insertionCode,
      shifted,
    };
    this.residue = fields;
    return fields;
  }
}
