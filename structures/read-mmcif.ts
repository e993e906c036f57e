// mmCIF reader: the `_atom_site` loop of the first data block, first model, into the same
// StructureRecord the PDB reader gives. The authors' chain ids and residue numbers (auth_*)
// are used, as in PDB files, so selectors read the same on both; chain ids may be several
// characters long. The entry's release date, resolution and method: mmcif-entry-info.ts.
import type { Diagnostic } from './model.ts';
import { normaliseElement, POLYMER_RESIDUES } from './elements.ts';
import { resolveAltLocs, type RawAtom } from './alt-locs.ts';
import { checkCoordinates } from './check-coordinates.ts';
import type { StructureRecord } from './read-pdb.ts';
import { readCifCategories, tokenizeCifLine } from './cif-categories.ts';
import { readMmcifEntry } from './mmcif-entry-info.ts';

export { tokenizeCifLine };

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
    entity: col('label_entity_id'),
  };
  // Without group_PDB (files written by some tools), a hetero group is an atom of a
  // non-polymer or water entity (`_entity.type`), or else a residue name no polymer uses.
  const entityTypes = at.group >= 0 ? undefined : new Map((readCifCategories(text, ['entity']).get('entity') ?? []).map((r) => [r.id, r.type]));
  const heteroOf = (f: string[]): boolean => {
    if (at.group >= 0) return f[at.group] === 'HETATM';
    const type = at.entity >= 0 ? entityTypes?.get(f[at.entity]) : undefined;
    return type !== undefined ? type !== 'polymer' : !POLYMER_RESIDUES.has(f[at.comp]);
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
    const symbol = at.type >= 0 && !blank(f[at.type]) ? f[at.type] : undefined;
    const element = normaliseElement(symbol ?? f[at.name][0]);
    if (!element) {
      errors.push({ file, line: pendingLine, message: symbol ? `type_symbol '${symbol}' of atom '${f[at.name]}' is not an element` : `no element for atom '${f[at.name]}'` });
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
      hetero: heteroOf(f),
    };
    if (at.charge >= 0 && !blank(f[at.charge]) && Number(f[at.charge]) !== 0) atom.formalCharge = Number(f[at.charge]);
    raw.push(atom);
  }
  if (pending.length > 0) errors.push({ file, line: pendingLine, message: `the last _atom_site row is incomplete (${pending.length} of ${cols.length} values): file truncated?` });
  const residues = resolveAltLocs(raw, file, warnings);
  const { info } = readMmcifEntry(text);
  return { file, residues, terAfter: new Set(), conect: [], warnings, errors, ...(Object.keys(info).length ? { entry: info } : {}) };
}
