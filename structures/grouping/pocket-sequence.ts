// The protein sequence a pocket covers: per chain, the one-letter codes of its amino-acid
// residues in the order the file lists them. A pocket is a set of fragments (every residue
// within ~10 A of the ligand), so this is the concatenation of those fragments, not the
// chain's full sequence; the identity of two pockets is measured on these strings.
import type { Complex, Residue } from '../model.ts';
import { residueKind } from '../residue-kinds.ts';

const ONE_LETTER: Record<string, string> = {
  ALA: 'A',
  ARG: 'R',
  ASN: 'N',
  ASP: 'D',
  CYS: 'C',
  GLN: 'Q',
  GLU: 'E',
  GLY: 'G',
  HIS: 'H',
  ILE: 'I',
  LEU: 'L',
  LYS: 'K',
  MET: 'M',
  PHE: 'F',
  PRO: 'P',
  SER: 'S',
  THR: 'T',
  TRP: 'W',
  TYR: 'Y',
  VAL: 'V',
  // Protonation-state names written by modelling tools for the same residues.
  HID: 'H',
  HIE: 'H',
  HIP: 'H',
  HSD: 'H',
  HSE: 'H',
  HSP: 'H',
  CYX: 'C',
  CYM: 'C',
  ASH: 'D',
  GLH: 'E',
  LYN: 'K',
};

/** Residues that are not amino acids although polymer files list them as such. */
const NOT_AMINO_ACIDS = new Set(['ACE', 'NME', 'NH2', 'DA', 'DC', 'DG', 'DT', 'DU', 'A', 'C', 'G', 'U', 'I']);

const hasBackbone = (r: Residue) => ['N', 'CA', 'C'].every((n) => r.atoms.some((a) => a.name === n));

/**
 * One-letter code of an amino-acid residue: the 20 standard ones (and their protonation
 * variants) by letter, any other amino acid (modified, e.g. MSE, TPO, or UNK) as X; null
 * for anything that is not an amino acid (nucleotides, caps, hetero groups, water, ions).
 */
export function oneLetterCode(r: Residue): string | null {
  const known = ONE_LETTER[r.name];
  if (known) return known;
  if (NOT_AMINO_ACIDS.has(r.name)) return null;
  const kind = residueKind(r);
  if (kind === 'water' || kind === 'ion') return null;
  if (kind === 'polymer' || hasBackbone(r)) return 'X';
  return null;
}

export interface ChainSequence {
  /** Chain id ('' for a blank chain). */
  chain: string;
  sequence: string;
}

/** The amino-acid sequence of each chain of `residues`, chains in order of first appearance. */
export function chainSequences(residues: readonly Residue[]): ChainSequence[] {
  const byChain = new Map<string, string[]>();
  for (const r of residues) {
    const code = oneLetterCode(r);
    if (code === null) continue;
    const letters = byChain.get(r.chain) ?? [];
    letters.push(code);
    byChain.set(r.chain, letters);
  }
  return [...byChain].map(([chain, letters]) => ({ chain, sequence: letters.join('') }));
}

/** The pocket's amino-acid sequence per chain, chains in order of first appearance. */
export function pocketSequence(complex: Complex): ChainSequence[] {
  return chainSequences(complex.pocket);
}
