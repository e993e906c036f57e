// Sorting the residues of a structure file into polymer, other hetero groups, waters and ions,
// and picking "the ligand" of a whole entry.
import type { Residue } from './model.ts';
import { POLYMER_RESIDUES, SOLVENT_RESIDUES, WATER_NAMES, isIon } from './elements.ts';

export type ResidueKind = 'polymer' | 'het' | 'water' | 'ion';

export function residueKind(r: Residue): ResidueKind {
  if (WATER_NAMES.has(r.name)) return 'water';
  const heavy = r.atoms.filter((a) => !a.isHydrogen).map((a) => a.element);
  if (r.hetero && isIon(heavy)) return 'ion';
  if (!r.hetero || POLYMER_RESIDUES.has(r.name)) return 'polymer';
  return 'het';
}

export const heavyAtomCount = (r: Residue) => r.atoms.filter((a) => !a.isHydrogen).length;

/** Smallest number of heavy atoms for a group to be picked as the ligand automatically. */
export const MIN_LIGAND_HEAVY_ATOMS = 6;

/**
 * The largest non-polymer, non-solvent, non-ion group with at least 6 heavy atoms; a tie
 * goes to the first in the file. Null when there is none.
 */
export function pickLigand(residues: Residue[]): Residue | null {
  let best: Residue | null = null;
  for (const r of residues) {
    if (residueKind(r) !== 'het' || SOLVENT_RESIDUES.has(r.name)) continue;
    if (heavyAtomCount(r) < MIN_LIGAND_HEAVY_ATOMS) continue;
    if (!best || heavyAtomCount(r) > heavyAtomCount(best)) best = r;
  }
  return best;
}

export interface LigandSelector {
  name: string;
  chain: string;
  number: number;
  insertionCode: string;
}

/** Parses `RES:CHAIN:NUMBER` (chain may be blank or `_`; number may carry an insertion code). */
export function parseLigandSelector(text: string): LigandSelector | string {
  const m = /^([^:\s]{1,4}):([^:\s]?):(-?\d+)([A-Za-z]?)$/.exec(text.trim());
  if (!m) return `ligand selector '${text}' is not RES:CHAIN:NUMBER (e.g. STI:A:201)`;
  return { name: m[1], chain: m[2] === '_' ? '' : m[2], number: Number(m[3]), insertionCode: m[4] };
}

export const formatSelector = (s: LigandSelector) => `${s.name}:${s.chain || '_'}:${s.number}${s.insertionCode}`;

export function findResidue(residues: Residue[], s: LigandSelector): Residue | undefined {
  return residues.find((r) => r.name === s.name && r.chain === s.chain && r.number === s.number && r.insertionCode === s.insertionCode);
}
