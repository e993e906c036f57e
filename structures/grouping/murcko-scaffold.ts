// Bemis-Murcko scaffold of a ligand as canonical SMILES, meant to equal RDKit's
// `Chem.MolToSmiles(MurckoScaffold.GetScaffoldForMol(mol))` (stereo included, as that call
// writes it; an acyclic molecule gives ''). The graph work is in murcko-graph.ts; this file
// builds the molecule with RDKit-JS and canonicalises the result with it.
import type { Ligand } from '../model.ts';
import { rdkit, toMolblock } from '../rdkit-ligand.ts';
import { type RdkitJsonDocument, scaffoldDocument } from './murcko-graph.ts';

export type ScaffoldResult =
  | {
      smiles: string;
      /** What the molecule was built from: the ligand's SMILES, or its atoms and bonds. */
      from: 'smiles' | 'atoms';
      /** True when RDKit read the molecule without sanitising it (atoms path only). */
      unsanitised: boolean;
    }
  | { smiles: null; reason: string };

type RDKitModule = Awaited<ReturnType<typeof rdkit>>;
type RDKitMol = NonNullable<ReturnType<RDKitModule['get_mol']>>;

/** Parses `input` (SMILES, molblock or RDKit JSON); null when RDKit cannot. */
function readMol(rd: RDKitModule, input: string, details: Record<string, unknown>): RDKitMol | null {
  try {
    const mol = rd.get_mol(input, JSON.stringify(details));
    if (mol?.is_valid()) return mol;
    mol?.delete();
  } catch {
    // RDKit-JS throws for some malformed inputs instead of returning null.
  }
  return null;
}

/** Scaffold of an RDKit molecule: its JSON through the graph step, back into RDKit. */
function scaffoldOfMol(rd: RDKitModule, mol: RDKitMol, sanitised: boolean): { smiles: string } | { reason: string } {
  let doc: RdkitJsonDocument;
  try {
    doc = JSON.parse(mol.get_json()) as RdkitJsonDocument;
  } catch {
    // Reported: the reason goes into the complex's reject (RDKit's own text says no more).
    return { reason: 'RDKit could not describe the molecule it read' };
  }
  if (doc.molecules.length === 0 || doc.molecules[0].atoms.length === 0) return { reason: 'the molecule has no atoms' };
  const scaffold = scaffoldDocument(doc);
  if (!scaffold) return { smiles: '' };
  // Read with stereo taken as given (RDKit-JS would otherwise drop cis/trans read from
  // JSON), then once more from its SMILES so that RDKit removes tags from atoms and bonds
  // that are no longer stereocentres, as MolToSmiles does in Python.
  const json = JSON.stringify(scaffold);
  const cut =
    readMol(rd, json, { assignStereo: false }) ?? (sanitised ? null : readMol(rd, json, { sanitize: false, assignStereo: false }));
  if (!cut) return { reason: 'RDKit could not sanitise the scaffold cut from the molecule' };
  let written: string;
  try {
    written = cut.get_smiles();
  } finally {
    cut.delete();
  }
  const again = readMol(rd, written, {});
  if (!again) return sanitised ? { reason: `RDKit could not read back the scaffold ${written}` } : { smiles: written };
  try {
    return { smiles: again.get_smiles() };
  } finally {
    again.delete();
  }
}

/** The scaffold of a molecule given as SMILES. */
export async function murckoScaffoldOfSmiles(smiles: string): Promise<ScaffoldResult> {
  const rd = await rdkit();
  const mol = readMol(rd, smiles, {});
  if (!mol) return { smiles: null, reason: `RDKit could not read the SMILES ${smiles}` };
  try {
    const r = scaffoldOfMol(rd, mol, true);
    return 'smiles' in r ? { smiles: r.smiles, from: 'smiles', unsanitised: false } : { smiles: null, reason: r.reason };
  } finally {
    mol.delete();
  }
}

/**
 * The scaffold of a ligand, saying where it came from or why there is none. The ligand's
 * SMILES is used when it has one; otherwise its atoms and bonds (as given: a ligand cut from
 * a PDB entry has single bonds only, so its scaffold is that of the saturated skeleton),
 * sanitised when RDKit can, else read as written.
 */
export async function murckoScaffoldOf(ligand: Ligand): Promise<ScaffoldResult> {
  if (ligand.smiles !== null) {
    const r = await murckoScaffoldOfSmiles(ligand.smiles);
    if (r.smiles !== null) return r;
  }
  if (ligand.atoms.length === 0) return { smiles: null, reason: 'the ligand has no atoms' };
  const rd = await rdkit();
  const molblock = toMolblock(
    ligand.atoms,
    ligand.bonds,
    ligand.atoms.map((a) => a.formalCharge ?? 0),
  );
  let sanitised = true;
  let mol = readMol(rd, molblock, { removeHs: true });
  if (!mol) {
    sanitised = false;
    mol = readMol(rd, molblock, { removeHs: false, sanitize: false });
  }
  if (!mol) return { smiles: null, reason: 'RDKit could not build a molecule from the ligand atoms and bonds' };
  try {
    const r = scaffoldOfMol(rd, mol, sanitised);
    return 'smiles' in r ? { smiles: r.smiles, from: 'atoms', unsanitised: !sanitised } : { smiles: null, reason: r.reason };
  } finally {
    mol.delete();
  }
}

/** The ligand's Bemis-Murcko scaffold as canonical SMILES ('' when acyclic); null when RDKit cannot build it (see murckoScaffoldOf for the reason). */
export async function murckoScaffold(ligand: Ligand): Promise<string | null> {
  return (await murckoScaffoldOf(ligand)).smiles;
}
