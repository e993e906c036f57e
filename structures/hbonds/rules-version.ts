// The version of the H-bond rules: bumped whenever a rule change can change which bonds are
// found (and so the answers of the residue-ligand, interaction-location and pocket-ligand
// tasks). The manifest records it as `versions.hbondRules`; a run's identity and parts carry
// it, so resume and merge refuse work made under another version.
//   1: the rules before the ChimeraX source adjudication (no version recorded).
//   2: metals mark their own model only and bar only marked planar N; Asp/Glu carboxyl H
//      bonded by distance; COOH patterns; generic acceptors by bond order; tau symmetry 4;
//      peptide ligands typed by templates (issue 15).
//   3: no rule changed, but the bonds of a PDB file with several chains without a chain id
//      (PDBbind's 10gs) name them `_1`, `_2` (structures/blank-chains.ts), where residues of
//      the two chains with one number were one residue before (issue 45).
export const HBOND_RULES_VERSION = 3;
