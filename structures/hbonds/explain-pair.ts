// Why a donor-acceptor pair is or is not an H-bond, in words: the verdict of the one decision
// (decide-pair.ts) with the classes it matched and the measurements behind it. Used by
// `hbonds --explain`, the table and PLIP cross-check reports, and when debugging typing.
import type { AtomGraph } from './atom-graph.ts';
import type { Tolerances } from './criteria.ts';
import { type DecidingRule, PairJudge } from './decide-pair.ts';
import { acceptorColumn } from './donor-geometry.ts';
import { donorHydrogens } from './inferred-hydrogens.ts';
import { angle, distance } from './vector-math.ts';

export interface PairExplanation {
  found: boolean;
  /** The rule of the decision that decided the pair (the first test failed, or 'accepted'). */
  decidedBy: DecidingRule;
  /** One line: the classes and the failing test, or 'H-bond'. */
  reason: string;
  /** The same without atom names and measurements, for grouping many pairs. */
  rule: string;
}

export function explainPair(g: AtomGraph, di: number, ai: number, tol: Tolerances, judge = new PairJudge(g, tol)): PairExplanation {
  const v = judge.decide(di, ai);
  const d = g.atoms[di];
  const a = g.atoms[ai];
  const hp = (v.hydrogens.length ? v.hydrogens : donorHydrogens(g, di)).map((h) => h.xyz);
  const r = distance(d.xyz, a.xyz);
  const bestTheta = hp.length ? Math.max(...hp.map((h) => angle(d.xyz, h, a.xyz))) : null;
  const geo = `D-A ${r.toFixed(2)} A${bestTheta === null ? ', no H position' : `, best D-H-A ${bestTheta.toFixed(0)} deg`}`;
  const out = (rule: string, detail = geo) => ({
    found: v.found,
    decidedBy: v.rule,
    reason: `${rule}${detail ? ` (${detail})` : ''}`,
    rule,
  });
  const tag =
    v.donor && v.acceptor
      ? `donor class "${v.donor.cls}", acceptor class "${v.acceptor.cls}" (${a.type}, column ${acceptorColumn(a.type)})`
      : '';
  switch (v.rule) {
    case 'donor class': {
      if (d.truncated) return out('donor class: truncated side chain atom skipped');
      const why = ['N', 'O', 'S'].includes(d.element) ? 'no H and no missing bonds' : 'not N, O or S';
      return out(`donor class: type ${d.type || 'untyped'} is not a donor: ${why}`);
    }
    case 'acceptor class': {
      if (a.truncated) return out('acceptor class: truncated side chain atom skipped');
      const why = a.nbrs.some((j) => g.atoms[j].isH) ? ' (the file puts an H on it)' : '';
      return out(`acceptor class: type ${a.type || 'untyped'} is never an acceptor${why}`);
    }
    case 'metal-marked planar N':
      return out('metal-marked planar N: a planar N that is itself an acceptor within 4 A of a metal of its model cannot donate');
    case 'acceptor geometry':
      return out(`acceptor geometry fails: ${tag}`);
    case 'donor geometry':
      if (v.donor?.fn === 'tt' && !v.hydrogens.length)
        return out(`donor geometry fails: ${tag}; TT donor with no H position`, `D-A ${r.toFixed(2)} A`);
      return out(`donor geometry fails: ${tag}`);
    case 'metal angle':
      return out(`metal angle: angle D-A-metal < 45 deg (${tag})`);
    case 'accepted':
      return out(`H-bond: ${tag}`);
  }
}
