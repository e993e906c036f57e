// Element facts the readers need: symbols, metals, ions, waters, standard residue names.

const SYMBOLS = (
  'H He Li Be B C N O F Ne Na Mg Al Si P S Cl Ar K Ca Sc Ti V Cr Mn Fe Co Ni Cu Zn Ga Ge As ' +
  'Se Br Kr Rb Sr Y Zr Nb Mo Tc Ru Rh Pd Ag Cd In Sn Sb Te I Xe Cs Ba La Ce Pr Nd Pm Sm Eu ' +
  'Gd Tb Dy Ho Er Tm Yb Lu Hf Ta W Re Os Ir Pt Au Hg Tl Pb Bi Po At Rn Fr Ra Ac Th Pa U Np ' +
  'Pu Am Cm Bk Cf Es Fm Md No Lr'
).split(' ');

/** Atomic number by capitalised symbol (`Fe` -> 26); deuterium counts as hydrogen. */
export const ATOMIC_NUMBER: ReadonlyMap<string, number> = new Map([...SYMBOLS.map((s, i) => [s, i + 1] as [string, number]), ['D', 1]]);

/** `FE`, `fe`, `Fe` -> `Fe`; null when it is no element. */
export function normaliseElement(raw: string): string | null {
  const t = raw.trim();
  if (!t) return null;
  const s = t[0].toUpperCase() + t.slice(1).toLowerCase();
  if (s === 'D') return 'H';
  return ATOMIC_NUMBER.has(s) ? s : null;
}

/** Metals as ChimeraX counts them (Z 3-4, 11-13, 19-32, 37-51, 55-84, >= 87). */
export function isMetal(element: string): boolean {
  const z = ATOMIC_NUMBER.get(element) ?? 0;
  return (z >= 3 && z <= 4) || (z >= 11 && z <= 13) || (z >= 19 && z <= 32) || (z >= 37 && z <= 51) || (z >= 55 && z <= 84) || z >= 87;
}

/** Residue names used for water. */
export const WATER_NAMES = new Set(['HOH', 'WAT', 'DOD', 'H2O', 'TIP', 'TIP3', 'SOL', 'D2O']);

/** Elements that form monatomic ions in crystal structures besides the metals. */
const ION_NONMETALS = new Set(['F', 'Cl', 'Br', 'I']);

/** A group of one heavy atom that is a metal or halide is an ion. */
export function isIon(heavyElements: string[]): boolean {
  return heavyElements.length === 1 && (isMetal(heavyElements[0]) || ION_NONMETALS.has(heavyElements[0]));
}

/** The 20 standard amino acids (three-letter names, alphabetical). */
export const STANDARD_AMINO_ACIDS: readonly string[] = [
  'ALA',
  'ARG',
  'ASN',
  'ASP',
  'CYS',
  'GLN',
  'GLU',
  'GLY',
  'HIS',
  'ILE',
  'LEU',
  'LYS',
  'MET',
  'PHE',
  'PRO',
  'SER',
  'THR',
  'TRP',
  'TYR',
  'VAL',
];

/** The 20 amino acids, common variants, and nucleotides: residues of a polymer. */
export const POLYMER_RESIDUES = new Set([
  ...STANDARD_AMINO_ACIDS,
  'MSE',
  'SEC',
  'PYL',
  'HID',
  'HIE',
  'HIP',
  'HSD',
  'HSE',
  'HSP',
  'CYX',
  'CYM',
  'ASH',
  'GLH',
  'LYN',
  'ACE',
  'NME',
  'NH2',
  'UNK',
  'DA',
  'DC',
  'DG',
  'DT',
  'DU',
  'A',
  'C',
  'G',
  'U',
  'I',
]);

/**
 * Element from a PDB atom name when columns 77-78 are blank. PDB aligns one-letter element
 * names to column 14 (` CA ` is carbon) and two-letter ones to column 13 (`FE  ` is iron);
 * names starting with a digit (`1HB `) or four-character hydrogens (`HD21`) are hydrogen.
 */
export function elementFromAtomName(field: string, residueName: string): string | null {
  const name = field.padEnd(4, ' ');
  if (/^\d/.test(name)) return normaliseElement(name[1]);
  if (name[0] === ' ') return normaliseElement(name[1]);
  const two = normaliseElement(name.slice(0, 2));
  const polymer = POLYMER_RESIDUES.has(residueName.trim());
  if (two && two.length === 2 && !polymer && !/^H[A-Z]\d/.test(name)) return two;
  return normaliseElement(name[0]);
}

/** The elements of every heavy atom a hydrogen bond can join, as donor or acceptor (structures/hbonds/find-hbonds.ts looks at no other): no other ligand atom is ever named in an H-bond answer. */
export const HBOND_ELEMENTS: ReadonlySet<string> = new Set(['N', 'O', 'S']);
