// Donor classes (docs/hbond-criteria.md section 2): TT (hydrogen distance and angle) and UT
// (donor-acceptor distance, upsilon, tau) classes in table order, water, then the generic
// donors. Each class gives numbers per acceptor geometry column: pO (planar O), tOpN
// (tetrahedral O or planar N), tN (tetrahedral N), gen (anything else).
import type { AtomGraph } from './atom-graph.ts';
import { heavyNbrs, hydrogenNbrs, isPlanar, isTetOrH, isTetrahedral } from './atom-graph.ts';
import type { Tau } from './criteria.ts';

export interface TTNumbers {
  rH: number;
  theta: number;
  phi?: number;
  upsN?: number;
}
export interface UTNumbers {
  r: number;
  lo: number;
  hi: number;
  theta: number;
  tau?: Tau;
  upsN?: number;
  never?: boolean;
}
export interface GenericNumbers {
  rH: number;
  r: number;
}
export interface WaterNoH {
  r: number;
  phi?: number;
  upsN?: number;
}

export type DonorRule =
  | { fn: 'tt'; cls: string; pO: TTNumbers; tOpN: TTNumbers; tN: TTNumbers; gen: TTNumbers }
  /**
   * tauSym4: a tau-symmetry-4 class (docs/hbond-criteria.md section 2), whose tau is measured
   * against the donor's own two H when it has exactly two, else against P's substituents.
   */
  | { fn: 'ut'; cls: string; pO: UTNumbers; tOpN: UTNumbers; tN: UTNumbers; gen: UTNumbers; tauSym4: boolean }
  | {
      fn: 'generic';
      cls: string;
      pO: GenericNumbers;
      tOpN: GenericNumbers;
      tN: GenericNumbers;
      gen: GenericNumbers;
      angles: { alpha: number; theta: number };
    }
  | {
      fn: 'water';
      cls: string;
      noH: { pO: WaterNoH; tOpN: WaterNoH; tN: WaterNoH; gen: WaterNoH };
      withH: { pO: TTNumbers; tOpN: TTNumbers; tN: TTNumbers; gen: TTNumbers };
    };

const TT_GEN: TTNumbers = { rH: 2.48, theta: 132 };
const UT_GEN: UTNumbers = { r: 3.42, lo: 90, hi: 161, theta: 125 };

type T3 = [number, number, number];
function tt(cls: string, pO: [number, number], tOpN: T3, tN: T3): DonorRule {
  return {
    fn: 'tt',
    cls,
    pO: { rH: pO[0], theta: pO[1] },
    tOpN: { rH: tOpN[0], theta: tOpN[1], phi: tOpN[2] },
    tN: { rH: tN[0], theta: tN[1], upsN: tN[2] },
    gen: TT_GEN,
  };
}
/** [r, lo, hi, theta, tau?] with tau as '<=30' / '>=20'. */
type UTRow = [number, number, number, number, string?];
const tau = (s?: string): Tau | undefined => (s ? { mode: s.startsWith('<') ? 'le' : 'ge', t: Number(s.slice(2)) } : undefined);
const utNums = (r: UTRow, upsN?: number): UTNumbers => ({
  r: r[0],
  lo: r[1],
  hi: r[2],
  theta: r[3],
  ...(r[4] ? { tau: tau(r[4]) } : {}),
  ...(upsN !== undefined ? { upsN } : {}),
});
/** UT classes whose tau has symmetry 4 (NH2 on C2, Ng+ NH2, amide NH2, aniline NH2, phenol O-H, generic Npl UT). */
const TAU_SYMMETRY_4 = new Set(['NH2 on C2 / Ng+ NH2', 'primary amide NH2', 'aniline NH2', 'phenol O-H', 'generic Npl (1 heavy)']);

function ut(cls: string, pO: UTRow, tOpN: UTRow, tN: UTRow | 'never', upsN?: number): DonorRule {
  return {
    fn: 'ut',
    cls,
    pO: utNums(pO),
    tOpN: utNums(tOpN),
    tN: tN === 'never' ? { ...UT_GEN, never: true } : utNums(tN, upsN),
    gen: UT_GEN,
    tauSym4: TAU_SYMMETRY_4.has(cls),
  };
}

