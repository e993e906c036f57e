// mmCIF reader: the `_atom_site` loop of the first data block, first model, into the same
// StructureRecord the PDB reader gives. Author numbering (auth_*) is preferred, as in PDB files.
import type { Diagnostic } from './model.ts';
import { normaliseElement } from './elements.ts';
import { resolveAltLocs, type RawAtom } from './alt-locs.ts';
import { checkCoordinates } from './check-coordinates.ts';
import type { StructureRecord } from './read-pdb.ts';

/** Splits one CIF data line into tokens: bare words, 'quoted' and "quoted" strings. */
export function tokenizeCifLine(line: string): string[] {
  const out: string[] = [];
  let i = 0;
  while (i < line.length) {
    const c = line[i];
    if (c === ' ' || c === '\t') { i++; continue; }
    if (c === '#') break;
    if (c === "'" || c === '"') {
      let j = i + 1;
      // A quote closes only when followed by white space or the end of the line.
      while (j < line.length && !(line[j] === c && (j + 1 === line.length || /\s/.test(line[j + 1])))) j++;
      out.push(line.slice(i + 1, j));
      i = j + 1;
      continue;
    }
    let j = i;
    while (j < line.length && line[j] !== ' ' && line[j] !== '\t') j++;
    out.push(line.slice(i, j));
    i = j;
  }
  return out;
}

const blank = (v: string | undefined) => v === undefined || v === '.' || v === '?';

export function parseMmcif(text: string, file: string): StructureRecord {
  const warnings: Diagnostic[] = [];
  const errors: Diagnostic[] = [];
  const raw: RawAtom[] = [];
  const lines = text.split(/\r?\n/);
  let i = lines.findIndex((l, k) => l.trim() === 'loop_' && lines[k + 1]?.trim().startsWith('_atom_site.'));
  if (i < 0) {
    errors.push({ file, message: 'no _atom_site loop: not an mmCIF coordinate file' });
    return { file, residues: [], terAfter: new Set(), conect: [], warnings, errors };
  }
  const cols: string[] = [];
  i++;
  while (i < lines.length && lines[i].trim().startsWith('_atom_site.')) cols.push(lines[i++].trim().slice('_atom_site.'.length).split(/\s/)[0]);
  const col = (name: string) => cols.indexOf(name);
  const at = {
    group: col('group_PDB'), id: col('id'), type: col('type_symbol'),
    name: col('auth_atom_id') >= 0 ? col('auth_atom_id') : col('label_atom_id'),
    alt: col('label_alt_id'),
    comp: col('auth_comp_id') >= 0 ? col('auth_comp_id') : col('label_comp_id'),
    chain: col('auth_asym_id') >= 0 ? col('auth_asym_id') : col('label_asym_id'),
    seq: col('auth_seq_id') >= 0 ? col('auth_seq_id') : col('label_seq_id'),
    ins: col('pdbx_PDB_ins_code'), x: col('Cartn_x'), y: col('Cartn_y'), z: col('Cartn_z'),
    occ: col('occupancy'), charge: col('pdbx_formal_charge'), model: col('pdbx_PDB_model_num'),
  };
  if (at.x < 0 || at.y < 0 || at.z < 0 || at.name < 0 || at.comp < 0) {
    errors.push({ file, message: '_atom_site lacks Cartn_x/y/z, atom or residue names' });
    return { file, residues: [], terAfter: new Set(), conect: [], warnings, errors };
  }
  let firstModel: string | undefined;
  let pending: string[] = [];
  let pendingLine = 0;
  for (; i < lines.length; i++) {
    const t = lines[i].trim();
    if (t === '') continue;
    if (t.startsWith('#') || t.startsWith('_') || t === 'loop_' || t.startsWith('data_')) break;
    if (i === lines.length - 1 && !/\n$/.test(text)) {
      errors.push({ file, line: i + 1, message: 'the last _atom_site row is cut mid-line (no line end): file truncated?' });
      break;
    }
    if (pending.length === 0) pendingLine = i + 1;
    pending.push(...tokenizeCifLine(lines[i]));
    if (pending.length < cols.length) continue;
    const f = pending.slice(0, cols.length);
    pending = pending.slice(cols.length);
    const model = at.model >= 0 ? f[at.model] : '1';
    firstModel ??= model;
    if (model !== firstModel) {
      warnings.push({ file, line: pendingLine, message: 'file holds several models; only the first was read' });
      break;
    }
    const resName = f[at.comp];
    const element = normaliseElement(at.type >= 0 && !blank(f[at.type]) ? f[at.type] : f[at.name][0]);
    if (!element) {
      errors.push({ file, line: pendingLine, message: `no element for atom '${f[at.name]}'` });
      continue;
    }
    const xyz: [number, number, number] = [Number(f[at.x]), Number(f[at.y]), Number(f[at.z])];
    const bad = checkCoordinates(xyz);
    if (bad) {
      errors.push({ file, line: pendingLine, message: bad });
      continue;
    }
    const seqText = at.seq >= 0 ? f[at.seq] : '.';
    const number = blank(seqText) ? 0 : Number(seqText);
    const atom: RawAtom = {
      name: f[at.name],
      element,
      xyz,
      occupancy: at.occ >= 0 && !blank(f[at.occ]) ? Number(f[at.occ]) : 1,
      serial: at.id >= 0 && /^\d+$/.test(f[at.id]) ? Number(f[at.id]) : raw.length + 1,
      isHydrogen: element === 'H',
      altLoc: at.alt >= 0 && !blank(f[at.alt]) ? f[at.alt] : '',
      line: pendingLine,
      chain: at.chain >= 0 && !blank(f[at.chain]) ? f[at.chain] : '',
      residueName: resName,
      residueNumber: Number.isFinite(number) ? number : 0,
      insertionCode: at.ins >= 0 && !blank(f[at.ins]) ? f[at.ins] : '',
      hetero: at.group >= 0 && f[at.group] === 'HETATM',
    };
    if (at.charge >= 0 && !blank(f[at.charge]) && Number(f[at.charge]) !== 0) atom.formalCharge = Number(f[at.charge]);
    raw.push(atom);
  }
  if (pending.length > 0) errors.push({ file, line: pendingLine, message: `the last _atom_site row is incomplete (${pending.length} of ${cols.length} values): file truncated?` });
  const residues = resolveAltLocs(raw, file, warnings);
  return { file, residues, terAfter: new Set(), conect: [], warnings, errors };
}
