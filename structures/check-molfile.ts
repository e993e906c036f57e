// Structural checks of the first molecule of an SDF/MOL file before RDKit sees it: the
// counts line, an atom block and a bond block as long as it says, numeric coordinates,
// bonds joining atoms of the molecule, and the closing `M  END`. RDKit-JS would otherwise
// read a truncated block as a smaller molecule, or throw from WebAssembly. Pure: text in,
// located diagnostics out (empty: fine). Layout: CTfile formats (V2000 fixed columns,
// V3000 `M  V30` lines). V2000 mass differences, charge codes and `M  CHG` entries that are
// not whole numbers are errors here too (RDKit would reject them without saying where), and
// a charge code outside 0-7 (RDKit would read `9` as a charge of -5).

import { checkCoincident, checkCoordinates } from './check-coordinates.ts';
import { normaliseElement } from './elements.ts';
import type { Diagnostic } from './model.ts';
import { type NumericField, numberOrNaN, readNumber } from './numeric-field.ts';

const isCount = (t: string) => /^\d+$/.test(t);

// V2000 atom line fields after the symbol (cols 35-36, 37-39), and the `M  CHG` entries.
const MASS_DIFFERENCE: NumericField = { name: 'mass difference', where: 'columns 35-36', whole: true };
const CHARGE_CODE: NumericField = { name: 'charge code', where: 'columns 37-39', whole: true };
const CHG_COUNT: NumericField = { name: 'entry count', where: 'M  CHG', whole: true };
const CHG_ATOM: NumericField = { name: 'atom number', where: 'M  CHG', whole: true };
const CHG_VALUE: NumericField = { name: 'charge', where: 'M  CHG', whole: true };

