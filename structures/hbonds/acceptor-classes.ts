// Acceptor classes (docs/hbond-criteria.md section 2): the first matching class wins, then the
// generic rules by IDATM type. Numbers are the published, unrelaxed ones.
import type { AtomGraph } from './atom-graph.ts';
import { heavyNbrs, hydrogenNbrs, isPlanar, isTetOrH, isTetrahedral } from './atom-graph.ts';
import type { GenNumbers, PhiNumbers, Tau, UpsNumbers } from './criteria.ts';

export type AcceptorRule =
  /** planeAtoms: two partners (base = their midpoint), one partner (base = it), or none (no phi test). */
  | { fn: 'phi'; cls: string; nums: PhiNumbers; planeAtoms: number[] }
  | { fn: 'synanti'; cls: string; planeAtom: number; synAtom: number; syn: PhiNumbers; anti: PhiNumbers }
  /** partner null: upsilon is measured from the points opposite A's free lone pairs. */
  | { fn: 'ups'; cls: string; partner: number | null; nums: UpsNumbers; tauFixed?: Tau }
  | { fn: 'gen'; cls: string; nums: GenNumbers };

const phi = (cls: string, r: number, p: number | null, theta: number, planeAtoms: number[]): AcceptorRule => ({
  fn: 'phi',
  cls,
  nums: { r, phi: p, theta },
  planeAtoms,
});
const synAnti = (cls: string, x: number, s: number, syn: [number, number, number], anti: [number, number, number]): AcceptorRule => ({
  fn: 'synanti',
  cls,
  planeAtom: x,
  synAtom: s,
  syn: { r: syn[0], phi: syn[1], theta: syn[2] },
  anti: { r: anti[0], phi: anti[1], theta: anti[2] },
});
const ups = (cls: string, partner: number | null, r: number, lo: number, hi: number, theta: number): AcceptorRule => ({
  fn: 'ups',
  cls,
  partner,
  nums: { r, lo, hi, theta },
});
const gen = (cls: string, r: number, alpha: number): AcceptorRule => ({ fn: 'gen', cls, nums: { r, alpha } });

/** Neighbours of atom i, or null when a gap pseudobond makes a class pattern unmatchable. */
function exactNbrs(g: AtomGraph, i: number): number[] | null {
  return g.atoms[i].gapLinks > 0 ? null : g.atoms[i].nbrs;
}

export function classifyAcceptor(g: AtomGraph, i: number): AcceptorRule | null {
  const a = g.atoms[i];
  if (a.isH || a.truncated || !a.type || a.side === 'metal') return null;
  return specificAcceptor(g, i) ?? genericAcceptor(g, i);
}

