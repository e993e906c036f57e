// Hand-built fragments for the H-bond tests: a tiny Complex from residues and ligand atoms
// with coordinates written out, so a test can put a pair just inside or outside a cutoff.
import type { Atom, Bond, Complex, LigandAtom, Residue, Vec3 } from '../../../structures/model.ts';

export function atom(name: string, element: string, xyz: Vec3): Atom {
  return { name, element, xyz, occupancy: 1, serial: 0, isHydrogen: element === 'H' };
}

export function residue(name: string, number: number, atoms: Atom[], chain = 'A', insertionCode = ''): Residue {
  return { chain, name, number, insertionCode, hetero: false, atoms };
}

export function complexOf(pocket: Residue[], ligandAtoms: LigandAtom[], bonds: [number, number][], waters: Residue[] = []): Complex {
  const b: Bond[] = bonds.map(([a, c]) => ({ a, b: c, order: 1 }));
  return {
    id: 'test',
    sources: [],
    pocket,
    waters,
    metals: [],
    warnings: [],
    ligand: { name: 'LIG', chain: 'L', number: 1, insertionCode: '', atomNames: 'file', atoms: ligandAtoms, bonds: b, smiles: null },
  };
}

/** Unit vector in the xz-plane at `deg` degrees from +x toward +z. */
export function dirXZ(deg: number): Vec3 {
  const t = (deg * Math.PI) / 180;
  return [Math.cos(t), 0, Math.sin(t)];
}

export function along(p: Vec3, dir: Vec3, d: number): Vec3 {
  return [p[0] + dir[0] * d, p[1] + dir[1] * d, p[2] + dir[2] * d];
}

/**
 * Acetone with its carbonyl O at the origin and C=O pointing to +x (ketone acceptor class):
 * atoms O, C, CM1, CM2 (no hydrogens; the methyls are typed from their bond length).
 */
export function acetoneAtOrigin(): { atoms: LigandAtom[]; bonds: [number, number][] } {
  const c: Vec3 = [-1.22, 0, 0];
  return {
    atoms: [atom('O', 'O', [0, 0, 0]), atom('C', 'C', c), atom('CM1', 'C', [-1.975, 1.308, 0]), atom('CM2', 'C', [-1.975, -1.308, 0])],
    bonds: [
      [0, 1],
      [1, 2],
      [1, 3],
    ],
  };
}

/**
 * A serine side chain whose OG sits at (r, 0, 0) and donates along -x to the origin: HG on
 * the OG->origin line, CB at `ups` degrees from that line (in the xz-plane).
 */
export function serineDonor(r: number, ups = 109.5): Residue {
  const og: Vec3 = [r, 0, 0];
  const back = 180 - ups;
  return residue('SER', 10, [atom('CB', 'C', along(og, dirXZ(back), 1.43)), atom('OG', 'O', og), atom('HG', 'H', [r - 0.96, 0, 0])]);
}

/** Rotates `v` about the y axis by `deg` degrees (right-hand rule). */
export function rotY(v: Vec3, deg: number): Vec3 {
  const t = (deg * Math.PI) / 180;
  return [v[0] * Math.cos(t) + v[2] * Math.sin(t), v[1], -v[0] * Math.sin(t) + v[2] * Math.cos(t)];
}

/** Rotates `p` about the z axis through the origin by `deg` degrees. */
export function rotZ(p: Vec3, deg: number): Vec3 {
  const t = (deg * Math.PI) / 180;
  return [p[0] * Math.cos(t) - p[1] * Math.sin(t), p[0] * Math.sin(t) + p[1] * Math.cos(t), p[2]];
}

/**
 * N-methylacetamide whose N sits at (r, 0, 0) with its H pointing at the origin, all in the
 * xz-plane: atoms N, H, C (carbonyl), O, CM (methyl on C), CN (methyl on N).
 */
export function methylacetamideDonor(r: number): { atoms: LigandAtom[]; bonds: [number, number][] } {
  const n: Vec3 = [r, 0, 0];
  const toC = rotY([-1, 0, 0], 120);
  const toCN = rotY([-1, 0, 0], -120);
  const c = along(n, toC, 1.33);
  const back: Vec3 = [-toC[0], -toC[1], -toC[2]];
  return {
    atoms: [
      atom('N', 'N', n),
      atom('H', 'H', [r - 1.01, 0, 0]),
      atom('C', 'C', c),
      atom('O', 'O', along(c, rotY(back, 120), 1.23)),
      atom('CM', 'C', along(c, rotY(back, -120), 1.5)),
      atom('CN', 'C', along(n, toCN, 1.46)),
    ],
    bonds: [
      [0, 1],
      [0, 2],
      [2, 3],
      [2, 4],
      [0, 5],
    ],
  };
}

