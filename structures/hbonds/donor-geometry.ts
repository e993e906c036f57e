// The donor-side geometry tests (docs/hbond-criteria.md section 2): TT, UT, generic and water
// donors, each choosing its numbers by the acceptor's geometry column. Rules arrive relaxed.
import type { Vec3 } from '../model.ts';
import { phiOk, tauOk, thetaOk } from './acceptor-geometry.ts';
import type { AtomGraph } from './atom-graph.ts';
import { heavyNbrs } from './atom-graph.ts';
import { SULFUR_EXTRA } from './criteria.ts';
import type { DonorRule, TTNumbers, UTNumbers, WaterNoH } from './donor-classes.ts';
import { lonePairDirections, substituentPositions } from './inferred-hydrogens.ts';
import { angle, distance, midpoint, sub } from './vector-math.ts';

export type AcceptorColumn = 'pO' | 'tOpN' | 'tN' | 'gen';

/** Which donor column applies to an acceptor of IDATM type `t`. */
export function acceptorColumn(t: string): AcceptorColumn {
  if (t === 'O2' || t === 'O2-' || t === 'Oar' || t === 'Oar+') return 'pO';
  if (t === 'O3' || t === 'O3-' || t === 'Npl' || t === 'N2' || t === 'N2+' || t === 'Ng+' || t === 'Ntr') return 'tOpN';
  if (t === 'N3' || t === 'N3+') return 'tN';
  return 'gen';
}

/** Phi of the donor tests: the acceptor has exactly two bonds; base = their midpoint. */
function acceptorPhiOk(g: AtomGraph, ai: number, d: Vec3, phi: number | undefined): boolean {
  const nb = g.atoms[ai].nbrs;
  if (phi === undefined || nb.length !== 2) return true;
  const p1 = g.atoms[nb[0]].xyz;
  const p2 = g.atoms[nb[1]].xyz;
  return phiOk(g.atoms[ai].xyz, p1, p2, midpoint(p1, p2), d, phi);
}

/** Lone-pair test for tetrahedral-N acceptors: D within the cone of some lone pair (angle D-A-opposite >= upsN). */
function lonePairOk(g: AtomGraph, ai: number, d: Vec3, upsN: number | undefined): boolean {
  if (upsN === undefined) return true;
  const a = g.atoms[ai].xyz;
  const lps = lonePairDirections(g, ai);
  if (!lps.length) return true;
  return lps.some((lp) => angle(d, a, sub(a, lp)) >= upsN);
}

export function donorOk(g: AtomGraph, rule: DonorRule, di: number, ai: number, hyds: Vec3[]): boolean {
  const acc = g.atoms[ai];
  const col = acceptorColumn(acc.type);
  const sExtra = col === 'gen' && acc.element === 'S' ? SULFUR_EXTRA : 0;
  switch (rule.fn) {
    case 'tt':
      return ttOk(g, rule[col], col, di, ai, hyds, sExtra);
    case 'ut':
      return utOk(g, rule[col], col, di, ai, hyds, sExtra, rule.tauSym4);
    case 'generic': {
      const d = g.atoms[di].xyz;
      const c = rule[col];
      if (hyds.length) {
        if (!hyds.some((h) => distance(h, acc.xyz) < c.rH)) return false;
      } else if (distance(d, acc.xyz) > c.r) return false;
      if (!heavyNbrs(g, di).every((p) => angle(g.atoms[p].xyz, d, acc.xyz) >= rule.angles.alpha)) return false;
      return thetaOk(d, hyds, acc.xyz, rule.angles.theta);
    }
    case 'water':
      if (hyds.length) return ttOk(g, rule.withH[col], col, di, ai, hyds, 0);
      return waterNoHOk(g, rule.noH[col], col, di, ai);
  }
}

function ttOk(g: AtomGraph, c: TTNumbers, col: AcceptorColumn, di: number, ai: number, hyds: Vec3[], extra: number): boolean {
  if (!hyds.length) return false;
  const d = g.atoms[di].xyz;
  const a = g.atoms[ai].xyz;
  if (!hyds.some((h) => distance(h, a) <= c.rH + extra)) return false;
  if (!hyds.some((h) => angle(d, h, a) >= c.theta)) return false;
  if (col === 'tOpN' && !acceptorPhiOk(g, ai, d, c.phi)) return false;
  if (col === 'tN' && !lonePairOk(g, ai, d, c.upsN)) return false;
  return true;
}

function utOk(
  g: AtomGraph,
  c: UTNumbers,
  col: AcceptorColumn,
  di: number,
  ai: number,
  hyds: Vec3[],
  extra: number,
  tauSym4: boolean,
): boolean {
  if (c.never) return false;
  const d = g.atoms[di].xyz;
  const a = g.atoms[ai].xyz;
  if (distance(d, a) > c.r + extra) return false;
  const heavy = heavyNbrs(g, di);
  if (heavy.length !== 1) return false;
  const p = g.atoms[heavy[0]];
  const ups = angle(p.xyz, d, a);
  if (ups < c.lo || ups > c.hi) return false;
  if (!thetaOk(d, hyds, a, c.theta)) return false;
  if (c.tau) {
    // Tau symmetry 4: the donor's own two H (explicit or inferred) when it has exactly two;
    // otherwise, and for every other class, the substituents of P.
    const subs = tauSym4 && hyds.length === 2 ? hyds : substituentPositions(g, heavy[0], di);
    if (!tauOk(d, p.xyz, subs, a, c.tau)) return false;
  }
  if (col === 'tN' && g.atoms[ai].nbrs.length >= 2 && !lonePairOk(g, ai, d, c.upsN)) return false;
  return true;
}

function waterNoHOk(g: AtomGraph, c: WaterNoH, col: AcceptorColumn, di: number, ai: number): boolean {
  const d = g.atoms[di].xyz;
  if (distance(d, g.atoms[ai].xyz) > c.r) return false;
  if (col === 'tOpN' && !acceptorPhiOk(g, ai, d, c.phi)) return false;
  if (col === 'tN' && !lonePairOk(g, ai, d, c.upsN)) return false;
  return true;
}
