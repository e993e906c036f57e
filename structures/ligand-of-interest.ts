// The ligand of interest of a whole entry: one rule, in one place, used by ingest (a whole
// entry whose selector is a residue name or absent) and by `misi-gen fetch` (which writes
// the choice into the folder's ligands.tsv).
//
//  - RES:CHAIN:NUMBER: that residue (rule `selector`).
//  - RES (a residue name): of the instances of that residue, the one with the most protein
//    heavy atoms within 4 A of its heavy atoms; ties go to the chain, then the number, then
//    the insertion code, in sort order (rule `residue-name`).
//  - N-mer (a peptide ligand): the polymer chain of N residues is found and named, but a
//    ligand here is one residue, so the entry is rejected with that reason.
//  - nothing: the largest non-polymer group that is not water, a monatomic ion or a listed
//    additive (ligand-of-interest-excluded.ts), of at least 6 heavy atoms; ties as above
//    (rule `largest-group`).
// The rule that chose is recorded with the choice, in words (`LigandChoice.detail`).

import { EXCLUDED_LIGAND_NAMES } from './ligand-of-interest-excluded.ts';
import type { Atom, Diagnostic, Residue } from './model.ts';
import { findResidue, formatSelector, heavyAtomCount, type LigandSelector, parseLigandSelector, residueKind } from './residue-kinds.ts';
import { SpatialGrid } from './spatial-grid.ts';

/** Angstrom: protein heavy atoms this close to a candidate's heavy atoms are its contacts. */
export const CONTACT_DISTANCE = 4;
/** Smallest number of heavy atoms for a group to be picked without a name. */
export const MIN_LIGAND_HEAVY_ATOMS = 6;

/**
 * What a user (or an index file) says about the ligand: a full selector, a name, a peptide by
 * its length (PDBbind's `(5-mer)`, written `5-mer`), or nothing.
 */
export type LigandRequest = { selector: LigandSelector } | { name: string } | { peptideLength: number } | null;

export type LigandRule = 'selector' | 'residue-name' | 'largest-group';

export interface LigandChoice {
  residue: Residue;
  rule: LigandRule;
  /** The choice and why, in words (recorded in the complex's warnings and by fetch). */
  detail: string;
}

/** `RES:CHAIN:NUMBER`, a residue name alone (`SAH`) or `N-mer`; a string is the reason it is none. */
export function parseLigandRequest(text: string): LigandRequest | string {
  const t = text.trim();
  const peptide = /^([1-9][0-9]*)-mer$/i.exec(t);
  if (peptide) return { peptideLength: Number(peptide[1]) };
  if (/^[A-Za-z0-9]{1,5}$/.test(t)) return { name: t.toUpperCase() };
  const s = parseLigandSelector(t);
  return typeof s === 'string'
    ? `ligand '${text}' is neither RES:CHAIN:NUMBER (e.g. STI:A:201) nor a residue name (e.g. STI)`
    : { selector: s };
}

export const formatRequest = (r: Exclude<LigandRequest, null>) =>
  'selector' in r ? formatSelector(r.selector) : 'name' in r ? r.name : `${r.peptideLength}-mer`;

/** Sort order of instances: chain, number, insertion code. */
function byPlace(a: Residue, b: Residue): number {
  if (a.chain !== b.chain) return a.chain < b.chain ? -1 : 1;
  if (a.number !== b.number) return a.number - b.number;
  return a.insertionCode < b.insertionCode ? -1 : a.insertionCode > b.insertionCode ? 1 : 0;
}

function proteinGrid(residues: Residue[]): SpatialGrid<Atom> {
  const grid = new SpatialGrid<Atom>(CONTACT_DISTANCE);
  for (const r of residues) {
    if (residueKind(r) !== 'polymer') continue;
    for (const a of r.atoms) if (!a.isHydrogen) grid.add(a.xyz, a);
  }
  return grid;
}

/** Protein heavy atoms within CONTACT_DISTANCE of any heavy atom of `group`. */
export function countContacts(group: Residue, grid: SpatialGrid<Atom>): number {
  const hits = new Set<Atom>();
  for (const a of group.atoms) {
    if (a.isHydrogen) continue;
    for (const { item } of grid.within(a.xyz, CONTACT_DISTANCE)) hits.add(item);
  }
  return hits.size;
}

