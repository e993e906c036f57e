// Building the typed Ligand from a mol2 file, an SDF file, or a residue of a PDB entry.

import { bondsByDistance } from './bonds-by-distance.ts';
import { checkCoincident } from './check-coordinates.ts';
import { checkMolfile } from './check-molfile.ts';
import type { Atom, Diagnostic, Ligand, LigandAtom, Residue } from './model.ts';
import { guessMol2Charges } from './mol2-charges.ts';
import { describeWithRdkit, parseSdf } from './rdkit-ligand.ts';
import { parseMol2 } from './read-mol2.ts';
import { enterStage, type Step } from './reject.ts';

export type LigandResult =
  | { ok: true; ligand: Ligand; warnings: Diagnostic[] }
  | { ok: false; reason: string; line?: number; stage?: string };

const firstError = (errors: Diagnostic[]): LigandResult => ({
  ok: false,
  reason: `${errors[0].message}${errors.length > 1 ? ` (and ${errors.length - 1} more problems)` : ''}`,
  line: errors[0].line,
});

/**
 * Makes atom names unique within the ligand (`N`, `N` -> `N`, `N_2`), saying which changed:
 * heavy atoms in one warning (kind `atoms-renamed`), hydrogens in another (no kind: PDBbind's
 * mol2 files name every hydrogen `H`, and a hydrogen is neither drawn nor named in an answer).
 */
export function uniqueAtomNames(atoms: Atom[], file: string, warnings: Diagnostic[]): void {
  const used = new Set<string>();
  const renamed: string[] = [];
  const hydrogens: string[] = [];
  for (const a of atoms) {
    if (!used.has(a.name)) {
      used.add(a.name);
      continue;
    }
    let k = 2;
    while (used.has(`${a.name}_${k}`)) k++;
    (a.isHydrogen ? hydrogens : renamed).push(`${a.name} -> ${a.name}_${k}`);
    a.name = `${a.name}_${k}`;
    used.add(a.name);
  }
  if (renamed.length)
    warnings.push({ file, message: `duplicate ligand atom names made unique: ${renamed.join(', ')}`, kind: 'atoms-renamed' });
  if (hydrogens.length) warnings.push({ file, message: `duplicate ligand hydrogen names made unique: ${hydrogens.join(', ')}` });
}

/** A ligand needs atoms, a heavy atom and 3D coordinates, not all at one point. Returns why not, or null. */
export function ligandProblem(atoms: Atom[]): string | null {
  if (atoms.length === 0) return 'the ligand has no atoms';
  if (atoms.every((a) => a.isHydrogen)) return `the ligand has no heavy atom (its ${atoms.length} atoms are all hydrogens)`;
  const coincident = checkCoincident(atoms.map((a) => a.xyz));
  if (coincident) return `the ligand has no usable coordinates: ${coincident}`;
  if (atoms.length > 1 && atoms.every((a) => a.xyz[2] === 0)) return 'the ligand has no 3D coordinates (every z is 0)';
  return null;
}

/** Same atoms in the same order (coordinates within 0.01 A)? */
function sameAtoms(a: Atom[], b: Atom[]): boolean {
  return (
    a.length === b.length &&
    a.every(
      (x, i) => x.element === b[i].element && Math.hypot(x.xyz[0] - b[i].xyz[0], x.xyz[1] - b[i].xyz[1], x.xyz[2] - b[i].xyz[2]) < 0.01,
    )
  );
}

