// mmCIF reader: the `_atom_site` loop of the first data block, first model, into the same
// StructureRecord the PDB reader gives. The authors' chain ids and residue numbers (auth_*)
// are used, as in PDB files, so selectors read the same on both; chain ids may be several
// characters long. The entry's release date, resolution and method: mmcif-entry-info.ts.
// As strict as the PDB reader: a residue number, occupancy, B-factor or formal charge that is
// not a number rejects the atom's row, in the PDB reader's words (numeric-field.ts).

import { type RawAtom, resolveAltLocs } from './alt-locs.ts';
import { checkCoordinates } from './check-coordinates.ts';
import { readCifCategories, readCifLoop, tokenizeCifLine } from './cif-categories.ts';
import { normaliseElement, POLYMER_RESIDUES } from './elements.ts';
import { readMmcifEntry } from './mmcif-entry-info.ts';
import type { Diagnostic } from './model.ts';
import { type NumericField, numberOrNaN, readNumbers } from './numeric-field.ts';
import type { StructureRecord } from './read-pdb.ts';

export { tokenizeCifLine };

const blank = (v: string | undefined) => v === undefined || v === '.' || v === '?';

const field = (name: string, item: string, whole = false): NumericField => ({ name, where: `_atom_site.${item}`, whole });

export function parseMmcif(text: string, file: string): StructureRecord {
  const warnings: Diagnostic[] = [];
  const errors: Diagnostic[] = [];
  const raw: RawAtom[] = [];
  const loop = readCifLoop(text, 'atom_site');
  if (!loop) {
    errors.push({ file, message: 'no _atom_site loop: not an mmCIF coordinate file' });
    return { file, residues: [], terAfter: new Set(), conect: [], warnings, errors };
  }
  const cols = loop.items;
  const col = (name: string) => cols.indexOf(name);
  const at = {
    group: col('group_PDB'),
    id: col('id'),
    type: col('type_symbol'),
    name: col('auth_atom_id') >= 0 ? col('auth_atom_id') : col('label_atom_id'),
    alt: col('label_alt_id'),
    comp: col('auth_comp_id') >= 0 ? col('auth_comp_id') : col('label_comp_id'),
    chain: col('auth_asym_id') >= 0 ? col('auth_asym_id') : col('label_asym_id'),
    seq: col('auth_seq_id') >= 0 ? col('auth_seq_id') : col('label_seq_id'),
    ins: col('pdbx_PDB_ins_code'),
    x: col('Cartn_x'),
    y: col('Cartn_y'),
    z: col('Cartn_z'),
    occ: col('occupancy'),
    bIso: col('B_iso_or_equiv'),
    charge: col('pdbx_formal_charge'),
    model: col('pdbx_PDB_model_num'),
    entity: col('label_entity_id'),
  };
  const numeric = {
    seq: field('residue number', cols[at.seq] ?? '', true),
    occ: field('occupancy', 'occupancy'),
    bIso: field('B-factor', 'B_iso_or_equiv'),
    charge: field('formal charge', 'pdbx_formal_charge', true),
  };
  // Without group_PDB (files written by some tools), a hetero group is an atom of a
  // non-polymer or water entity (`_entity.type`), or else a residue name no polymer uses.
  const entityTypes =
    at.group >= 0 ? undefined : new Map((readCifCategories(text, ['entity']).get('entity') ?? []).map((r) => [r.id, r.type]));
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
  let unreadIds = 0;
  for (const { values: f, line } of loop.rows) {
    const model = at.model >= 0 ? f[at.model] : '1';
    firstModel ??= model;
    if (model !== firstModel) {
      warnings.push({ file, line, message: 'file holds several models; only the first was read' });
      break;
    }
    const resName = f[at.comp];
    const symbol = at.type >= 0 && !blank(f[at.type]) ? f[at.type] : undefined;
    const element = normaliseElement(symbol ?? f[at.name][0]);
    if (!element) {
      errors.push({
        file,
        line,
        message: symbol ? `type_symbol '${symbol}' of atom '${f[at.name]}' is not an element` : `no element for atom '${f[at.name]}'`,
      });
      continue;
    }
    const xyz: [number, number, number] = [numberOrNaN(f[at.x]), numberOrNaN(f[at.y]), numberOrNaN(f[at.z])];
    const bad = checkCoordinates(xyz);
    if (bad) {
      errors.push({ file, line, message: bad });
      continue;
    }
    // Blank (`.` or `?`): residue 0 (label_seq_id of non-polymers), occupancy 1, no B-factor,
    // charge 0. Checked in the PDB reader's order: occupancy, B-factor, then residue number.
    const value = (k: number) => (k >= 0 && !blank(f[k]) ? f[k] : undefined);
    const numbers = readNumbers([
      [value(at.occ), numeric.occ, 1],
      [value(at.bIso), numeric.bIso, 0],
      [value(at.seq), numeric.seq, 0],
      [value(at.charge), numeric.charge, 0],
    ]);
    if (!Array.isArray(numbers)) {
      errors.push({ file, line, message: numbers.message });
      continue;
    }
    const [occupancy, , number, charge] = numbers;
    const idText = at.id >= 0 ? f[at.id] : '';
    if (at.id >= 0 && !/^\d+$/.test(idText)) unreadIds++;
    const atom: RawAtom = {
      name: f[at.name],
      element,
      xyz,
      occupancy,
      serial: /^\d+$/.test(idText) ? Number(idText) : raw.length + 1,
      isHydrogen: element === 'H',
      altLoc: at.alt >= 0 && !blank(f[at.alt]) ? f[at.alt] : '',
      line,
      chain: at.chain >= 0 && !blank(f[at.chain]) ? f[at.chain] : '',
      residueName: resName,
      residueNumber: number,
      insertionCode: at.ins >= 0 && !blank(f[at.ins]) ? f[at.ins] : '',
      hetero: heteroOf(f),
    };
    if (charge !== 0) atom.formalCharge = charge;
    raw.push(atom);
  }
  // A last row cut short is an error even past the first model: the file was damaged.
  for (const p of loop.problems) errors.push({ file, ...p });
  if (unreadIds > 0)
    warnings.push({ file, message: `${unreadIds} atoms have an id that is not a whole number (_atom_site.id); numbered in file order` });
  const residues = resolveAltLocs(raw, file, warnings);
  const { info } = readMmcifEntry(text);
  return { file, residues, terAfter: new Set(), conect: [], warnings, errors, ...(Object.keys(info).length ? { entry: info } : {}) };
}
