// Tripos mol2 reader (the first molecule of the file): atom names, SYBYL types, bonds.
// RDKit-JS cannot read mol2, so this is ours; bond orders are then handed to RDKit. As strict
// as the PDB reader: an atom or bond line whose ids, coordinates or charge are not numbers is
// an error naming its line and field (numeric-field.ts words it), also after lone pairs (LP,
// Du) were left out: only a bond to one of those is passed over.

import { checkCoordinates } from './check-coordinates.ts';
import { normaliseElement } from './elements.ts';
import type { Bond, Diagnostic, LigandAtom } from './model.ts';
import { type NumericField, numberOrNaN, readNumber, readNumbers } from './numeric-field.ts';

export interface Mol2Record {
  file: string;
  moleculeName: string;
  /** Substructure (residue) names in order of first appearance. */
  substructures: string[];
  atoms: LigandAtom[];
  bonds: Bond[];
  warnings: Diagnostic[];
  errors: Diagnostic[];
}

// The numeric fields of atom lines (id name x y z type [subst_id subst_name [charge]]) and
// bond lines (id origin target type), 1-based as the Tripos format counts them.
const ATOM_ID: NumericField = { name: 'atom id', where: 'field 1', whole: true };
const SUBSTRUCTURE_ID: NumericField = { name: 'substructure id', where: 'field 7', whole: true };
const CHARGE: NumericField = { name: 'charge', where: 'field 9' };
const BOND_FIELDS: NumericField[] = [
  { name: 'bond id', where: 'field 1', whole: true },
  { name: "bond's first atom id", where: 'field 2', whole: true },
  { name: "bond's second atom id", where: 'field 3', whole: true },
];

const BOND_ORDERS: Record<string, Bond['order']> = { '1': 1, '2': 2, '3': 3, ar: 1.5, am: 1 };

/** Element from a SYBYL type: `C.ar` -> C, `Cl` -> Cl, `N.pl3` -> N. */
export function elementFromSybyl(type: string): string | null {
  return normaliseElement(type.split('.')[0]);
}

