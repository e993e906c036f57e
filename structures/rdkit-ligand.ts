// RDKit-JS for ligands: reading SDF (V2000 and V3000) and describing a molecule read
// elsewhere (mol2): canonical SMILES, aromaticity, formal charges, bond orders.

import type { MainModule as RDKitModule } from '@rdkit/rdkit';
import rdkitPackage from '@rdkit/rdkit';
import { checkCoordinates } from './check-coordinates.ts';
import { ATOMIC_NUMBER } from './elements.ts';
import type { Bond, Diagnostic, LigandAtom } from './model.ts';

// The package is CommonJS: under Node's ESM its factory is the default export, which
// TypeScript types as the module object; one cast says what it is at run time.
type Factory = () => Promise<RDKitModule>;
const initRDKitModule = ((rdkitPackage as unknown as { default?: Factory }).default ?? rdkitPackage) as unknown as Factory;
let loading: Promise<RDKitModule> | null = null;

/** The RDKit module, loaded once per process. */
export function rdkit(): Promise<RDKitModule> {
  loading ??= initRDKitModule().then((m) => {
    m.disable_logging();
    return m;
  });
  return loading;
}

const SYMBOL_BY_Z = new Map([...ATOMIC_NUMBER].filter(([s]) => s !== 'D').map(([s, z]) => [z, s]));

interface RdkitJson {
  molecules: Array<{
    atoms: Array<{ z?: number; chg?: number }>;
    bonds: Array<{ atoms: [number, number]; bo?: number }>;
    conformers?: Array<{ dim: number; coords: number[][] }>;
    extensions?: Array<{ name: string; aromaticAtoms?: number[]; aromaticBonds?: number[] }>;
  }>;
  defaults: { atom: { z: number; chg: number }; bond: { bo: number } };
}

export interface RdkitMolecule {
  atoms: LigandAtom[];
  bonds: Bond[];
  smiles: string | null;
  /** True when RDKit had to read the molecule without sanitising it (valence problems). */
  unsanitised: boolean;
}

/** Reads one molblock with hydrogens kept; tries sanitised first, then unsanitised. */
async function readMolblock(molblock: string): Promise<{ json: RdkitJson; smiles: string | null; unsanitised: boolean } | null> {
  const rd = await rdkit();
  let unsanitised = false;
  let mol = rd.get_mol(molblock, JSON.stringify({ removeHs: false }));
  if (!mol) {
    mol = rd.get_mol(molblock, JSON.stringify({ removeHs: false, sanitize: false }));
    unsanitised = true;
  }
  if (!mol) return null;
  try {
    const json = JSON.parse(mol.get_json()) as RdkitJson;
    let smiles: string | null = null;
    if (!unsanitised) {
      const heavy = rd.get_mol(molblock);
      smiles = heavy ? heavy.get_smiles() : null;
      heavy?.delete();
    }
    return { json, smiles, unsanitised };
  } finally {
    mol.delete();
  }
}

/** Converts RDKit's JSON into our atoms and bonds (names generated: element + count). */
function fromJson(json: RdkitJson): { atoms: LigandAtom[]; bonds: Bond[] } {
  const m = json.molecules[0];
  const coords = m.conformers?.[0]?.coords ?? [];
  const rep = m.extensions?.find((e) => e.name === 'rdkitRepresentation');
  const aromaticAtoms = new Set(rep?.aromaticAtoms ?? []);
  const aromaticBonds = new Set(rep?.aromaticBonds ?? []);
  const perElement = new Map<string, number>();
  const atoms: LigandAtom[] = m.atoms.map((a, i) => {
    const element = SYMBOL_BY_Z.get(a.z ?? json.defaults.atom.z) ?? 'X';
    const n = (perElement.get(element) ?? 0) + 1;
    perElement.set(element, n);
    const c = coords[i] ?? [NaN, NaN, NaN];
    return {
      name: `${element}${n}`,
      element,
      xyz: [c[0], c[1], c[2] ?? 0],
      occupancy: 1,
      serial: i + 1,
      isHydrogen: element === 'H',
      formalCharge: a.chg ?? json.defaults.atom.chg,
      aromatic: aromaticAtoms.has(i),
    };
  });
  const bonds: Bond[] = m.bonds.map((b, i) => ({
    a: b.atoms[0],
    b: b.atoms[1],
    order: aromaticBonds.has(i) ? 1.5 : ((b.bo ?? json.defaults.bond.bo) as Bond['order']),
  }));
  return { atoms, bonds };
}

export interface SdfRecord extends Partial<RdkitMolecule> {
  file: string;
  warnings: Diagnostic[];
  errors: Diagnostic[];
}

