"""Reference Bemis-Murcko scaffolds from Python RDKit (Debian's python3-rdkit), for the
cross-check in murcko-scaffold.test.ts.

Reads one JSON object per line on stdin:
  {"id": ..., "js": <scaffold from misi-gen, or null>,
   "smiles": <the molecule misi-gen started from> | "molblock": <same, when it had no SMILES>,
   "sdf": <optional path of the ligand's SDF file>}
Writes one JSON object per line on stdout:
  {"id", "jsCanon",
   "same": {"input", "scaffold", "agree"}   scaffold of the very molecule misi-gen used,
   "sdf":  {"input", "scaffold", "agree"}   scaffold of the SDF file (when given),
  }
where "input" is the molecule's canonical SMILES (null when RDKit cannot read it) and
"scaffold" is Chem.MolToSmiles(MurckoScaffold.GetScaffoldForMol(mol)). Every SMILES is
canonicalised once more by this RDKit, so that differences between RDKit versions in how a
SMILES is written do not count.

Hydrogens are removed before the scaffold is taken, including those RDKit's RemoveHs keeps
by default because the file gives them a query hydrogen count (some PDBbind SDF files do):
a kept explicit hydrogen would be cut like any substituent and take its neighbour's chiral
tag with it.
"""
import json
import sys

from rdkit import Chem, RDLogger
from rdkit.Chem.Scaffolds import MurckoScaffold

RDLogger.DisableLog("rdApp.*")

REMOVE_HS = Chem.RemoveHsParameters()
REMOVE_HS.removeWithQuery = True


def without_hs(mol):
    if mol is None:
        return None
    try:
        return Chem.RemoveHs(mol, REMOVE_HS)
    except Exception:  # noqa: BLE001 - RDKit raises several kinds; any means unreadable
        return None


def canon(smiles):
    if smiles is None:
        return None
    if smiles == "":
        return ""
    mol = Chem.MolFromSmiles(smiles)
    return Chem.MolToSmiles(mol) if mol is not None else "unparsable:" + smiles


def scaffold_of(mol, js_canon):
    if mol is None:
        return {"input": None, "scaffold": None, "agree": js_canon is None}
    scaffold = canon(Chem.MolToSmiles(MurckoScaffold.GetScaffoldForMol(mol)))
    return {"input": canon(Chem.MolToSmiles(mol)), "scaffold": scaffold, "agree": scaffold == js_canon}


for line in sys.stdin:
    if not line.strip():
        continue
    item = json.loads(line)
    js_canon = canon(item.get("js"))
    if "smiles" in item:
        used = Chem.MolFromSmiles(item["smiles"])
    else:
        used = without_hs(Chem.MolFromMolBlock(item["molblock"], removeHs=False))
    out = {"id": item["id"], "jsCanon": js_canon, "same": scaffold_of(used, js_canon)}
    if "sdf" in item:
        out["sdf"] = scaffold_of(without_hs(Chem.MolFromMolFile(item["sdf"], removeHs=False)), js_canon)
    sys.stdout.write(json.dumps(out) + "\n")
