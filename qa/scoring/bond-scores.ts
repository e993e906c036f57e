// Scores for the hydrogen-bond answers (docs/scoring.md, "Metrics"), in [0, 1].
//
// With true bonds T and predicted bonds P (each a set, so a bond listed twice counts once):
// 0 when P lists more than twice as many bonds as T; 0.5 when P holds all of T plus bonds
// that are not in T; otherwise the share of T found in P (1 when P equals T).
// Residue-ligand adds the verdict: a true `No` scores 1 only for `No`; a true `Yes` scores
// the bond rule on the bonds listed (a `No` or a bare `Yes` lists none and scores 0).
//
// Which predicted bond finds which true one is decided by a class: each bond as written (the
// paper's rule, the default here), or with equivalent residue atom names as one
// (residueBondClass / pocketBondClass of read-bonds.ts). Within a class the matching is one
// to one: a class holding t true and p predicted bonds finds min(t, p) of them, so `ASP OD1,
// N3` and `ASP OD2, N3` both predicted against a truth of one of them find one bond and
// leave one invented, and find two where the truth has both.
import type { BondKey, ResidueVerdict } from './read-bonds.ts';

/** The class a bond is compared by: bonds of one class can stand for each other. */
export type BondClassOf = (bond: BondKey) => string;

/** The paper's rule: a bond matches only itself, names as written. */
export const asWritten: BondClassOf = (bond) => bond;

/** How many true bonds P finds, each true and each predicted bond used at most once. */
export function bondsFound(truth: ReadonlySet<BondKey>, predicted: ReadonlySet<BondKey>, classOf: BondClassOf = asWritten): number {
  const unmatched = new Map<string, number>();
  for (const b of truth) unmatched.set(classOf(b), (unmatched.get(classOf(b)) ?? 0) + 1);
  let found = 0;
  for (const b of predicted) {
    const left = unmatched.get(classOf(b)) ?? 0;
    if (left === 0) continue;
    unmatched.set(classOf(b), left - 1);
    found++;
  }
  return found;
}

export function bondSetScore(truth: ReadonlySet<BondKey>, predicted: ReadonlySet<BondKey>, classOf: BondClassOf = asWritten): number {
  if (truth.size === 0) return predicted.size === 0 ? 1 : 0;
  if (predicted.size > 2 * truth.size) return 0;
  const found = bondsFound(truth, predicted, classOf);
  if (found === truth.size && predicted.size > truth.size) return 0.5;
  return found / truth.size;
}

/** The same bonds: as many, and every one found (by the class given). */
export function sameBondSet(a: ReadonlySet<BondKey>, b: ReadonlySet<BondKey>, classOf: BondClassOf = asWritten): boolean {
  return a.size === b.size && bondsFound(a, b, classOf) === a.size;
}

export function residueVerdictScore(
  truth: ResidueVerdict,
  predicted: ResidueVerdict | undefined,
  classOf: BondClassOf = asWritten,
): number {
  if (truth.kind === 'no') return predicted?.kind === 'no' ? 1 : 0;
  if (predicted?.kind !== 'yes') return 0;
  return bondSetScore(truth.bonds, predicted.bonds, classOf);
}

export function sameResidueVerdict(
  truth: ResidueVerdict,
  predicted: ResidueVerdict | undefined,
  classOf: BondClassOf = asWritten,
): boolean {
  if (!predicted || predicted.kind !== truth.kind) return false;
  return truth.kind === 'no' || sameBondSet(truth.bonds, (predicted as { bonds: Set<BondKey> }).bonds, classOf);
}