/** True for a group the nameless rule may pick (not polymer, water, ion or a listed additive). */
export function isCandidateLigand(r: Residue): boolean {
  return residueKind(r) === 'het' && !EXCLUDED_LIGAND_NAMES.has(r.name) && heavyAtomCount(r) >= MIN_LIGAND_HEAVY_ATOMS;
}

/** Applies the rule; a string is the reason nothing could be chosen. */
export function chooseLigand(residues: Residue[], request: LigandRequest): LigandChoice | string {
  if (request && 'selector' in request) {
    const found = findResidue(residues, request.selector);
    if (!found) return `ligand ${formatSelector(request.selector)} is not in the entry; hetero groups present: ${hetList(residues)}`;
    return { residue: found, rule: 'selector', detail: `ligand ${formatSelector(request.selector)} as given` };
  }
  if (request && 'peptideLength' in request) {
    const chain = findPeptideChain(residues, request.peptideLength);
    if (typeof chain === 'string') return `peptide ligand (${request.peptideLength}-mer): ${chain}`;
    return `peptide ligand (${request.peptideLength}-mer) is chain ${chain.chain || '_'}, but a ligand here is one residue: peptide ligands are not read yet`;
  }
  if (request) {
    const instances = residues.filter((r) => r.name === request.name && residueKind(r) !== 'water').sort(byPlace);
    if (instances.length === 0) return `no residue named ${request.name} in the entry; hetero groups present: ${hetList(residues)}`;
    const grid = proteinGrid(residues);
    let best = instances[0];
    let bestCount = countContacts(best, grid);
    for (const r of instances.slice(1)) {
      const n = countContacts(r, grid);
      if (n > bestCount) [best, bestCount] = [r, n];
    }
    const of =
      instances.length === 1
        ? 'the only instance'
        : `the instance with the most protein heavy atoms within ${CONTACT_DISTANCE} A (${bestCount}) of ${instances.length}`;
    return { residue: best, rule: 'residue-name', detail: `ligand ${formatSelector(best)} chosen by residue name ${request.name}: ${of}` };
  }
  const candidates = residues.filter(isCandidateLigand).sort(byPlace);
  if (candidates.length === 0)
    return `no ligand named and no group to pick: no non-polymer, non-solvent, non-ion group of at least ${MIN_LIGAND_HEAVY_ATOMS} heavy atoms`;
  let best = candidates[0];
  for (const r of candidates.slice(1)) if (heavyAtomCount(r) > heavyAtomCount(best)) best = r;
  return {
    residue: best,
    rule: 'largest-group',
    detail: `ligand ${formatSelector(best)} picked automatically: the largest non-polymer, non-solvent, non-ion group (${heavyAtomCount(best)} heavy atoms)`,
  };
}

/**
 * The warning that records a choice in the complex (none for a ligand given in full); a pick
 * by the largest-group rule is a reading that changed what the complex holds (`ligand-picked`).
 */
export function choiceWarning(choice: LigandChoice, file: string): Diagnostic | null {
  if (choice.rule === 'selector') return null;
  return { file, message: choice.detail, ...(choice.rule === 'largest-group' ? { kind: 'ligand-picked' as const } : {}) };
}

function hetList(residues: Residue[]): string {
  const hets = residues.filter((r) => residueKind(r) === 'het').map((r) => formatSelector(r));
  return hets.slice(0, 12).join(', ') + (hets.length > 12 ? `, ... (${hets.length})` : '') || 'none';
}

/**
 * The entry's peptide chain of `length` residues (PDBbind's `(5-mer)` ligands): the polymer
 * chains with exactly that many polymer residues; a string says why there is not exactly one.
 */
export function findPeptideChain(residues: Residue[], length: number): { chain: string; residues: Residue[] } | string {
  const chains = new Map<string, Residue[]>();
  for (const r of residues) {
    if (residueKind(r) !== 'polymer') continue;
    const list = chains.get(r.chain);
    if (list) list.push(r);
    else chains.set(r.chain, [r]);
  }
  const fits = [...chains].filter(([, rs]) => rs.length === length).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  if (fits.length === 0)
    return `no polymer chain of ${length} residues (chains: ${[...chains].map(([c, rs]) => `${c || '_'} ${rs.length}`).join(', ') || 'none'})`;
  return { chain: fits[0][0], residues: fits[0][1] };
}
