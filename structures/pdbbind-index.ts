// PDBbind's index files (INDEX_general_PL_data.YYYY, INDEX_refined_data.YYYY, the CASF
// core lists): a block of `#` header lines, then one complex a line, columns separated by
// spaces:
//
//   code  resolution  release-year  -logKd/Ki  affinity  // reference  (ligand)  [note]
//   3zzf  2.20        2012          0.40       Ki=400mM  // 3zzf.pdf   (NLG)
//   2mpa  NMR         2014          6.00       Kd~1uM    // 2mpa.pdf   (5-mer)
//
// Resolution is in angstrom, or `NMR` (no resolution). The affinity is a kind (Kd, Ki,
// IC50...), a relation (=, ~, <, >, <=, >=), a number and a unit (fM...M). The ligand is a
// residue name, or `N-mer` for a peptide of N residues. A line that does not read is a
// located diagnostic, never skipped in silence; blank and `#` lines are not complexes.
import type { Diagnostic } from './model.ts';

export type AffinityRelation = '=' | '~' | '<' | '>' | '<=' | '>=';

export interface PdbbindAffinity {
  /** As written: `Kd`, `Ki`, `IC50` (PDBbind's general set also has `EC50`, `Ka`...). */
  kind: string;
  relation: AffinityRelation;
  /** The number as written, in `unit`. */
  value: number;
  /** As written: `fM`, `pM`, `nM`, `uM`, `mM`, `M`. */
  unit: string;
}

/** The ligand named by the index: a residue name, or a peptide by its length. */
export type PdbbindLigand = { residueName: string } | { peptideLength: number };

export interface PdbbindIndexEntry {
  /** The PDB code, lower case (`3zzf`). */
  id: string;
  /** Angstrom; null for NMR entries. */
  resolution: number | null;
  releaseYear: number;
  /** -log10 of Kd or Ki (in M), as PDBbind gives it. */
  pKd: number;
  affinity: PdbbindAffinity;
  /** What follows `//` up to the ligand (normally `<code>.pdf`). */
  reference: string;
  ligand: PdbbindLigand;
  /** Any text after the ligand's parentheses (PDBbind notes such as `incomplete ligand`). */
  note?: string;
  /** 1-based line in the index file. */
  line: number;
}

export interface PdbbindIndex {
  entries: PdbbindIndexEntry[];
  diagnostics: Diagnostic[];
}

const UNITS = new Set(['fM', 'pM', 'nM', 'uM', 'mM', 'M']);
const AFFINITY = /^([A-Za-z][A-Za-z0-9]*?)(<=|>=|=|~|<|>)([0-9]*\.?[0-9]+(?:[eE][-+]?[0-9]+)?)([a-zA-Z]+)$/;
const NUMBER = /^[-+]?[0-9]*\.?[0-9]+$/;

/** Reads one index file; `file` names it in the diagnostics. */
export function parsePdbbindIndex(text: string, file: string): PdbbindIndex {
  const entries: PdbbindIndexEntry[] = [];
  const diagnostics: Diagnostic[] = [];
  const lines = text.split(/\r?\n/);
  lines.forEach((raw, i) => {
    const lineText = raw.trim();
    if (lineText === '' || lineText.startsWith('#')) return;
    const read = readLine(lineText, i + 1);
    if (typeof read === 'string') diagnostics.push({ file, line: i + 1, message: `${read}: ${clip(lineText)}` });
    else entries.push(read);
  });
  return { entries, diagnostics };
}

function readLine(text: string, line: number): PdbbindIndexEntry | string {
  const slashes = text.indexOf('//');
  if (slashes < 0) return 'no "//" before the reference and ligand';
  const fields = text.slice(0, slashes).trim().split(/\s+/);
  if (fields.length !== 5) return `expected 5 columns before "//" (code, resolution, year, -logKd/Ki, affinity), found ${fields.length}`;
  const [code, res, year, pkd, aff] = fields;
  if (!/^[0-9][A-Za-z0-9]{3}$/.test(code)) return `"${code}" is not a PDB code`;
  let resolution: number | null = null;
  if (res.toUpperCase() !== 'NMR') {
    if (!NUMBER.test(res) || !(Number(res) > 0)) return `resolution "${res}" is neither a number of angstrom nor NMR`;
    resolution = Number(res);
  }
  if (!/^(19|20)[0-9]{2}$/.test(year)) return `release year "${year}" is not a year`;
  if (!NUMBER.test(pkd)) return `-logKd/Ki "${pkd}" is not a number`;
  const affinity = readAffinity(aff);
  if (typeof affinity === 'string') return affinity;
  const tail = readTail(text.slice(slashes + 2).trim());
  if (typeof tail === 'string') return tail;
  return { id: code.toLowerCase(), resolution, releaseYear: Number(year), pKd: Number(pkd), affinity, ...tail, line };
}

function readAffinity(text: string): PdbbindAffinity | string {
  const m = AFFINITY.exec(text);
  if (!m) return `affinity "${text}" is not KIND, relation (= ~ < > <= >=), number and unit`;
  const [, kind, relation, value, unit] = m;
  if (!UNITS.has(unit)) return `affinity "${text}" has the unit "${unit}" (known: ${[...UNITS].join(' ')})`;
  return { kind, relation: relation as AffinityRelation, value: Number(value), unit };
}

function readTail(text: string): { reference: string; ligand: PdbbindLigand; note?: string } | string {
  const m = /^(.*?)\s*\(([^()]*)\)\s*(.*)$/.exec(text);
  if (!m) return 'no "(ligand)" after the reference';
  const [, reference, name, rest] = m;
  const inner = name.trim();
  const peptide = /^([0-9]+)-mer$/i.exec(inner);
  let ligand: PdbbindLigand;
  if (peptide) {
    const length = Number(peptide[1]);
    if (length < 1) return `peptide ligand "(${inner})" has no residues`;
    ligand = { peptideLength: length };
  } else if (/^[A-Za-z0-9]{1,5}$/.test(inner)) {
    ligand = { residueName: inner.toUpperCase() };
  } else {
    return `ligand "(${inner})" is neither a residue name nor N-mer`;
  }
  const note = rest.trim();
  return { reference: reference.trim(), ligand, ...(note ? { note } : {}) };
}

function clip(s: string): string {
  return s.length > 120 ? `${s.slice(0, 117)}...` : s;
}
