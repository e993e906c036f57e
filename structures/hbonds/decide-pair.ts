// The one decision for an ordered (donor, acceptor) pair, in ChimeraX's order (hbond.py):
// donor class, acceptor class, metal-marked planar N, acceptor geometry, donor geometry,
// metal angle. The finder keeps the pairs it accepts; `hbonds --explain`, explainPair and the
// reports print its verdict, so a rule lives in exactly one place.

import { type AcceptorRule, classifyAcceptor } from './acceptor-classes.ts';
import { acceptorOk } from './acceptor-geometry.ts';
import type { AtomGraph } from './atom-graph.ts';
import { isPlanar } from './atom-graph.ts';
import { relaxRule, SULFUR_EXTRA, type Tolerances } from './criteria.ts';
import { classifyDonor, type DonorRule } from './donor-classes.ts';
import { donorOk } from './donor-geometry.ts';
import { type DonorHydrogen, donorHydrogens } from './inferred-hydrogens.ts';
import { MetalMarks } from './metals.ts';

/** The rule that decided a pair: the first test it failed, or 'accepted'. */
export type DecidingRule =
  | 'donor class'
  | 'acceptor class'
  | 'metal-marked planar N'
  | 'acceptor geometry'
  | 'donor geometry'
  | 'metal angle'
  | 'accepted';

export interface PairVerdict {
  found: boolean;
  rule: DecidingRule;
  /** The donor's class (relaxed), null when it is no donor. */
  donor: DonorRule | null;
  /** The acceptor's class (relaxed), null when not reached or no acceptor. */
  acceptor: AcceptorRule | null;
  /** The donor's H positions the geometry tests used (explicit, else inferred). */
  hydrogens: DonorHydrogen[];
}

/** Decides pairs of one typed graph; classes, H positions and metal marks are worked out once per atom. */
export class PairJudge {
  private donors = new Map<number, DonorRule | null>();
  private acceptors = new Map<number, AcceptorRule | null>();
  private hyds = new Map<number, DonorHydrogen[]>();
  readonly metals: MetalMarks;

  constructor(
    private g: AtomGraph,
    private tol: Tolerances,
  ) {
    this.metals = new MetalMarks(g);
  }

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

  /** A metal-marked acceptor: an acceptor with a metal of its own model within 4 A. */
  marked(i: number): boolean {
    return this.acceptor(i) !== null && this.metals.near(i).length > 0;
  }

  decide(di: number, ai: number): PairVerdict {
    const g = this.g;
    const d = g.atoms[di];
    const _a = g.atoms[ai];
    const donor = this.donor(di);
    const verdict = (rule: DecidingRule, acceptor: AcceptorRule | null, hydrogens: DonorHydrogen[] = []): PairVerdict => ({
      found: rule === 'accepted',
      rule,
      donor,
      acceptor,
      hydrogens,
    });
    if (!donor) return verdict('donor class', null);
    const acceptor = this.acceptor(ai);
    if (!acceptor) return verdict('acceptor class', null);
    // A planar N that is itself a metal-marked acceptor cannot donate (coordinating N).
    if (d.element === 'N' && isPlanar(d.type) && this.marked(di)) return verdict('metal-marked planar N', acceptor);
    const hydrogens = this.hydrogens(di);
    const hp = hydrogens.map((h) => h.xyz);
    if (!acceptorOk(g, acceptor, ai, d.xyz, hp, d.element === 'S' ? SULFUR_EXTRA : 0))
      return verdict('acceptor geometry', acceptor, hydrogens);
    if (!donorOk(g, donor, di, ai, hp)) return verdict('donor geometry', acceptor, hydrogens);
    if (!this.metals.angleOk(d.xyz, ai)) return verdict('metal angle', acceptor, hydrogens);
    return verdict('accepted', acceptor, hydrogens);
  }
}