export function checkMolfile(text: string, file: string): Diagnostic[] {
  const all = text.split(/\r?\n/);
  const end = all.findIndex((l) => l.startsWith('$$$$'));
  const lines = end < 0 ? all : all.slice(0, end);
  const start = 0;
  const problem = (line: number | undefined, message: string): Diagnostic[] => [{ file, ...(line ? { line: line + 1 } : {}), message }];
  const countsAt = start + 3;
  const counts = lines[countsAt];
  if (counts === undefined)
    return problem(undefined, `the file ends before its counts line (line ${countsAt + 1}): truncated, or not an SDF/MOL file`);
  if (/V3000/.test(counts)) return checkV3000(lines, countsAt, file);
  if (!/V2000/.test(counts)) return problem(countsAt, 'no V2000 or V3000 counts line: not an SDF/MOL file');
  const nAtoms = counts.slice(0, 3).trim();
  const nBonds = counts.slice(3, 6).trim();
  if (!isCount(nAtoms) || !isCount(nBonds))
    return problem(countsAt, `the counts line does not give atom and bond counts ('${counts.slice(0, 6)}')`);
  const atoms = Number(nAtoms),
    bonds = Number(nBonds);
  if (atoms === 0) return problem(countsAt, 'the molecule has no atoms (the counts line says 0)');
  const unended = end < 0 && !/\n$/.test(text) ? all.length - 1 : -1;
  const points: number[][] = [];
  for (let k = 0; k < atoms; k++) {
    const i = countsAt + 1 + k;
    const line = lines[i];
    if (line === undefined || line.startsWith('M  '))
      return problem(i, `the atom block holds ${k} atoms; the counts line says ${atoms}: truncated?`);
    if (i === unended) return problem(i, `atom ${k + 1} is cut mid-line (the file ends without a line end): truncated?`);
    const f = line.trim().split(/\s+/);
    if (/^\d+$/.test(f[0] ?? '') && f.length <= 7 && !/\./.test(line))
      return problem(i, `the atom block ends after ${k} atoms (this looks like a bond line); the counts line says ${atoms}`);
    const xyz = [f[0], f[1], f[2]].map(numberOrNaN);
    const bad = checkCoordinates(xyz);
    if (bad) return problem(i, `atom ${k + 1}: ${bad}`);
    points.push(xyz);
    if (!f[3] || !/^[A-Za-z*#][A-Za-z]{0,2}$|^[RLA]#?$|^\*$/.test(f[3])) return problem(i, `atom ${k + 1} has no element symbol`);
    if (!normaliseElement(f[3])) return problem(i, `atom ${k + 1}: '${f[3]}' is not an element symbol`);
    const mass = f[4] === undefined ? 0 : readNumber(f[4], MASS_DIFFERENCE);
    if (typeof mass !== 'number') return problem(i, `atom ${k + 1}: ${mass.message}`);
    const charge = f[5] === undefined ? 0 : readNumber(f[5], CHARGE_CODE);
    if (typeof charge !== 'number') return problem(i, `atom ${k + 1}: ${charge.message}`);
    if (charge < 0 || charge > 7) return problem(i, `atom ${k + 1}: charge code '${f[5]}' is not 0-7 (columns 37-39)`);
  }
  const coincident = checkCoincident(points);
  if (coincident) return problem(countsAt + 1, `the molecule has no usable coordinates: ${coincident}`);
  for (let k = 0; k < bonds; k++) {
    const i = countsAt + 1 + atoms + k;
    const line = lines[i];
    if (line === undefined || line.startsWith('M  '))
      return problem(i, `the bond block holds ${k} bonds; the counts line says ${bonds}: truncated?`);
    if (i === unended) return problem(i, `bond ${k + 1} is cut mid-line (the file ends without a line end): truncated?`);
    const a = Number(line.slice(0, 3)),
      b = Number(line.slice(3, 6)),
      order = Number(line.slice(6, 9));
    if (![a, b].every((n) => Number.isInteger(n) && n >= 1 && n <= atoms))
      return problem(i, `bond ${k + 1} does not join two of the ${atoms} atoms ('${line.trim()}')`);
    if (!Number.isInteger(order) || order < 1 || order > 8) return problem(i, `bond ${k + 1} has no bond type 1-8 ('${line.trim()}')`);
  }
  const propertiesAt = countsAt + 1 + atoms + bonds;
  const endAt = lines.findIndex((l, i) => i >= propertiesAt && l.startsWith('M  END'));
  if (endAt < 0) return problem(undefined, 'no M  END line after the bond block: file truncated?');
  for (let i = propertiesAt; i < endAt; i++) {
    if (lines[i].startsWith('M  CHG')) {
      const bad = checkChargeLine(lines[i], atoms);
      if (bad) return problem(i, bad);
    }
  }
  return [];
}

/** Why an `M  CHG` line (count, then atom number and charge pairs) is unusable, or null. */
function checkChargeLine(line: string, atoms: number): string | null {
  const [count, ...rest] = line.slice(6).trim().split(/\s+/);
  const n = readNumber(count ?? '', CHG_COUNT);
  if (typeof n !== 'number') return n.message;
  if (rest.length < 2 * n) return `M  CHG says ${n} entries but holds ${Math.floor(rest.length / 2)}`;
  for (let k = 0; k < n; k++) {
    const atom = readNumber(rest[2 * k], CHG_ATOM);
    if (typeof atom !== 'number') return atom.message;
    if (atom < 1 || atom > atoms) return `M  CHG names atom ${atom}; the molecule has ${atoms}`;
    const charge = readNumber(rest[2 * k + 1], CHG_VALUE);
    if (typeof charge !== 'number') return charge.message;
  }
  return null;
}

function checkV3000(lines: string[], countsAt: number, file: string): Diagnostic[] {
  const problem = (line: number | undefined, message: string): Diagnostic[] => [
    { file, ...(line !== undefined ? { line: line + 1 } : {}), message },
  ];
  const countsLine = lines.findIndex((l, i) => i > countsAt && l.startsWith('M  V30 COUNTS'));
  if (countsLine < 0) return problem(undefined, 'no M  V30 COUNTS line: truncated V3000 molecule');
  const [na, nb] = lines[countsLine].slice('M  V30 COUNTS'.length).trim().split(/\s+/);
  if (!isCount(na ?? '') || !isCount(nb ?? '')) return problem(countsLine, 'the V3000 COUNTS line does not give atom and bond counts');
  const block = (name: string, expected: number, each: (f: string[], i: number) => string | null): Diagnostic[] => {
    if (expected === 0) return [];
    const begin = lines.findIndex((l, i) => i > countsLine && l.trim() === `M  V30 BEGIN ${name}`);
    if (begin < 0) return problem(undefined, `no ${name.toLowerCase()} block, though COUNTS says ${expected}`);
    let n = 0;
    for (let i = begin + 1; i < lines.length; i++) {
      const l = lines[i].trim();
      if (l === `M  V30 END ${name}`) {
        return n === expected ? [] : problem(i, `the ${name.toLowerCase()} block holds ${n} entries; COUNTS says ${expected}`);
      }
      if (!l.startsWith('M  V30 ')) break;
      if (lines[i - 1].trimEnd().endsWith('-')) continue; // continuation line
      n++;
      const bad = each(l.slice(7).trim().split(/\s+/), i);
      if (bad) return problem(i, bad);
    }
    return problem(undefined, `the ${name.toLowerCase()} block is not closed (M  V30 END ${name}): file truncated?`);
  };
  const atoms = Number(na);
  const points: number[][] = [];
  const atomProblems = block('ATOM', atoms, (f) => {
    const xyz = [f[2], f[3], f[4]].map((v) => (v === undefined ? NaN : Number(v)));
    const bad = checkCoordinates(xyz);
    if (bad) return `atom ${f[0]}: ${bad}`;
    points.push(xyz);
    return normaliseElement(f[1] ?? '') ? null : `atom ${f[0]}: '${f[1] ?? ''}' is not an element symbol`;
  });
  if (atomProblems.length) return atomProblems;
  const coincident = checkCoincident(points);
  if (coincident) return problem(undefined, `the molecule has no usable coordinates: ${coincident}`);
  const bondProblems = block('BOND', Number(nb), (f) => {
    const ends = [Number(f[2]), Number(f[3])];
    return ends.every((n) => Number.isInteger(n) && n >= 1 && n <= atoms) ? null : `bond ${f[0]} does not join two of the ${atoms} atoms`;
  });
  if (bondProblems.length) return bondProblems;
  if (!lines.slice(countsLine).some((l) => l.startsWith('M  END'))) return problem(undefined, 'no M  END line: file truncated?');
  return [];
}