/** Reads the first molecule of an SDF/MOL file through RDKit. */
export async function parseSdf(text: string, file: string): Promise<SdfRecord> {
  const warnings: Diagnostic[] = [];
  const blocks = text.split(/^\$\$\$\$\s*$/m).filter((b) => b.trim());
  if (blocks.length === 0) return { file, warnings, errors: [{ file, message: 'file is empty' }] };
  if (blocks.length > 1) warnings.push({ file, message: `file holds ${blocks.length} molecules; only the first was read` });
  const block = blocks[0].replace(/^\s*\n/, '');
  if (!/V[23]000/.test(block)) {
    return { file, warnings, errors: [{ file, message: 'no V2000 or V3000 counts line: not an SDF/MOL file' }] };
  }
  const read = await readMolblock(blocks[0]);
  if (!read)
    return { file, warnings, errors: [{ file, message: 'RDKit could not read the molecule (truncated or malformed atom/bond block)' }] };
  if (read.unsanitised)
    warnings.push({
      file,
      message: 'RDKit could not sanitise the molecule (valence or aromaticity problem); read as written, without SMILES',
    });
  const { atoms, bonds } = fromJson(read.json);
  const errors: Diagnostic[] = [];
  for (const a of atoms) {
    const bad = checkCoordinates(a.xyz);
    if (bad) {
      errors.push({ file, message: `atom ${a.serial}: ${bad}` });
      break;
    }
  }
  if (atoms.length === 0) errors.push({ file, message: 'the molecule has no atoms' });
  warnings.push({ file, message: 'SDF carries no atom names: atoms named element + running count in file order (C1, C2, O1)' });
  return { file, atoms, bonds, smiles: read.smiles, unsanitised: read.unsanitised, warnings, errors };
}

/** Writes atoms and bonds as a V2000 (or V3000 when large) molblock for RDKit. */
export function toMolblock(atoms: LigandAtom[], bonds: Bond[], charges: number[]): string {
  const rdOrder = (o: Bond['order']) => (o === 1.5 ? 4 : o);
  if (atoms.length <= 999 && bonds.length <= 999) {
    const head = [
      'ligand',
      '  misi-gen',
      '',
      `${String(atoms.length).padStart(3)}${String(bonds.length).padStart(3)}  0  0  0  0  0  0  0  0999 V2000`,
    ];
    const atomLines = atoms.map(
      (a) => `${a.xyz.map((v) => v.toFixed(4).padStart(10)).join('')} ${a.element.padEnd(3)} 0  0  0  0  0  0  0  0  0  0  0  0`,
    );
    const bondLines = bonds.map(
      (b) => `${String(b.a + 1).padStart(3)}${String(b.b + 1).padStart(3)}${String(rdOrder(b.order)).padStart(3)}  0`,
    );
    const chg = charges.map((c, i) => [i + 1, c] as const).filter(([, c]) => c !== 0);
    const chgLines: string[] = [];
    for (let i = 0; i < chg.length; i += 8) {
      const part = chg.slice(i, i + 8);
      chgLines.push(
        `M  CHG${String(part.length).padStart(3)}${part.map(([n, c]) => `${String(n).padStart(4)}${String(c).padStart(4)}`).join('')}`,
      );
    }
    return [...head, ...atomLines, ...bondLines, ...chgLines, 'M  END', ''].join('\n');
  }
  const lines = [
    'ligand',
    '  misi-gen',
    '',
    '  0  0  0     0  0            999 V3000',
    'M  V30 BEGIN CTAB',
    `M  V30 COUNTS ${atoms.length} ${bonds.length} 0 0 0`,
    'M  V30 BEGIN ATOM',
  ];
  atoms.forEach((a, i) =>
    lines.push(`M  V30 ${i + 1} ${a.element} ${a.xyz.map((v) => v.toFixed(4)).join(' ')} 0${charges[i] ? ` CHG=${charges[i]}` : ''}`),
  );
  lines.push('M  V30 END ATOM', 'M  V30 BEGIN BOND');
  bonds.forEach((b, i) => lines.push(`M  V30 ${i + 1} ${rdOrder(b.order)} ${b.a + 1} ${b.b + 1}`));
  lines.push('M  V30 END BOND', 'M  V30 END CTAB', 'M  END', '');
  return lines.join('\n');
}

/**
 * RDKit's view of a molecule read by another reader: SMILES, aromaticity and formal
 * charges, mapped back onto the given atoms (same order). Charges are not in a mol2 file,
 * so they are first guessed from valence (see guessFormalCharges).
 */
export async function describeWithRdkit(
  atoms: LigandAtom[],
  bonds: Bond[],
  charges: number[],
): Promise<{ smiles: string | null; aromatic: boolean[] | null; charges: number[] | null }> {
  const read = await readMolblock(toMolblock(atoms, bonds, charges));
  if (!read || read.unsanitised) return { smiles: null, aromatic: null, charges: null };
  const described = fromJson(read.json);
  return {
    smiles: read.smiles,
    aromatic: described.atoms.map((a) => a.aromatic ?? false),
    charges: described.atoms.map((a) => a.formalCharge ?? 0),
  };
}