function specificAcceptor(g: AtomGraph, i: number): AcceptorRule | null {
  const at = g.atoms;
  const a = at[i];
  const t = a.type;
  const heavy = heavyNbrs(g, i);
  const type = (j: number) => at[j].type;
  const el = (j: number) => at[j].element;
  const only = heavy.length === 1 ? heavy[0] : -1;

  if (a.side === 'water' || g.groups[a.group].template === 'HOH') return phi('water', 3.03, null, 145, []);
  if (t === 'O3-' && only >= 0 && type(only) === 'Pac') {
    const sibs = at[only].nbrs.filter((j) => type(j) === 'O3-').sort((x, y) => x - y);
    if (sibs.length === 2 || (sibs.length === 3 && sibs[0] === i)) {
      return synAnti('phosphate O3-', only, sibs.find((j) => j !== i)!, [3.03, 110, 145], [3.03, 110, 135]);
    }
  }
  if (t === 'O2-' && only >= 0 && type(only) === 'Cac') {
    const other = at[only].nbrs.find((j) => j !== i && type(j) === 'O2-');
    if (other !== undefined) return synAnti('carboxylate O2-', only, other, [3.17, 90, 145], [3.17, 110, 145]);
  }
  if (t === 'S2' && only >= 0) return phi('thiocarbonyl S2', 3.73, 90, 145, [only]);
  if (t === 'O2' && only >= 0 && type(only) === 'C2') {
    const cn = exactNbrs(g, only);
    if (cn && cn.length <= 3) {
      const others = cn.filter((j) => j !== i);
      // COOH C=O: this O2 has no other neighbour (an O2 carrying an H does not match), the C
      // has an O3 that carries an H, and one more atom.
      const acidO = others.find((j) => type(j) === 'O3' && at[j].nbrs.length === 2 && hydrogenNbrs(g, j).length === 1);
      if (a.nbrs.length === 1 && cn.length === 3 && acidO !== undefined)
        return synAnti('COOH C=O', only, acidO, [3.17, 110, 130], [3.17, 110, 135]);
      const amideN = others.find((j) => type(j) === 'Npl');
      if (cn.length === 3 && amideN !== undefined && others.every((j) => j === amideN || isTetOrH(g, j))) {
        return synAnti('amide O', only, amideN, [3.3, 110, 135], [3.3, 110, 130]);
      }
      const carbons = others.filter((j) => el(j) === 'C');
      if (carbons.length >= 1 && others.every((j) => el(j) === 'C' || at[j].isH)) return phi('ketone/aldehyde O2', 3.3, 110, 130, [only]);
      const esterO = others.find((j) => type(j) === 'O3' && heavyNbrs(g, j).some((k) => k !== only && isTetrahedral(type(k))));
      if (cn.length === 3 && esterO !== undefined && others.some((j) => j !== esterO && el(j) === 'C')) {
        return phi('ester C=O', 3.17, 110, 135, [only]);
      }
    }
  }
  if (t === 'O2-' && only >= 0 && type(only) === 'Ntr') {
    const other = at[only].nbrs.find((j) => j !== i && el(j) === 'O');
    if (other !== undefined) return synAnti('nitro O2-', only, other, [3.42, 90, 145], [3.53, 110, 130]);
  }
  if ((t === 'O2' || t === 'O3-') && only >= 0 && type(only) === 'Son') {
    const other = at[only].nbrs.find((j) => j !== i && el(j) === 'O' && at[j].nbrs.length === 1);
    if (other !== undefined) return synAnti('sulfone O', only, other, [3.3, 110, 130], [3.3, 120, 135]);
  }
  if (t === 'O3' && only >= 0 && el(only) === 'P') return ups('P-OH', only, 3.03, 103, 146, 145);
  if (only >= 0 && a.element === 'O' && type(only) === 'Pox') return ups('P=O', only, 3.03, 109, 180, 145);
  if (only >= 0 && a.element === 'O' && type(only) === 'Sxd') return ups('S=O', only, 3.03, 100, 180, 145);
  if (t === 'N3' && only >= 0 && el(only) === 'C') return ups('N3 primary amine', only, 3.03, 103, 180, 155);
  if (t === 'O3' && only >= 0 && el(only) === 'C' && isTetrahedral(type(only))) return ups('hydroxyl O3', only, 3.03, 100, 161, 145);
  if (t === 'O3' && heavy.length === 2 && heavy.some((j) => type(j) === 'Sac') && heavy.some((j) => el(j) === 'C')) {
    return ups('O3 ester-O on Sac', heavy.find((j) => type(j) === 'Sac')!, 3.17, 103, 180, 150);
  }
  if (t === 'N3' && heavy.length === 3) return ups('N3 tertiary', null, 3.17, 153, 180, 145);
  if (t === 'N3' && heavy.length === 2) return ups('N3 secondary', null, 3.3, 153, 180, 150);
  if (t === 'N1' && only >= 0 && type(only) === 'C1') return ups('nitrile N1', only, 3.3, 153, 180, 150);
  if (t === 'O3' && only >= 0 && type(only) === 'Car') return ups('phenol O3', only, 3.17, 100, 153, 150);
  if ((t === 'Npl' || t === 'N3') && only >= 0 && type(only) === 'Car' && hydrogenNbrs(g, i).length <= 2) {
    return { ...ups('aniline N', only, 3.42, 90, 137, 140), tauFixed: { t: 37.5, mode: 'ge' } } as AcceptorRule;
  }
  const inRing = g.ringsOf[i].length > 0;
  if (!inRing && heavy.length === 2 && heavy.every((j) => el(j) === 'C') && ((t === 'O3' && a.nbrs.length === 2) || t === 'N2')) {
    return phi(t === 'O3' ? 'ether O3' : 'non-ring N2', 3.42, 140, 140, heavy);
  }
  return ringAcceptor(g, i);
}