export function parseMol2(text: string, file: string): Mol2Record {
  const warnings: Diagnostic[] = [];
  const errors: Diagnostic[] = [];
  const atoms: LigandAtom[] = [];
  const bonds: Bond[] = [];
  const substructures: string[] = [];
  const indexById = new Map<number, number>();
  const lines = text.split(/\r?\n/);
  let section = '';
  let moleculeName = '';
  let molecules = 0;
  let moleculeLine = 0;
  let skippedLonePairs = 0;
  /** Ids of the lone pairs and dummies left out: bonds to them are left out too. */
  const skippedIds = new Set<number>();
  let skippedBonds = 0;
  /** Ids of atoms whose line was an error: their bonds add no error of their own. */
  const failedIds = new Set<number>();
  /** The counts the molecule section gives (atoms, bonds), and where. */
  let declared: { atoms: number; bonds: number | null; line: number } | null = null;
  let atomLines = 0,
    bondLines = 0,
    atomSectionLine = 0,
    bondSectionLine = 0;
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i];
    const trimmed = line.trim();
    if (trimmed.startsWith('@<TRIPOS>')) {
      section = trimmed.slice(9).toUpperCase();
      if (section === 'MOLECULE') {
        molecules++;
        if (molecules > 1) {
          warnings.push({ file, line: i + 1, message: 'file holds several molecules; only the first was read' });
          break;
        }
        moleculeLine = i;
      }
      if (section === 'ATOM') atomSectionLine = i + 1;
      if (section === 'BOND') bondSectionLine = i + 1;
      continue;
    }
    if (!trimmed || trimmed.startsWith('#')) continue;
    if (section === 'MOLECULE' && i === moleculeLine + 1) moleculeName = trimmed;
    if (section === 'MOLECULE' && i === moleculeLine + 2) {
      const [na, nb] = trimmed.split(/\s+/);
      if (!/^\d+$/.test(na) || (nb !== undefined && !/^\d+$/.test(nb))) {
        errors.push({
          file,
          line: i + 1,
          message: `the molecule's counts line ('${trimmed}') does not start with the number of atoms and bonds`,
        });
      } else {
        declared = { atoms: Number(na), bonds: nb === undefined ? null : Number(nb), line: i + 1 };
      }
    }
    if (i === lines.length - 1 && !/\n$/.test(text) && (section === 'ATOM' || section === 'BOND')) {
      // Real files end with a line end; a last atom or bond line without one was cut short.
      errors.push({ file, line: i + 1, message: `the last ${section.toLowerCase()} line is cut mid-line (no line end): file truncated?` });
      continue;
    }
    if (section === 'ATOM') atomLines++;
    if (section === 'BOND') bondLines++;
    if (section === 'ATOM') {
      const f = trimmed.split(/\s+/);
      if (f.length < 6) {
        errors.push({ file, line: i + 1, message: `atom line has ${f.length} fields; at least 6 are needed (id name x y z type)` });
        continue;
      }
      const id = readNumber(f[0], ATOM_ID);
      if (typeof id !== 'number') {
        errors.push({ file, line: i + 1, message: id.message });
        continue;
      }
      const xyz: [number, number, number] = [numberOrNaN(f[2]), numberOrNaN(f[3]), numberOrNaN(f[4])];
      const bad = checkCoordinates(xyz);
      if (bad) {
        errors.push({ file, line: i + 1, message: bad });
        failedIds.add(id);
        continue;
      }
      const numbers = readNumbers([
        [f[6], SUBSTRUCTURE_ID, 0],
        [f[8], CHARGE, 0],
      ]);
      if (!Array.isArray(numbers)) {
        errors.push({ file, line: i + 1, message: numbers.message });
        failedIds.add(id);
        continue;
      }
      const [subId] = numbers;
      const type = f[5];
      if (type === 'LP' || type === 'Du') {
        skippedLonePairs++;
        skippedIds.add(id);
        continue;
      }
      const element = elementFromSybyl(type);
      if (!element) {
        errors.push({ file, line: i + 1, message: `atom type '${type}' names no element` });
        failedIds.add(id);
        continue;
      }
      indexById.set(id, atoms.length);
      if (f[7] && !substructures.includes(f[7])) substructures.push(f[7]);
      const substructure = f[7] ? { substructure: { name: f[7], id: subId, atomName: f[1] } } : {};
      atoms.push({ name: f[1], element, xyz, occupancy: 1, serial: id, isHydrogen: element === 'H', sybylType: type, ...substructure });
    }
    if (section === 'BOND') {
      const f = trimmed.split(/\s+/);
      if (f.length < 4) {
        errors.push({ file, line: i + 1, message: `bond line has ${f.length} fields; 4 are needed (id origin target type)` });
        continue;
      }
      const ids = readNumbers(BOND_FIELDS.map((field, k) => [f[k], field, 0] as const));
      if (!Array.isArray(ids)) {
        errors.push({ file, line: i + 1, message: ids.message });
        continue;
      }
      const [, from, to] = ids;
      const a = indexById.get(from);
      const b = indexById.get(to);
      if (a === undefined || b === undefined) {
        // A bond to a lone pair or dummy left out goes with it; one to an atom whose line was
        // an error adds nothing to that error; any other end is an error.
        if (failedIds.has(from) || failedIds.has(to)) continue;
        if ((a !== undefined || skippedIds.has(from)) && (b !== undefined || skippedIds.has(to))) skippedBonds++;
        else errors.push({ file, line: i + 1, message: `bond line does not join two atoms of the file: '${trimmed}'` });
        continue;
      }
      const order = BOND_ORDERS[f[3].toLowerCase()];
      if (order === undefined) {
        warnings.push({ file, line: i + 1, message: `bond type '${f[3]}' is not single/double/triple/aromatic/amide; read as single` });
      }
      bonds.push({ a, b, order: order ?? 1 });
    }
  }
  if (skippedLonePairs)
    warnings.push({
      file,
      message: `${skippedLonePairs} lone-pair or dummy atoms (LP/Du) were left out${skippedBonds ? `, with their ${skippedBonds} bonds` : ''}`,
    });
  if (molecules === 0) errors.push({ file, message: 'no @<TRIPOS>MOLECULE section: not a mol2 file' });
  else if (errors.length > 0) {
    /* the first error says enough */
  } else if (!declared)
    errors.push({ file, line: moleculeLine + 3, message: 'the molecule section has no counts line (number of atoms and bonds)' });
  else if (!atomSectionLine && declared.atoms > 0)
    errors.push({
      file,
      line: declared.line,
      message: `no @<TRIPOS>ATOM section, though the molecule has ${declared.atoms} atoms: file truncated?`,
    });
  else if (atomLines !== declared.atoms)
    errors.push({
      file,
      line: atomSectionLine,
      message: `the atom section holds ${atomLines} atoms; the molecule's counts line (line ${declared.line}) says ${declared.atoms}: file truncated or edited?`,
    });
  else if (declared.bonds !== null && declared.bonds > 0 && !bondSectionLine)
    errors.push({
      file,
      line: declared.line,
      message: `no @<TRIPOS>BOND section, though the molecule has ${declared.bonds} bonds: file truncated?`,
    });
  else if (declared.bonds !== null && bondLines !== declared.bonds)
    errors.push({
      file,
      line: bondSectionLine,
      message: `the bond section holds ${bondLines} bonds; the molecule's counts line (line ${declared.line}) says ${declared.bonds}: file truncated or edited?`,
    });
  else if (atoms.length === 0)
    errors.push({
      file,
      line: atomSectionLine || declared.line,
      message: skippedLonePairs ? `the molecule has no atoms but ${skippedLonePairs} lone pairs or dummies` : 'the molecule has no atoms',
    });
  return { file, moleculeName, substructures, atoms, bonds, warnings, errors };
}
