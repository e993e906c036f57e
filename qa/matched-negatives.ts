// residue_ligand's negatives chosen by distance (`--negatives matched` and `paired`), so that
// the least residue-ligand distance says little about the verdict, and, where the pocket
// allows, by residue name, so that the name says little either.
//
// The positives are taken in order of their least heavy-atom distance to the ligand
// (nearest first; ties by residue key). Each takes one bond-free residue not yet taken:
//   1. the gap g: the least |distance - the positive's distance| among the candidates left;
//   2. the window: every candidate left within g + NAME_WINDOW of the positive's distance
//      (`paired`: within PAIR_TOLERANCE of it; none there, and the positive is not asked);
//   3. in the window, the candidate whose residue name is most owed: the complex's positives
//      of that name minus its negatives of that name taken so far (so a positive's own name
//      comes first while it is owed, then another name the positives have), then the least
//      gap, then the smaller distance, then the residue key.
// With a window of 0 this is "the nearest not yet taken" alone. Figures that chose the
// numbers: docs/hbond-tasks.md ("Negatives matched by distance").
import { type ResidueId, residueIdText } from './bond-atoms.ts';

export interface MatchCandidate {
  residue: ResidueId;
  name: string;
  /** Least heavy-atom distance to the ligand, angstrom. */
  minDistance: number;
}

/** `matched`: how far past the nearest gap a candidate may lie and still be preferred for its name, A. */
export const NAME_WINDOW = 0.1;
/** `paired`: the largest gap between a positive's distance and its negative's, A. */
export const PAIR_TOLERANCE = 0.15;

export interface MatchRule {
  /** Past the nearest gap, A (matched). */
  window: number;
  /** When set (paired): the largest gap, A; a positive with no candidate that near is left out. */
  tolerance?: number;
}

export interface MatchedPair<P, T> {
  positive: P;
  negative: T;
}

const byKey = (a: MatchCandidate, b: MatchCandidate) =>
  residueIdText(a.residue) < residueIdText(b.residue) ? -1 : residueIdText(a.residue) > residueIdText(b.residue) ? 1 : 0;

/** The pairs, in the positives' order of distance: one per positive while candidates last
 * (matched), or one per positive with a candidate within the tolerance (paired). */
export function matchNegatives<P extends MatchCandidate, T extends MatchCandidate>(
  positives: readonly P[],
  candidates: readonly T[],
  rule: MatchRule = { window: NAME_WINDOW },
): MatchedPair<P, T>[] {
  const owed = new Map<string, number>();
  for (const p of positives) owed.set(p.name, (owed.get(p.name) ?? 0) + 1);
  const left = candidates.slice();
  const out: MatchedPair<P, T>[] = [];
  for (const p of positives.slice().sort((a, b) => a.minDistance - b.minDistance || byKey(a, b))) {
    if (!left.length) break;
    const gap = (c: T) => Math.abs(c.minDistance - p.minDistance);
    const reach = rule.tolerance ?? Math.min(...left.map(gap)) + rule.window;
    const inWindow = left.filter((c) => gap(c) <= reach + 1e-9);
    if (!inWindow.length) continue;
    inWindow.sort(
      (a, b) => (owed.get(b.name) ?? 0) - (owed.get(a.name) ?? 0) || gap(a) - gap(b) || a.minDistance - b.minDistance || byKey(a, b),
    );
    const pick = inWindow[0];
    out.push({ positive: p, negative: pick });
    left.splice(left.indexOf(pick), 1);
    owed.set(pick.name, (owed.get(pick.name) ?? 0) - 1);
  }
  return out;
}
