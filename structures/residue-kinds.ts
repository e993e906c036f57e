// Sorting the residues of a structure file into polymer, other hetero groups, waters and ions,
// and the RES:CHAIN:NUMBER selector of one residue (the ligand of interest: ligand-of-interest.ts).

import { isIon, POLYMER_RESIDUES, WATER_NAMES } from './elements.ts';
import type { Residue } from './model.ts';

export type ResidueKind = 'polymer' | 'het' | 'water' | 'ion';

export function residueKind(r: Residue): ResidueKind {
  if (WATER_NAMES.has(r.name)) return 'water';
  const heavy = r.atoms.filter((a) => !a.isHydrogen).map((a) => a.element);
  if (r.hetero && isIon(heavy)) return 'ion';
  if (!r.hetero || POLYMER_RESIDUES.has(r.name)) return 'polymer';
  return 'het';
}

export const heavyAtomCount = (r: Residue) => r.atoms.filter((a) => !a.isHydrogen).length;

export interface LigandSelector {
  name: string;
  chain: string;
  number: number;
  insertionCode: string;
}

/**
 * Parses `RES:CHAIN:NUMBER`: a residue name of up to 5 characters (the wwPDB's longer
 * component ids), the authors' chain id (several characters in large mmCIF entries; blank
 * or `_` for none), the authors' residue number, which may carry an insertion code.
 */
export function parseLigandSelector(text: string): LigandSelector | string {
  const m = /^([^:\s]{1,5}):([^:\s]*):(-?\d+)([A-Za-z]?)$/.exec(text.trim());
  if (!m) return `ligand selector '${text}' is not RES:CHAIN:NUMBER (e.g. STI:A:201)`;
  return { name: m[1], chain: m[2] === '_' ? '' : m[2], number: Number(m[3]), insertionCode: m[4] };
}

export const formatSelector = (s: LigandSelector) => `${s.name}:${s.chain || '_'}:${s.number}${s.insertionCode}`;

export function findResidue(residues: Residue[], s: LigandSelector): Residue | undefined {
  return residues.find((r) => r.name === s.name && r.chain === s.chain && r.number === s.number && r.insertionCode === s.insertionCode);
}
