// Residue atom names that no image can tell apart, kept as data here and nowhere else
// (docs/scoring.md, "Equivalent atom names"). The H-bond answers name residue atoms, but the
// images label residues only (docs/labels.md) and draw no hydrogens: a model sees the atoms'
// elements (colours) and where they sit, never their names. Two names are equivalent when
// they are atoms of one residue with the same element bonded the same way to the same atom,
// so that the only thing telling them apart is a naming convention:
//
// - ASP OD1 / OD2 and GLU OE1 / OE2: the two oxygens of the side chain's carboxylate;
// - ARG NH1 / NH2: the two terminal nitrogens of the guanidinium (NE, bonded to CD, is apart);
// - O / OXT of any standard residue: the two oxygens of the C-terminal carboxylate.
//
// Found by going through the 20 standard residues' N, O and S atoms (the atoms that can take
// part in an H-bond): every other such atom is the only one of its element at its place.
// Not equivalent, though the truth's naming is a crystallographer's choice there too: ASN
// OD1 / ND2 and GLN OE1 / NE2 (oxygen red, nitrogen blue in every image), HIS ND1 / NE2 (both
// blue, but ND1 is bonded to CG, the ring atom joined to CB, and NE2 is across the ring, so
// the picture shows which is which). Ligand atoms are labelled by name, so none are merged.
//
// Residue names are read through the H-bond typing's aliases (templateName: ASH -> ASP,
// GLH -> GLU, HID -> HIS, ...), whose hydrogens the images do not draw either.
import { STANDARD_AMINO_ACIDS } from '../../structures/elements.ts';
import { templateName } from '../../structures/hbonds/residue-templates.ts';

/** How H-bond answers compare residue atom names: equivalent ones as one, or as written (the paper's rule). */
export type AtomNameRule = 'equivalent' | 'asWritten';

export const ATOM_NAME_RULES: readonly AtomNameRule[] = ['equivalent', 'asWritten'];

/** One line per rule, printed with the score table and given in `score --json`. */
export const ATOM_NAME_RULE_DEFINITIONS: Readonly<Record<AtomNameRule, string>> = {
  equivalent:
    'residue atom names no image can tell apart count as one (ASP OD1 = OD2, GLU OE1 = OE2, ARG NH1 = NH2, O = OXT), each true bond found at most once',
  asWritten: "residue atom names must be the truth's as written (ASP OD2 does not match OD1), the paper's rule",
};

/** The 20 standard amino acids (structures/elements.ts). */
export const STANDARD_RESIDUES: readonly string[] = STANDARD_AMINO_ACIDS;

export interface EquivalentNames {
  /** Standard residue names (upper case) the names belong to. */
  residues: readonly string[];
  /** Atom names (upper case) that count as one. */
  atoms: readonly string[];
  /** Why no picture can tell them apart. */
  why: string;
}

/** The equivalence table: the one place it is kept. */
export const EQUIVALENT_ATOM_NAMES: readonly EquivalentNames[] = [
  { residues: ['ASP'], atoms: ['OD1', 'OD2'], why: 'the two oxygens of the side-chain carboxylate, both bonded to CG' },
  { residues: ['GLU'], atoms: ['OE1', 'OE2'], why: 'the two oxygens of the side-chain carboxylate, both bonded to CD' },
  { residues: ['ARG'], atoms: ['NH1', 'NH2'], why: 'the two terminal nitrogens of the guanidinium, both bonded to CZ' },
  { residues: STANDARD_RESIDUES, atoms: ['O', 'OXT'], why: 'the two oxygens of the C-terminal carboxylate, both bonded to C' },
];

/** residue -> atom -> the name of its class (`OD1|OD2`). */
const CLASS_OF = new Map<string, Map<string, string>>();
for (const entry of EQUIVALENT_ATOM_NAMES) {
  const name = entry.atoms.join('|');
  for (const residue of entry.residues) {
    const atoms = CLASS_OF.get(residue) ?? new Map<string, string>();
    CLASS_OF.set(residue, atoms);
    for (const atom of entry.atoms) atoms.set(atom, name);
  }
}

/**
 * The name standing for a residue atom's class: `OD1|OD2` for ASP OD1 and OD2, the atom's
 * own name when it has no equivalent. Residue and atom are compared in upper case.
 */
export function atomClass(residue: string, atom: string): string {
  const r = residue.toUpperCase();
  const a = atom.toUpperCase();
  return CLASS_OF.get(templateName(r))?.get(a) ?? a;
}
