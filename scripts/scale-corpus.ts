// Builds an N-complex corpus from ../shared/structures for bench-scale.ts (not a test, and
// never inside the repo). Every complex is a copy of a real one under a new id: ligand files
// symlinked, protein files (pocket, whole protein, whole entry) rewritten with ~15 % of their
// amino-acid residues renamed to a similar one (I<->V, K<->R, D<->E, S<->T, F<->Y...), chosen
// by a seeded hash of (copy, chain, residue number), the same residue in a copy's pocket and
// protein file. So every sequence is distinct and de-duplication alone cannot pass, and the
// coordinates (so the ligand, pocket and H-bonds) stay real.
//   pocket corpus: the PDBbind folders of ../shared (299), copies 0, 1, 2... of each
//   whole corpus:  the complexes that come with whole chains: PDBbind folders with a
//                  `_protein.pdb`, protein-ligand folders, and the pdb-entries listed in
//                  ligands.tsv (their copies are listed in the corpus's own ligands.tsv)
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** Similar residues (BLOSUM62 score > 0), the name a renamed residue takes. */
const SIMILAR: Record<string, string> = {
  ILE: 'VAL',
  VAL: 'ILE',
  LEU: 'MET',
  MET: 'LEU',
  LYS: 'ARG',
  ARG: 'LYS',
  ASP: 'GLU',
  GLU: 'ASP',
  ASN: 'ASP',
  GLN: 'GLU',
  SER: 'THR',
  THR: 'SER',
  PHE: 'TYR',
  TYR: 'PHE',
  HIS: 'TYR',
  TRP: 'TYR',
  ALA: 'SER',
};
/** Renamed with this chance when SIMILAR names it (~85 % of residues do): ~15 % in all. */
const RATE = 0.18;

export type CorpusKind = 'pocket' | 'whole';

interface Source {
  id: string;
  kind: 'folder' | 'entry';
  /** Files of a folder (role -> path), or the entry file. */
  files: Record<string, string>;
  ligand?: string;
}

function chance(...parts: (string | number)[]): number {
  return createHash('sha256').update(parts.join('|')).digest().readUInt32BE(0) / 2 ** 32;
}

/** A protein file with this copy's residues renamed; returns the text and the share renamed. */
function renamed(text: string, copy: number): { text: string; renamed: number; residues: number } {
  const seen = new Map<string, boolean>();
  const lines = text.split('\n').map((line) => {
    if (!line.startsWith('ATOM  ')) return line;
    const name = line.slice(17, 20);
    const key = line.slice(21, 27); // chain, residue number, insertion code
    let change = seen.get(key);
    if (change === undefined) {
      change = SIMILAR[name] !== undefined && chance(copy, key) < RATE;
      seen.set(key, change);
    }
    return change ? line.slice(0, 17) + SIMILAR[name] + line.slice(20) : line;
  });
  return { text: lines.join('\n'), renamed: [...seen.values()].filter(Boolean).length, residues: seen.size };
}

function sources(shared: string, kind: CorpusKind): Source[] {
  const list: Source[] = [];
  const folders = (dir: string) => (existsSync(dir) ? readdirSync(dir).sort() : []);
  for (const id of folders(join(shared, 'pdbbind'))) {
    const dir = join(shared, 'pdbbind', id);
    const files: Record<string, string> = {};
    for (const f of readdirSync(dir)) {
      const m = /_(pocket|protein|ligand)\.(pdb|mol2|sdf)$/.exec(f);
      if (m) files[`${m[1]}.${m[2]}`] = join(dir, f);
    }
    if (kind === 'whole' && !files['protein.pdb']) continue;
    list.push({ id, kind: 'folder', files });
  }
  if (kind === 'pocket') return list;
  for (const id of folders(join(shared, 'protein-ligand'))) {
    const dir = join(shared, 'protein-ligand', id);
    list.push({
      id,
      kind: 'folder',
      files: { 'protein.pdb': join(dir, `${id}_protein.pdb`), 'ligand.sdf': join(dir, `${id}_ligand.sdf`) },
    });
  }
  const tsv = join(shared, 'pdb-entries', 'ligands.tsv');
  for (const line of readFileSync(tsv, 'utf8').split('\n').slice(1)) {
    const [id, ligand] = line.trim().split(/\s+/);
    if (id && ligand) list.push({ id, kind: 'entry', files: { entry: join(shared, 'pdb-entries', `${id}.pdb`) }, ligand });
  }
  return list;
}

export interface Corpus {
  dir: string;
  complexes: number;
  /** ligands.tsv of the copied entries (whole corpus), else undefined. */
  ligands?: string;
  renamedShare: number;
}

/** Writes the corpus of `n` complexes into `dir` (emptied first). */
export function buildCorpus(shared: string, dir: string, n: number, kind: CorpusKind): Corpus {
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(join(dir, 'folders'), { recursive: true });
  const from = sources(shared, kind);
  if (from.length === 0) throw new Error(`no ${kind} sources under ${shared}`);
  const ligands: string[] = ['entry\tligand'];
  let renamedResidues = 0,
    residues = 0;
  for (let k = 0; k < n; k++) {
    const src = from[k % from.length];
    const copy = Math.floor(k / from.length);
    const id = `${src.id}c${copy}`;
    const write = (path: string, original: string) => {
      const r = renamed(readFileSync(original, 'utf8'), copy);
      renamedResidues += r.renamed;
      residues += r.residues;
      writeFileSync(path, r.text);
    };
    if (src.kind === 'entry') {
      mkdirSync(join(dir, 'entries'), { recursive: true });
      write(join(dir, 'entries', `${id}.pdb`), src.files.entry);
      ligands.push(`${id}\t${src.ligand}`);
      continue;
    }
    const folder = join(dir, 'folders', id);
    mkdirSync(folder);
    for (const [role, path] of Object.entries(src.files)) {
      const target = join(folder, `${id}_${role}`);
      if (role.endsWith('.pdb')) write(target, path);
      else symlinkSync(path, target);
    }
  }
  const hasEntries = ligands.length > 1;
  if (hasEntries) writeFileSync(join(dir, 'ligands.tsv'), ligands.join('\n') + '\n');
  return {
    dir,
    complexes: n,
    ligands: hasEntries ? join(dir, 'ligands.tsv') : undefined,
    renamedShare: residues ? renamedResidues / residues : 0,
  };
}