const GENERIC: Record<'O' | 'N' | 'S', [number, number, number, number, number, number, number, number]> = {
  // rH pO, tOpN, tN, gen ; r pO, tOpN, tN, gen
  O: [2.41, 2.28, 2.28, 2.48, 3.27, 3.14, 3.14, 3.42],
  N: [2.36, 2.48, 2.48, 2.48, 3.3, 3.42, 3.42, 3.42],
  S: [2.42, 2.42, 2.42, 2.48, 3.65, 3.65, 3.65, 3.42],
};

/** Bonds each type expects (substituent count); fewer makes an N/O/S a generic donor. */
const EXPECTED_BONDS: Record<string, number> = {
  'N3+': 4,
  N3: 3,
  Npl: 3,
  'Ng+': 3,
  N2: 2,
  'N2+': 3,
  'N1+': 2,
  N1: 1,
  Ntr: 3,
  O3: 2,
  O2: 1,
  'O2-': 1,
  'O3-': 1,
  Oar: 2,
  S3: 2,
  'S3+': 3,
  'S3-': 1,
  S2: 1,
  Sar: 2,
  Sac: 4,
  Son: 4,
  Sxd: 3,
  S: 4,
};

export function classifyDonor(g: AtomGraph, i: number): DonorRule | null {
  const a = g.atoms[i];
  if (a.isH || a.truncated || !a.type || a.side === 'metal') return null;
  if (a.element !== 'N' && a.element !== 'O' && a.element !== 'S') return null;
  if (a.side === 'water' || g.groups[a.group].template === 'HOH') return waterDonor();
  return specificDonor(g, i) ?? genericDonor(g, i);
}

function specificDonor(g: AtomGraph, i: number): DonorRule | null {
  const at = g.atoms;
  const a = at[i];
  const t = a.type;
  const heavy = heavyNbrs(g, i);
  const type = (j: number) => at[j].type;
  const gap = a.gapLinks > 0;
  const only = heavy.length === 1 ? heavy[0] : -1;
  const hasO2 = (j: number) => at[j].nbrs.some((k) => type(k) === 'O2');
  const othersTetOrH = (p: number) => at[p].gapLinks === 0 && at[p].nbrs.filter((k) => k !== i).every((k) => isTetOrH(g, k));
  const rings = g.ringsOf[i].map((k) => g.rings[k]);

  if (t === 'Npl' && heavy.length === 2 && !gap) {
    const tet = heavy.find((j) => isTetrahedral(type(j)));
    const other = heavy.find((j) => j !== tet);
    if (tet !== undefined && other !== undefined && isPlanar(type(other)) && at[other].nbrs.length === 3 && othersTetOrH(other)) {
      return tt('Npl + tet + planar + H', [1.92, 146], [1.92, 153, 150], [2.48, 141, 145]);
    }
  }
  if (t === 'N3+' && heavy.length === 2 && !gap) return tt('N3+ 2 heavy', [2.09, 141], [2.09, 141, 155], [2.48, 141, 145]);
  if (t === 'Npl' && heavy.length === 2 && !gap) {
    const tet = heavy.find((j) => isTetrahedral(type(j)));
    const c = heavy.find((j) => j !== tet);
    if (tet !== undefined && c !== undefined && type(c) === 'C2' && at[c].gapLinks === 0 && at[c].nbrs.length === 3) {
      const rest = at[c].nbrs.filter((k) => k !== i);
      const o = rest.find((k) => type(k) === 'O2');
      const third = rest.find((k) => k !== o);
      if (o !== undefined && third !== undefined && isTetOrH(g, third))
        return tt('amide N-H', [2.23, 146], [2.23, 146, 140], [2.36, 141, 145]);
    }
  }
  if (t === 'N3+' && heavy.length === 3 && !gap) return tt('N3+ 3 heavy', [1.92, 146], [2.09, 146, 140], [2.48, 141, 145]);
  if (t === 'N2' && heavy.length === 1) return tt('N2-H', [2.23, 132], [2.36, 146, 140], [2.48, 141, 145]);
  if (t === 'N3' && heavy.length === 2) return tt('N3 secondary amine', [2.36, 141], [2.48, 146, 150], [2.48, 153, 155]);
  if (t === 'Npl' && heavy.length === 2 && !gap && rings.some((r) => r.length === 5)) {
    return tt('ring-5 N-H', [2.09, 146], [2.09, 141, 140], [2.48, 141, 145]);
  }
  if (t === 'Npl' && heavy.length === 2 && !gap && rings.some((r) => r.length === 6 && r.every((j) => isPlanar(type(j))))) {
    return tt('aromatic ring-6 N-H', [2.23, 136], [2.23, 141, 150], [2.48, 141, 145]);
  }
  if (only < 0 || gap) return null;
  const p = only;
  // COOH O-H needs the C to be Cac: an Asp/Glu or ligand COOH with its explicit H has a C2.
  if (t === 'O3' && type(p) === 'Cac')
    return ut('COOH O-H', [2.87, 103, 128, 140, '<=30'], [2.87, 103, 128, 155, '<=30'], [2.87, 103, 128, 140, '<=30'], 150);
  if ((t === 'Npl' && type(p) === 'C2' && othersTetOrH(p)) || t === 'Ng+') {
    return ut('NH2 on C2 / Ng+ NH2', [3.17, 90, 146, 140, '<=30'], [3.17, 90, 146, 140, '<=22.5'], [3.17, 113, 161, 125], 140);
  }
  if (t === 'N3+') return ut('N3+ NH3', [3.17, 90, 136, 140, '>=20'], [3.17, 90, 132, 150, '>=25'], [3.17, 90, 124, 155, '>=15'], 150);
  if (t === 'O3' && at[p].element === 'C' && isTetrahedral(type(p)))
    return ut('hydroxyl', [3.17, 90, 141, 130], [3.03, 90, 141, 135], [3.03, 100, 132, 145], 150);
  if (t === 'Npl' && type(p) === 'C2' && hasO2(p))
    return ut('primary amide NH2', [3.3, 103, 153, 135, '<=45'], [3.3, 109, 141, 140, '<=30'], [3.3, 113, 161, 125, '<=30'], 145);
  if ((t === 'Npl' || t === 'N3') && type(p) === 'Car')
    return ut('aniline NH2', [3.3, 100, 146, 145, '<=37.5'], [3.3, 103, 146, 140, '<=37.5'], 'never');
  if (t === 'O3' && type(p) === 'Car')
    return ut('phenol O-H', [3.03, 103, 136, 145, '<=37.5'], [3.03, 103, 136, 150, '<=45'], [2.87, 109, 128, 145, '<=52.5'], 150);
  if (t === 'N3') return ut('N3 NH2', [3.3, 90, 128, 150, '>=30'], [3.42, 90, 124, 155, '>=25'], [3.42, 90, 132, 155, '>=20'], 140);
  return null;
}

