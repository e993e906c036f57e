// Why a donor-acceptor pair is or is not an H-bond: the classes matched and the first test
// that failed. Used by the PLIP cross-check report and when debugging typing.
import type { AtomGraph } from './atom-graph.ts';
import { isPlanar } from './atom-graph.ts';
import { classifyAcceptor } from './acceptor-classes.ts';
import { classifyDonor } from './donor-classes.ts';
import { relaxRule, SULFUR_EXTRA, type Tolerances } from './criteria.ts';
import { donorHydrogens } from './inferred-hydrogens.ts';
import { acceptorOk } from './acceptor-geometry.ts';
import { acceptorColumn, donorOk } from './donor-geometry.ts';
import { isMetal, metalRuleOk, metalsNear } from './metals.ts';
import { angle, distance } from './vector-math.ts';

export interface PairExplanation {
  found: boolean;
  /** One line: the classes and the failing test, or 'H-bond'. */
  reason: string;
  /** The same without atom names and measurements, for grouping many pairs. */
  rule: string;
}

export function explainPair(g: AtomGraph, di: number, ai: number, tol: Tolerances): PairExplanation {
  const d = g.atoms[di];
  const a = g.atoms[ai];
  const dr = classifyDonor(g, di);
  const ar = classifyAcceptor(g, ai);
  const hyds = donorHydrogens(g, di);
  const hp = hyds.map((h) => h.xyz);
  const r = distance(d.xyz, a.xyz);
  const bestTheta = hp.length ? Math.max(...hp.map((h) => angle(d.xyz, h, a.xyz))) : null;
  const geo = `D-A ${r.toFixed(2)} A${bestTheta === null ? ', no H position' : `, best D-H-A ${bestTheta.toFixed(0)} deg`}`;
  if (d.truncated || a.truncated) return { found: false, reason: `truncated side chain atom skipped (${geo})`, rule: 'truncated side chain atom skipped' };
  if (!dr) {
    const acid = d.templated && (d.residue.name === 'ASP' || d.residue.name === 'GLU') && d.type === 'O2';
    const why = acid ? 'the carboxyl H is assigned by its name to the other O (Asp/Glu rule, section 1)' : 'no H and no missing bonds';
    return { found: false, reason: `donor ${d.name} (${d.type}) is not a donor: ${why}`, rule: `donor type ${d.type} is not a donor: ${why}` };
  }
  if (!ar) {
    const why = a.nbrs.some((j) => g.atoms[j].isH) ? ' (the file puts an H on it)' : '';
    return { found: false, reason: `acceptor ${a.name} (${a.type}) is never an acceptor${why}`, rule: `acceptor type ${a.type} is never an acceptor${why}` };
  }
  const metals = g.atoms.filter((m) => !m.isH && isMetal(m.element)).map((m) => m.xyz);
  if (d.element === 'N' && isPlanar(d.type) && metalsNear(metals, d.xyz).length) return { found: false, reason: `planar N donor next to a metal (${geo})`, rule: 'planar N within 4 A of a metal cannot donate' };
  const rdr = relaxRule(dr, tol);
  const rar = relaxRule(ar, tol);
  const tag = `donor class "${dr.cls}", acceptor class "${ar.cls}" (${a.type}, column ${acceptorColumn(a.type)})`;
  if (!acceptorOk(g, rar, ai, d.xyz, hp, d.element === 'S' ? SULFUR_EXTRA : 0)) return { found: false, reason: `acceptor-side test fails: ${tag}; ${geo}`, rule: `acceptor-side test fails: ${tag}` };
  if (!donorOk(g, rdr, di, ai, hp)) {
    if (dr.fn === 'tt' && !hp.length) return { found: false, reason: `donor-side test fails: ${tag}; TT donor with no H position`, rule: `donor-side test fails: ${tag}; TT donor with no H position` };
    return { found: false, reason: `donor-side test fails: ${tag}; ${geo}`, rule: `donor-side test fails: ${tag}` };
  }
  if (!metalRuleOk(d.xyz, a.xyz, metalsNear(metals, a.xyz))) return { found: false, reason: `metal rule: angle D-A-metal < 45 deg (${tag})`, rule: 'metal rule: angle D-A-metal < 45 deg' };
  return { found: true, reason: `H-bond: ${tag}; ${geo}`, rule: `H-bond: ${tag}` };
}
