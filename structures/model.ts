// The typed model of one protein-ligand complex, as every later stage sees it.
//
// Units and frames, stated once: coordinates are in angstrom, in the frame of the input
// file (the "model frame"); nothing here knows about cameras or screens (see renders/).

/** A point in the model frame, in angstrom. */
export type Vec3 = [number, number, number];

/**
 * The kinds of reading that changed what a complex holds, set on the warning that says so
 * (the message stays the words for people; pipeline/content-warnings.ts counts by kind):
 *  - `ligand-from-sdf`: the mol2 was unusable, the ligand was read from the SDF beside it;
 *  - `bond-orders-from-sdf`: RDKit could not read the mol2 bond orders, the SDF's were taken;
 *  - `ligand-picked`: no selector, the ligand of a whole entry picked by the largest-group rule;
 *  - `atoms-renamed`: heavy-atom names that repeat in a residue or the ligand made unique (a
 *    renamed hydrogen, never drawn nor named in an answer, is warned about without a kind);
 *  - `altlocs-chosen`: alternate locations (or a residue's second version) left out;
 *  - `chains-named`: several chains without a chain id told apart and named `_1`, `_2`, ...
 *    (structures/blank-chains.ts).
 */
export type DiagnosticKind =
  | 'ligand-from-sdf'
  | 'bond-orders-from-sdf'
  | 'ligand-picked'
  | 'atoms-renamed'
  | 'altlocs-chosen'
  | 'chains-named';

/** Where a diagnostic came from and what was wrong, in plain words. */
export interface Diagnostic {
  file: string;
  /** 1-based line number in `file`, when the problem sits on one line. */
  line?: number;
  message: string;
  /** Set on the warnings of a reading that changed what the complex holds (absent on the rest). */
  kind?: DiagnosticKind;
}

export interface Atom {
  /** Atom name as in the file (`CA`, `OD1`, `O1B`); unique within its residue or ligand. */
  name: string;
  /** Element symbol, capitalised as on the periodic table (`C`, `Fe`, `Cl`). */
  element: string;
  /** Position in angstrom, model frame. */
  xyz: Vec3;
  occupancy: number;
  /** Serial number from the file, or the 1-based running index when the file has none. */
  serial: number;
  isHydrogen: boolean;
  /** Alternate location kept from the file ('' when there was none). */
  altLoc?: string;
  /** Formal charge when known (mol2/SDF via RDKit, PDB columns 79-80). */
  formalCharge?: number;
}

/** A residue or any other group of atoms that the file names by (chain, name, number, icode). */
export interface Residue {
  /** Chain id; a blank chain stays '' (written `_` in answers). */
  chain: string;
  /** Residue name (`ARG`, `HOH`, `ZN`). */
  name: string;
  number: number;
  /** Insertion code, '' when none. */
  insertionCode: string;
  /** True when the file wrote the records as HETATM. */
  hetero: boolean;
  atoms: Atom[];
}

export interface Bond {
  /** Indices into the owning ligand's `atoms`. */
  a: number;
  b: number;
  /** 1, 2, 3, or 1.5 for aromatic. */
  order: 1 | 2 | 3 | 1.5;
}

export interface LigandAtom extends Atom {
  /** SYBYL atom type from a mol2 file (`C.ar`, `N.pl3`); absent for SDF/PDB ligands. */
  sybylType?: string;
  /** Aromatic as RDKit perceives it, when RDKit could read the molecule. */
  aromatic?: boolean;
  /**
   * The mol2 substructure (residue) the atom line names, with the atom's name as written
   * there (before ligand names are made unique); absent for SDF/PDB ligands.
   */
  substructure?: { name: string; id: number; atomName: string };
}

export interface Ligand {
  /** Residue name: the mol2 substructure name, the PDB residue name, or `UNL` for SDF. */
  name: string;
  chain: string;
  number: number;
  insertionCode: string;
  /** Where the atom names came from: the file, or generated (element + running count). */
  atomNames: 'file' | 'generated';
  atoms: LigandAtom[];
  bonds: Bond[];
  /** Canonical SMILES from RDKit, or null when RDKit could not build the molecule. */
  smiles: string | null;
}

export type SourceRole = 'pocket' | 'protein' | 'ligand' | 'entry';

export interface SourceFile {
  role: SourceRole;
  path: string;
  sha256: string;
}

/** One hydrogen bond between pocket and ligand (see structures/hbonds/). */
export interface HBondEnd {
  side: 'pocket' | 'ligand';
  chain: string;
  residueName: string;
  residueNumber: number;
  insertionCode: string;
  atomName: string;
}

export interface HBond {
  donor: HBondEnd;
  acceptor: HBondEnd;
  /** Name of the hydrogen on the donor nearest the acceptor, or null when none is known. */
  hydrogen: string | null;
  /** Donor-acceptor distance, angstrom. */
  distanceDA: number;
  /** Hydrogen-acceptor distance, angstrom; null when no hydrogen position is known. */
  distanceHA: number | null;
  /** Which side donates. */
  donorSide: 'pocket' | 'ligand';
}

/**
 * Facts about the deposited entry, when the input states them (mmCIF
 * `_pdbx_database_status` / revision history and `_refine`/`_reflns`, PDB `HEADER` and
 * `REMARK 2`, or a PDBbind index file). Each field is absent when nothing said it.
 */
export interface EntryInfo {
  /** Initial release date, `YYYY-MM-DD` (a year alone from an index is `YYYY-01-01`; with source `pdb-header-deposition`, the deposition date, which precedes the release). */
  releaseDate?: string;
  /** Where `releaseDate` came from (`mmcif`, `pdb-revdat`, `pdb-header-deposition`, `pdbbind-index`...). */
  releaseDateSource?: string;
  /** Resolution in angstrom; absent for NMR entries or when not stated. */
  resolution?: number;
  /** Experimental method as written (`X-RAY DIFFRACTION`, `SOLUTION NMR`). */
  method?: string;
}

export interface Complex {
  /** PDBbind folder name, or the stem of a whole-entry file. */
  id: string;
  /** What the entry's files say about the deposition (release date, resolution). */
  entry?: EntryInfo;
  sources: SourceFile[];
  /** Pocket residues: polymer residues plus non-water, non-metal hetero groups other than the ligand. */
  pocket: Residue[];
  ligand: Ligand;
  /** Water molecules (HOH/WAT/DOD...), kept apart from the pocket. */
  waters: Residue[];
  /** Metal and other monatomic ions, kept apart from the pocket. */
  metals: Residue[];
  /** Everything the readers noticed and resolved (alternate locations, renamed atoms...). */
  warnings: Diagnostic[];
  /** Hydrogen bonds between pocket and ligand, filled in by the H-bond stage. */
  hbonds?: HBond[];
}