function waterDonor(): DonorRule {
  return {
    fn: 'water',
    cls: 'water',
    noH: { pO: { r: 3.27 }, tOpN: { r: 3.14, phi: 140 }, tN: { r: 3.14, upsN: 150 }, gen: { r: 3.27 } },
    withH: {
      pO: { rH: 2.36, theta: 146 },
      tOpN: { rH: 2.23, theta: 146, phi: 140 },
      tN: { rH: 2.23, theta: 146, upsN: 150 },
      gen: { rH: 2.36, theta: 146 },
    },
  };
}

function genericDonor(g: AtomGraph, i: number): DonorRule | null {
  const a = g.atoms[i];
  const hs = hydrogenNbrs(g, i).length;
  const bonds = a.nbrs.length;
  const expected = EXPECTED_BONDS[a.type];
  const fewer = expected !== undefined && bonds < expected;
  if (!(hs > 0 || fewer)) return null;
  if (a.type === 'Npl' && bonds === 2 && hs > 0) return null;
  const heavy = heavyNbrs(g, i).length + a.gapLinks;
  if (a.type === 'Npl' || a.type === 'N2+') {
    if (heavy > 1) return { ...tt('generic Npl (2 heavy)', [2.23, 136], [2.23, 141, 140], [2.46, 136, 140]) };
    return ut('generic Npl (1 heavy)', [3.3, 90, 153, 135, '<=45'], [3.3, 90, 146, 140, '<=37.5'], [3.4, 108, 166, 125, '<=35'], 140);
  }
  const n = GENERIC[a.element as 'O' | 'N' | 'S'];
  const col = (k: number): GenericNumbers => ({ rH: n[k], r: n[k + 4] });
  return {
    fn: 'generic',
    cls: `generic ${a.element}`,
    pO: col(0),
    tOpN: col(1),
    tN: col(2),
    gen: col(3),
    angles: { alpha: 90, theta: 130 },
  };
}