/** `step` moves to ligand-chemistry when RDKit is called (see reject.ts). */
export async function ligandFromMol2(text: string, file: string, sdfText?: string, step?: Step): Promise<LigandResult> {
  const rec = parseMol2(text, file);
  if (rec.errors.length) return firstError(rec.errors);
  const warnings = [...rec.warnings];
  const problem = ligandProblem(rec.atoms);
  if (problem) return { ok: false, reason: problem };
  uniqueAtomNames(rec.atoms, file, warnings);
  if (step) enterStage(step, 'ligand-chemistry');
  let described: Awaited<ReturnType<typeof describeWithRdkit>> = { smiles: null, aromatic: null, charges: null };
  for (const aromaticNPlus of [false, true]) {
    const guess = guessMol2Charges(rec.atoms, rec.bonds, aromaticNPlus);
    described = await describeWithRdkit(rec.atoms, guess.bonds, guess.charges);
    if (described.smiles !== null) break;
  }
  if (described.smiles === null && sdfText !== undefined) {
    // RDKit could not make sense of the mol2 bond orders: the SDF of the same entry can.
    const sdfFile = file.replace(/\.mol2$/i, '.sdf');
    const sdf = checkMolfile(sdfText, sdfFile).length ? null : await parseSdf(sdfText, sdfFile);
    if (sdf?.atoms && sdf.smiles && sameAtoms(rec.atoms, sdf.atoms)) {
      described = {
        smiles: sdf.smiles,
        aromatic: sdf.atoms.map((a) => a.aromatic ?? false),
        charges: sdf.atoms.map((a) => a.formalCharge ?? 0),
      };
      warnings.push({
        file,
        message: 'RDKit could not read the mol2 bond orders; SMILES, charges and aromaticity taken from the SDF of the same ligand',
        kind: 'bond-orders-from-sdf',
      });
    }
  }
  if (described.smiles === null)
    warnings.push({ file, message: 'RDKit could not build the molecule from the mol2 bond orders: no SMILES' });
  const atoms: LigandAtom[] = rec.atoms.map((a, i) => ({
    ...a,
    ...(described.aromatic ? { aromatic: described.aromatic[i] } : {}),
    ...(described.charges ? { formalCharge: described.charges[i] } : {}),
  }));
  const name = rec.substructures.length === 1 ? rec.substructures[0] : 'LIG';
  if (rec.substructures.length > 1)
    warnings.push({ file, message: `ligand spans ${rec.substructures.length} substructures (${rec.substructures.join(', ')}); named LIG` });
  return {
    ok: true,
    warnings,
    ligand: { name, chain: '', number: 1, insertionCode: '', atomNames: 'file', atoms, bonds: rec.bonds, smiles: described.smiles },
  };
}

export async function ligandFromSdf(text: string, file: string, step?: Step): Promise<LigandResult> {
  const structural = checkMolfile(text, file);
  if (structural.length) return firstError(structural);
  if (step) enterStage(step, 'ligand-chemistry');
  const rec = await parseSdf(text, file);
  if (rec.errors.length) return { ...firstError(rec.errors), stage: rec.atoms ? 'read-ligand' : 'ligand-chemistry' } as LigandResult;
  const problem = ligandProblem(rec.atoms ?? []);
  if (problem) return { ok: false, reason: problem };
  return {
    ok: true,
    warnings: rec.warnings,
    ligand: {
      name: 'UNL',
      chain: '',
      number: 1,
      insertionCode: '',
      atomNames: 'generated',
      atoms: rec.atoms!,
      bonds: rec.bonds!,
      smiles: rec.smiles ?? null,
    },
  };
}

/** A ligand taken from a residue of a PDB/mmCIF entry: bonds by distance, no bond orders. */
export function ligandFromResidue(res: Residue, conect: Array<[number, number]>, file: string): LigandResult {
  const problem = ligandProblem(res.atoms);
  if (problem) return { ok: false, reason: problem };
  const warnings: Diagnostic[] = [];
  const atoms: LigandAtom[] = res.atoms.map((a) => ({ ...a }));
  uniqueAtomNames(atoms, file, warnings);
  warnings.push({
    file,
    message: `ligand ${res.name} ${res.number}${res.insertionCode} taken from a PDB entry: bonds from distances, orders unknown, so no SMILES`,
  });
  return {
    ok: true,
    warnings,
    ligand: {
      name: res.name,
      chain: res.chain,
      number: res.number,
      insertionCode: res.insertionCode,
      atomNames: 'file',
      atoms,
      bonds: bondsByDistance(atoms, conect),
      smiles: null,
    },
  };
}