/** Planar ring N (5- and 6-rings, symmetric or not) and 5-ring O. */
function ringAcceptor(g: AtomGraph, i: number): AcceptorRule | null {
  const at = g.atoms;
  const a = at[i];
  const rings = g.ringsOf[i].map((k) => g.rings[k]);
  if (a.element === 'O') {
    const five = rings.find((r) => r.length === 5);
    if (five) return phi('5-ring O', 3.42, 150, 135, ringNeighbours(five, i));
    return null;
  }
  if (a.element !== 'N' || rings.length !== 1) return null;
  const ring = rings[0];
  if (ring.length !== 5 && ring.length !== 6) return null;
  const t = a.type;
  const planar2 = (t === 'Npl' || t === 'N2+') && a.nbrs.length === 2;
  if (ring.length === 6 && t !== 'N2') return null;
  if (ring.length === 5 && t !== 'N2') {
    if (!planar2 || !ring.some((j) => j !== i && at[j].element === 'N')) return null;
  }
  const k = ring.indexOf(i);
  const n = ring.length;
  const at_ = (d: number) => ring[(k + d + n) % n];
  const el = (j: number) => at[j].element;
  const partners = [at_(1), at_(-1)];
  const symmetric = el(at_(1)) === el(at_(-1)) && el(at_(2)) === el(at_(-2));
  if (n === 6)
    return symmetric ? phi('6-ring N2 symmetric', 3.17, 150, 145, partners) : phi('6-ring N asymmetric', 3.3, 140, 140, partners);
  return symmetric ? phi('5-ring N symmetric', 3.3, 140, 155, partners) : phi('5-ring N asymmetric', 3.3, 150, 135, partners);
}

function ringNeighbours(ring: number[], i: number): number[] {
  const k = ring.indexOf(i);
  return [ring[(k + 1) % ring.length], ring[(k - 1 + ring.length) % ring.length]];
}

/**
 * Generic acceptors by IDATM type, for atoms no class matched. The branch follows the
 * geometry of the first neighbour in bond order, H included (an H is neither planar nor
 * tetrahedral, so it takes the last branch); a PHI plane is built from A and up to two of
 * its neighbours, H included.
 */
function genericAcceptor(g: AtomGraph, i: number): AcceptorRule | null {
  const a = g.atoms[i];
  const t = a.type;
  const heavy = heavyNbrs(g, i);
  const nb = a.nbrs;
  const first = nb.length ? nb[0] : -1;
  const firstType = first >= 0 && !g.atoms[first].isH ? g.atoms[first].type : '';
  const planarNbr = isPlanar(firstType);
  const tetNbr = isTetrahedral(firstType);
  const plane = nb.slice(0, 2);
  switch (t) {
    case 'O2-':
    case 'O3-':
      return planarNbr ? phi(`generic ${t}`, 3.53, 90, 130, plane) : gen(`generic ${t}`, 3.53, 90);
    case 'O2':
      if (planarNbr) return phi('generic O2', 3.3, 110, 130, plane);
      if (tetNbr) return ups('generic O2', first, 3.03, 100, 180, 145);
      return gen('generic O2', 3.53, 90);
    case 'O3':
      if (nb.length === 0) return gen('generic O3', 3.53, 90);
      if (nb.length === 1) return ups('generic O3', first, 3.17, 100, 161, 145);
      if (nb.length === 2) return phi('generic O3', 3.42, 120, 135, nb);
      return gen('generic O3', 3.53, 90);
    case 'N2':
      return phi('generic N2', 3.42, 140, 135, plane);
    case 'N3':
      if (heavy.length === 0) return gen('generic N3', 3.42, 90);
      if (heavy.length === 1) return ups('generic N3', heavy[0], 3.13, 98, 180, 150);
      return ups('generic N3', null, 3.3, 153, 180, 145);
    case 'N1':
      return ups('generic N1', first >= 0 ? first : null, 3.4, 136, 180, 145);
    case 'S2':
      return phi('generic S2', 3.83, 85, 140, plane);
    case 'Sar':
    case 'S3-':
      return gen(`generic ${t}`, 3.83, 85);
    default:
      if (a.element === 'O') return gen(`generic ${t}`, 3.53, 90);
      return null;
  }
}
