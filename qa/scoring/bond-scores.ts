// Scores for the hydrogen-bond answers (dataset-spec.md, "Scoring"), in [0, 1].
//
// With true bonds T and predicted bonds P (each a set, so a bond listed twice counts once):
// 0 when P lists more than twice as many bonds as T; 0.5 when P holds all of T plus bonds
// that are not in T; otherwise the share of T found in P (1 when P equals T).
// Residue-ligand adds the verdict: a true `No` scores 1 only for `No`; a true `Yes` scores
// the bond rule on the bonds listed (a `No` or a bare `Yes` lists none and scores 0).
import type { BondKey, ResidueVerdict } from './read-bonds.ts';

export function bondSetScore(truth: ReadonlySet<BondKey>, predicted: ReadonlySet<BondKey>): number {
  if (truth.size === 0) return predicted.size === 0 ? 1 : 0;
  if (predicted.size > 2 * truth.size) return 0;
  const found = [...truth].filter((b) => predicted.has(b)).length;
  if (found === truth.size && predicted.size > truth.size) return 0.5;
  return found / truth.size;
}

export function sameBondSet(a: ReadonlySet<BondKey>, b: ReadonlySet<BondKey>): boolean {
  return a.size === b.size && [...a].every((x) => b.has(x));
}

export function residueVerdictScore(truth: ResidueVerdict, predicted: ResidueVerdict | undefined): number {
  if (truth.kind === 'no') return predicted?.kind === 'no' ? 1 : 0;
  if (predicted?.kind !== 'yes') return 0;
  return bondSetScore(truth.bonds, predicted.bonds);
}

export function sameResidueVerdict(truth: ResidueVerdict, predicted: ResidueVerdict | undefined): boolean {
  if (!predicted || predicted.kind !== truth.kind) return false;
  return truth.kind === 'no' || sameBondSet(truth.bonds, (predicted as { bonds: Set<BondKey> }).bonds);
}
