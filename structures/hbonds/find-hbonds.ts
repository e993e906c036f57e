// The finder: every ligand-pocket hydrogen bond of a complex by ChimeraX's `hbonds`
// criteria (docs/hbond-criteria.md section 5). Each pair within 5 A is decided in both directions
// by the one decision of decide-pair.ts; the finder keeps the pairs it accepts.

import { HBOND_ELEMENTS } from '../elements.ts';
import type { Complex, HBond, HBondEnd } from '../model.ts';
import type { AtomGraph, GraphAtom } from './atom-graph.ts';
import { buildAtomGraph } from './build-graph.ts';
import { canonicalPairs, compareCanonicalPairs } from './canonical-format.ts';
import { DEFAULT_TOLERANCES, SEARCH_RADIUS, type Tolerances } from './criteria.ts';
import { PairJudge } from './decide-pair.ts';
import type { DonorHydrogen } from './inferred-hydrogens.ts';
import { typeAtomGraph } from './type-atoms.ts';
import { distance } from './vector-math.ts';

export interface HBondOptions {
  /** Relax the criteria (default true). */
  relax?: boolean;
  /** Angstrom added to distance limits when relaxing (default 0.4). */
  distSlop?: number;
  /** Degrees taken off angle limits when relaxing (default 20). */
  angleSlop?: number;
  /** Also report ligand-water H-bonds (default false: pocket and ligand only). */
  waters?: boolean;
}

/** Types the complex's atoms and returns the graph (exported for tests and reports). */
export function typedGraph(complex: Complex, waters = false): AtomGraph {
  const g = buildAtomGraph(complex, { waters });
  typeAtomGraph(g);
  return g;
}

/** The tolerances the options ask for (defaults: relaxed, 0.4 A, 20 degrees). */
export function tolerancesOf(options: HBondOptions): Tolerances {
  return {
    relax: options.relax ?? DEFAULT_TOLERANCES.relax,
    distSlop: options.distSlop ?? DEFAULT_TOLERANCES.distSlop,
    angleSlop: options.angleSlop ?? DEFAULT_TOLERANCES.angleSlop,
  };
}

export function findHBonds(complex: Complex, options: HBondOptions = {}): HBond[] {
  const g = typedGraph(complex, options.waters ?? false);
  return findInGraph(g, tolerancesOf(options));
}

/** The H-bond stage: stores the bonds on the complex (`complex.hbonds`) and returns them. */
export function storeHBonds(complex: Complex, options: HBondOptions = {}): HBond[] {
  complex.hbonds = findHBonds(complex, options);
  return complex.hbonds;
}

/** Ligand atoms and their partners (pocket, and waters when the graph has them) that may bond. */
export function candidateAtoms(g: AtomGraph): { ligand: GraphAtom[]; partners: GraphAtom[] } {
  return {
    ligand: g.atoms.filter((a) => a.side === 'ligand' && !a.isH && HBOND_ELEMENTS.has(a.element)),
    partners: g.atoms.filter((a) => (a.side === 'pocket' || a.side === 'water') && !a.isH && HBOND_ELEMENTS.has(a.element)),
  };
}

/** Calls `visit(l, p)` for each ligand atom and partner within SEARCH_RADIUS of each other. */
export function forEachNearPair(g: AtomGraph, visit: (l: GraphAtom, p: GraphAtom) => void): void {
  const { ligand, partners } = candidateAtoms(g);
  for (const l of ligand) {
    for (const p of partners) {
      if (Math.abs(l.xyz[0] - p.xyz[0]) > SEARCH_RADIUS || distance(l.xyz, p.xyz) > SEARCH_RADIUS) continue;
      visit(l, p);
    }
  }
}

/** The H-bonds of a typed graph: every ordered ligand-partner pair the one decision accepts. */
export function findInGraph(g: AtomGraph, tol: Tolerances, judge = new PairJudge(g, tol)): HBond[] {
  const found: HBond[] = [];
  const test = (d: GraphAtom, a: GraphAtom) => {
    const v = judge.decide(d.index, a.index);
    if (v.found) found.push(record(d, a, v.hydrogens));
  };
  forEachNearPair(g, (l, p) => {
    test(l, p);
    test(p, l);
  });
  return sortHBonds(found);
}

/** One end of a bond as answers name it (waters are the pocket end). */
export function hbondEnd(a: GraphAtom): HBondEnd {
  return {
    side: a.side === 'ligand' ? 'ligand' : 'pocket',
    chain: a.residue.chain,
    residueName: a.residue.name,
    residueNumber: a.residue.number,
    insertionCode: a.residue.insertionCode,
    atomName: a.name,
  };
}

function record(d: GraphAtom, a: GraphAtom, hyds: DonorHydrogen[]): HBond {
  let hydrogen: string | null = null;
  let distanceHA: number | null = null;
  for (const h of hyds) {
    if (h.name === null) continue;
    const r = distance(h.xyz, a.xyz);
    if (distanceHA === null || r < distanceHA) {
      distanceHA = r;
      hydrogen = h.name;
    }
  }
  const donor = hbondEnd(d);
  return { donor, acceptor: hbondEnd(a), hydrogen, distanceDA: distance(d.xyz, a.xyz), distanceHA, donorSide: donor.side };
}

/** Canonical order of the pocket-ligand pair, then pocket-donor before ligand-donor. */
export function sortHBonds(list: HBond[]): HBond[] {
  return list
    .map((h) => ({ h, p: canonicalPairs([h])[0] }))
    .sort((x, y) => compareCanonicalPairs(x.p, y.p) || (x.h.donorSide === y.h.donorSide ? 0 : x.h.donorSide === 'pocket' ? -1 : 1))
    .map((x) => x.h);
}
