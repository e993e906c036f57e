// `hbonds --explain`: the verdict of the one decision (decide-pair.ts) for every ordered
// ligand-partner pair within 5 A of a complex, both directions, in the finder's own visiting
// order, one line each: `donor -> acceptor<TAB>H-bond|no<TAB>deciding rule<TAB>reason`.
import type { Complex, HBondEnd } from '../model.ts';
import { PairJudge } from './decide-pair.ts';
import { explainPair, type PairExplanation } from './explain-pair.ts';
import { forEachNearPair, type HBondOptions, hbondEnd, tolerancesOf, typedGraph } from './find-hbonds.ts';

export interface ExplainedPair {
  donor: HBondEnd;
  acceptor: HBondEnd;
  explanation: PairExplanation;
}

export function explainComplex(complex: Complex, options: HBondOptions = {}): ExplainedPair[] {
  const tol = tolerancesOf(options);
  const g = typedGraph(complex, options.waters ?? false);
  const judge = new PairJudge(g, tol);
  const out: ExplainedPair[] = [];
  forEachNearPair(g, (l, p) => {
    for (const [d, a] of [
      [l, p],
      [p, l],
    ]) {
      out.push({ donor: hbondEnd(d), acceptor: hbondEnd(a), explanation: explainPair(g, d.index, a.index, tol, judge) });
    }
  });
  return out;
}

/** `ARG 221 NH2 A` for a pocket (or water) atom, blank chain `_`; `LIG 1 O22` for a ligand atom. */
export function formatEnd(e: HBondEnd): string {
  const res = `${e.residueName} ${e.residueNumber}${e.insertionCode} ${e.atomName}`;
  return e.side === 'pocket' ? `${res} ${e.chain || '_'}` : res;
}

export function formatExplainedPair(p: ExplainedPair): string {
  const e = p.explanation;
  return `${formatEnd(p.donor)} -> ${formatEnd(p.acceptor)}\t${e.found ? 'H-bond' : 'no'}\t${e.decidedBy}\t${e.reason}`;
}
