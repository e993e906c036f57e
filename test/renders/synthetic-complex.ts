// Small hand-made complexes for renderer tests (not a test file itself).
import type { Atom, Complex, LigandAtom, Residue, Vec3 } from '../../structures/model.ts';

export function atom(name: string, element: string, xyz: Vec3, serial = 1): Atom {
  return { name, element, xyz, occupancy: 1, serial, isHydrogen: element === 'H' };
}

export function residue(chain: string, name: string, number: number, atoms: Atom[], insertionCode = ''): Residue {
  return { chain, name, number, insertionCode, hetero: false, atoms };
}

export function complex(id: string, pocket: Residue[], ligandAtoms: LigandAtom[]): Complex {
  return {
    id,
    sources: [{ role: 'pocket', path: `${id}.pdb`, sha256: id.padEnd(64, '0') }],
    pocket,
    ligand: { name: 'LIG', chain: 'A', number: 900, insertionCode: '', atomNames: 'file', atoms: ligandAtoms, bonds: [], smiles: null },
    waters: [],
    metals: [],
    warnings: [],
  };
}

/** Two residues and a three-atom ligand, with one hydrogen in each part. */
export function tinyComplex(): Complex {
  return complex(
    'tiny',
    [
      residue('A', 'ASN', 10, [
        atom('N', 'N', [0, 0, 0]),
        atom('CA', 'C', [1.4, 0, 0]),
        atom('H', 'H', [-0.9, 0, 0]),
        atom('OD1', 'O', [2, 1, 0]),
      ]),
      residue('A', 'ARG', 11, [atom('N', 'N', [3, 0, 0]), atom('CA', 'C', [4, 1, 1]), atom('CZ', 'C', [5, 2, 1])], 'A'),
    ],
    [atom('C1', 'C', [2, 4, 3]), atom('O1', 'O', [3, 4, 3]), atom('N1', 'N', [2, 5, 3]), atom('H1', 'H', [1, 4, 3])],
  );
}