/** An Asn side chain (CB, CG, OD1, ND2) with OD1 at the origin and C=O along +x, in the xy-plane. */
export function asparagineAcceptor(): Residue {
  const cg: Vec3 = [-1.23, 0, 0];
  return residue('ASN', 20, [
    atom('CB', 'C', along(cg, [-0.5, -0.866, 0], 1.52)),
    atom('CG', 'C', cg),
    atom('OD1', 'O', [0, 0, 0]),
    atom('ND2', 'N', along(cg, [-0.5, 0.866, 0], 1.33)),
  ]);
}

/** An Asn side chain donating from ND2 at (r, 0, 0) through HD21 toward the origin (xz-plane). */
export function asparagineDonor(r: number): Residue {
  const nd2: Vec3 = [r, 0, 0];
  const toCG = rotY([-1, 0, 0], 120);
  const cg = along(nd2, toCG, 1.33);
  const back: Vec3 = [-toCG[0], -toCG[1], -toCG[2]];
  return residue('ASN', 30, [
    atom('CB', 'C', along(cg, rotY(back, -120), 1.52)),
    atom('CG', 'C', cg),
    atom('OD1', 'O', along(cg, rotY(back, 120), 1.23)),
    atom('ND2', 'N', nd2),
    atom('HD21', 'H', [r - 1.01, 0, 0]),
    atom('HD22', 'H', along(nd2, rotY([-1, 0, 0], -120), 1.01)),
  ]);
}

/** Pyridine (no hydrogens) in the xy-plane with N at the origin, its lone pair along +x. */
export function pyridineAtOrigin(): { atoms: LigandAtom[]; bonds: [number, number][] } {
  const centre = -1.39;
  const atoms = [0, 1, 2, 3, 4, 5].map((k) => {
    const t = (k * 60 * Math.PI) / 180;
    return atom(k === 0 ? 'N1' : `C${k + 1}`, k === 0 ? 'N' : 'C', [centre + 1.39 * Math.cos(t), 1.39 * Math.sin(t), 0]);
  });
  return {
    atoms,
    bonds: [
      [0, 1],
      [1, 2],
      [2, 3],
      [3, 4],
      [4, 5],
      [5, 0],
    ],
  };
}

/** Acetate with O1 at the origin, C->O1 along +x, O2 on the +y side (syn side), methyl on -y. */
export function acetateAtOrigin(): { atoms: LigandAtom[]; bonds: [number, number][] } {
  const c: Vec3 = [-1.26, 0, 0];
  const deg = (d: number): Vec3 => [Math.cos((d * Math.PI) / 180), Math.sin((d * Math.PI) / 180), 0];
  return {
    atoms: [
      atom('O1', 'O', [0, 0, 0]),
      atom('C1', 'C', c),
      atom('O2', 'O', along(c, deg(120), 1.26)),
      atom('C2', 'C', along(c, deg(240), 1.51)),
    ],
    bonds: [
      [0, 1],
      [1, 2],
      [1, 3],
    ],
  };
}

/**
 * Methyl phosphate: P at (-1.52, 0, 0), terminal O3 at the origin (P->O3 along +x), the
 * other terminal O1, O2 and the ester OE at tetrahedral positions away from +y.
 */
export function methylPhosphate(): { atoms: LigandAtom[]; bonds: [number, number][] } {
  const p: Vec3 = [-1.52, 0, 0];
  const tet = (phiDeg: number): Vec3 => {
    const f = (phiDeg * Math.PI) / 180;
    return [-1 / 3, 0.9428 * Math.cos(f), 0.9428 * Math.sin(f)];
  };
  const oe = along(p, tet(180), 1.6);
  return {
    atoms: [
      atom('P', 'P', p),
      atom('OE', 'O', oe),
      atom('O1', 'O', along(p, tet(60), 1.52)),
      atom('O2', 'O', along(p, tet(300), 1.52)),
      atom('O3', 'O', [0, 0, 0]),
      atom('CM', 'C', along(oe, [-0.5, -0.8, 0.33], 1.44)),
    ],
    bonds: [
      [0, 1],
      [0, 2],
      [0, 3],
      [0, 4],
      [1, 5],
    ],
  };
}
