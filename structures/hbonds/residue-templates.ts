// Residue templates: intra-residue heavy-atom bonds and IDATM types of the standard amino
// acids and water, as ChimeraX's idatm templates give them (docs/hbond-criteria.md section 1).
// Hydrogens are attached by name (see build-graph.ts) and typed H/HC.

export interface ResidueTemplate {
  /** Heavy-atom name -> IDATM type. */
  types: Record<string, string>;
  /** Intra-residue heavy-atom bonds. */
  bonds: [string, string][];
}

const BACKBONE_TYPES = { N: 'Npl', CA: 'C3', C: 'C2', O: 'O2', OXT: 'O2-' };
const BACKBONE_BONDS = 'N-CA CA-C C-O C-OXT';

/** name: [side-chain types "ATOM:TYPE ...", side-chain bonds "A-B ..."] */
const SIDE_CHAINS: Record<string, [string, string]> = {
  GLY: ['', ''],
  ALA: ['CB:C3', 'CA-CB'],
  VAL: ['CB:C3 CG1:C3 CG2:C3', 'CA-CB CB-CG1 CB-CG2'],
  LEU: ['CB:C3 CG:C3 CD1:C3 CD2:C3', 'CA-CB CB-CG CG-CD1 CG-CD2'],
  ILE: ['CB:C3 CG1:C3 CG2:C3 CD1:C3', 'CA-CB CB-CG1 CB-CG2 CG1-CD1'],
  PRO: ['CB:C3 CG:C3 CD:C3', 'CA-CB CB-CG CG-CD CD-N'],
  PHE: ['CB:C3 CG:Car CD1:Car CD2:Car CE1:Car CE2:Car CZ:Car', 'CA-CB CB-CG CG-CD1 CG-CD2 CD1-CE1 CD2-CE2 CE1-CZ CE2-CZ'],
  TYR: ['CB:C3 CG:Car CD1:Car CD2:Car CE1:Car CE2:Car CZ:Car OH:O3', 'CA-CB CB-CG CG-CD1 CG-CD2 CD1-CE1 CD2-CE2 CE1-CZ CE2-CZ CZ-OH'],
  TRP: [
    'CB:C3 CG:Car CD1:Car CD2:Car NE1:Npl CE2:Car CE3:Car CZ2:Car CZ3:Car CH2:Car',
    'CA-CB CB-CG CG-CD1 CG-CD2 CD1-NE1 NE1-CE2 CD2-CE2 CD2-CE3 CE2-CZ2 CE3-CZ3 CZ2-CH2 CZ3-CH2',
  ],
  SER: ['CB:C3 OG:O3', 'CA-CB CB-OG'],
  THR: ['CB:C3 OG1:O3 CG2:C3', 'CA-CB CB-OG1 CB-CG2'],
  CYS: ['CB:C3 SG:S3', 'CA-CB CB-SG'],
  MET: ['CB:C3 CG:C3 SD:S3 CE:C3', 'CA-CB CB-CG CG-SD SD-CE'],
  ASN: ['CB:C3 CG:C2 OD1:O2 ND2:Npl', 'CA-CB CB-CG CG-OD1 CG-ND2'],
  GLN: ['CB:C3 CG:C3 CD:C2 OE1:O2 NE2:Npl', 'CA-CB CB-CG CG-CD CD-OE1 CD-NE2'],
  ASP: ['CB:C3 CG:Cac OD1:O2- OD2:O2-', 'CA-CB CB-CG CG-OD1 CG-OD2'],
  GLU: ['CB:C3 CG:C3 CD:Cac OE1:O2- OE2:O2-', 'CA-CB CB-CG CG-CD CD-OE1 CD-OE2'],
  LYS: ['CB:C3 CG:C3 CD:C3 CE:C3 NZ:N3+', 'CA-CB CB-CG CG-CD CD-CE CE-NZ'],
  ARG: ['CB:C3 CG:C3 CD:C3 NE:Ng+ CZ:C2 NH1:Ng+ NH2:Ng+', 'CA-CB CB-CG CG-CD CD-NE NE-CZ CZ-NH1 CZ-NH2'],
  HIS: ['CB:C3 CG:Car ND1:Npl CD2:Car CE1:Car NE2:Npl', 'CA-CB CB-CG CG-ND1 CG-CD2 ND1-CE1 CD2-NE2 CE1-NE2'],
};

/** Histidine protonation-state names that share the HIS template. */
const ALIASES: Record<string, string> = {
  HID: 'HIS',
  HIE: 'HIS',
  HIP: 'HIS',
  HSD: 'HIS',
  HSE: 'HIS',
  HSP: 'HIS',
  CYX: 'CYS',
  CYM: 'CYS',
  ASH: 'ASP',
  GLH: 'GLU',
  LYN: 'LYS',
};

/**
 * Hydrogen names a template does not know: the protonated Asp/Glu carboxyl H. They are
 * bonded by distance, to the nearest heavy atom, not to the O their name points to.
 */
export const UNTEMPLATED_HYDROGENS: Record<string, string[]> = { ASP: ['HD1', 'HD2'], GLU: ['HE1', 'HE2'] };

const WATER: ResidueTemplate = { types: { O: 'O3' }, bonds: [] };
export const WATER_NAMES = new Set(['HOH', 'WAT', 'DOD', 'H2O', 'TIP', 'TIP3', 'SOL']);

function parseTemplate(side: [string, string]): ResidueTemplate {
  const types: Record<string, string> = { ...BACKBONE_TYPES };
  for (const entry of side[0].split(' ').filter(Boolean)) {
    const [atom, type] = entry.split(':');
    types[atom] = type;
  }
  const bonds = `${BACKBONE_BONDS} ${side[1]}`
    .split(' ')
    .filter(Boolean)
    .map((b) => b.split('-') as [string, string]);
  return { types, bonds };
}

const TEMPLATES = new Map<string, ResidueTemplate>(Object.entries(SIDE_CHAINS).map(([k, v]) => [k, parseTemplate(v)]));

/** The template for a residue name (amino acids, their protonation aliases, water), or null. */
export function residueTemplate(name: string): ResidueTemplate | null {
  if (WATER_NAMES.has(name)) return WATER;
  return TEMPLATES.get(ALIASES[name] ?? name) ?? null;
}

/** Canonical template name (HID -> HIS), or the name itself. */
export function templateName(name: string): string {
  return ALIASES[name] ?? name;
}

/** Number of intra-residue heavy neighbours each template atom has. */
export function templateHeavyDegree(t: ResidueTemplate): Map<string, number> {
  const deg = new Map<string, number>();
  for (const [a, b] of t.bonds) {
    if (a === 'OXT' || b === 'OXT') continue; // optional terminal oxygen
    deg.set(a, (deg.get(a) ?? 0) + 1);
    deg.set(b, (deg.get(b) ?? 0) + 1);
  }
  return deg;
}
