// The finder: every ligand-pocket hydrogen bond of a complex by ChimeraX's `hbonds`
// criteria (hbond-criteria.md section 5). Each pair is tested in both directions: the
// acceptor's geometry test first, then the donor's, then the metal rule.
import type { Complex, HBond, HBondEnd, Vec3 } from '../model.ts';
import type { AtomGraph, GraphAtom } from './atom-graph.ts';
import { isPlanar } from './atom-graph.ts';
import { buildAtomGraph } from './build-graph.ts';
import { typeAtomGraph } from './type-atoms.ts';
import { classifyAcceptor, type AcceptorRule } from './acceptor-classes.ts';
import { classifyDonor, type DonorRule } from './donor-classes.ts';
import { DEFAULT_TOLERANCES, relaxRule, SEARCH_RADIUS, SULFUR_EXTRA, type Tolerances } from './criteria.ts';
import { donorHydrogens, type DonorHydrogen } from './inferred-hydrogens.ts';
import { acceptorOk } from './acceptor-geometry.ts';
import { donorOk } from './donor-geometry.ts';
import { isMetal, metalRuleOk, metalsNear } from './metals.ts';
import { compareCanonicalPairs, canonicalPairs } from './canonical-format.ts';
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

const POLAR = new Set(['N', 'O', 'S']);

/** Per-atom roles, classified and relaxed once per run. */
class Roles {
  private donors = new Map<number, DonorRule | null>();
  private acceptors = new Map<number, AcceptorRule | null>();
  private hyds = new Map<number, DonorHydrogen[]>();
  constructor(private g: AtomGraph, private tol: Tolerances) {}
  donor(i: number): DonorRule | null {
    if (!this.donors.has(i)) {
      const r = classifyDonor(this.g, i);
      this.donors.set(i, r && relaxRule(r, this.tol));
    }
    return this.donors.get(i)!;
  }
  acceptor(i: number): AcceptorRule | null {
    if (!this.acceptors.has(i)) {
      const r = classifyAcceptor(this.g, i);
      this.acceptors.set(i, r && relaxRule(r, this.tol));
    }
    return this.acceptors.get(i)!;
  }
  hydrogens(i: number): DonorHydrogen[] {
    if (!this.hyds.has(i)) this.hyds.set(i, donorHydrogens(this.g, i));
    return this.hyds.get(i)!;
  }
}

/** Types the complex's atoms and returns the graph (exported for tests and reports). */
export function typedGraph(complex: Complex, waters = false): AtomGraph {
  const g = buildAtomGraph(complex, { waters });
  typeAtomGraph(g);
  return g;
}

export function findHBonds(complex: Complex, options: HBondOptions = {}): HBond[] {
  const tol: Tolerances = {
    relax: options.relax ?? DEFAULT_TOLERANCES.relax,
    distSlop: options.distSlop ?? DEFAULT_TOLERANCES.distSlop,
    angleSlop: options.angleSlop ?? DEFAULT_TOLERANCES.angleSlop,
  };
  const g = typedGraph(complex, options.waters ?? false);
  return findInGraph(g, tol);
}

/** The H-bond stage: stores the bonds on the complex (`complex.hbonds`) and returns them. */
export function storeHBonds(complex: Complex, options: HBondOptions = {}): HBond[] {
  complex.hbonds = findHBonds(complex, options);
  return complex.hbonds;
}

export function findInGraph(g: AtomGraph, tol: Tolerances): HBond[] {
  const roles = new Roles(g, tol);
  const metals: Vec3[] = g.atoms.filter((a) => !a.isH && isMetal(a.element)).map((a) => a.xyz);
  const lig = g.atoms.filter((a) => a.side === 'ligand' && !a.isH && POLAR.has(a.element));
  const partners = g.atoms.filter((a) => (a.side === 'pocket' || a.side === 'water') && !a.isH && POLAR.has(a.element));
  const found: HBond[] = [];
  const test = (d: GraphAtom, a: GraphAtom) => {
    const dr = roles.donor(d.index);
    if (!dr) return;
    if (d.element === 'N' && isPlanar(d.type) && metalsNear(metals, d.xyz).length) return;
    const ar = roles.acceptor(a.index);
    if (!ar) return;
    const hyds = roles.hydrogens(d.index);
    const hp = hyds.map((h) => h.xyz);
    if (!acceptorOk(g, ar, a.index, d.xyz, hp, d.element === 'S' ? SULFUR_EXTRA : 0)) return;
    if (!donorOk(g, dr, d.index, a.index, hp)) return;
    if (!metalRuleOk(d.xyz, a.xyz, metalsNear(metals, a.xyz))) return;
    found.push(record(d, a, hyds));
  };
  for (const l of lig) {
    for (const p of partners) {
      if (Math.abs(l.xyz[0] - p.xyz[0]) > SEARCH_RADIUS || distance(l.xyz, p.xyz) > SEARCH_RADIUS) continue;
      test(l, p);
      test(p, l);
    }
  }
  return sortHBonds(found);
}

function end(a: GraphAtom): HBondEnd {
  return {
    side: a.side === 'ligand' ? 'ligand' : 'pocket',
    chain: a.residue.chain, residueName: a.residue.name, residueNumber: a.residue.number,
    insertionCode: a.residue.insertionCode, atomName: a.name,
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
  const donor = end(d);
  return { donor, acceptor: end(a), hydrogen, distanceDA: distance(d.xyz, a.xyz), distanceHA, donorSide: donor.side };
}

/** Canonical order of the pocket-ligand pair, then pocket-donor before ligand-donor. */
export function sortHBonds(list: HBond[]): HBond[] {
  return list
    .map((h) => ({ h, p: canonicalPairs([h])[0] }))
    .sort((x, y) => compareCanonicalPairs(x.p, y.p) || (x.h.donorSide === y.h.donorSide ? 0 : x.h.donorSide === 'pocket' ? -1 : 1))
    .map((x) => x.h);
}
