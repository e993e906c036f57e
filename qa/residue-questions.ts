// Which pocket residues a complex's residue-ligand questions ask about. Positives: every
// pocket residue with at least one hydrogen bond to the ligand. Negatives: as many residues
// without one, chosen by one of three rules (residue_ligand's `--negatives`):
// - `matched`: for each positive, the bond-free residue whose least
//   heavy-atom distance to the ligand is nearest to the positive's, preferring names the
//   positives have (qa/matched-negatives.ts), so neither distance nor name gives the verdict;
// - `paired` (the default): as matched, but only positives with a bond-free residue within
//   PAIR_TOLERANCE of their distance are asked, each with that residue (fewer questions; the
//   distance says nearly nothing);
// - `stratified` (before template version 4): drawn across distances: the residues without
//   a bond are ranked by their least heavy-atom distance to the ligand, the ranks are cut
//   into as many equal strata as there are negatives, and one residue is drawn from each.
// Questions alternate positive, negative, positive... so any count keeps the two sides
// within one of each other.

import { type CanonicalPair, canonicalPairs } from '../structures/hbonds/canonical-format.ts';
import type { Complex, Residue } from '../structures/model.ts';
import { pairResidueId, type ResidueId, residueIdText } from './bond-atoms.ts';
import { type MatchRule, matchNegatives, NAME_WINDOW, PAIR_TOLERANCE } from './matched-negatives.ts';
import { drawIndex, type Rng, shuffled } from './random.ts';

/** How residue_ligand's negatives are chosen (see above). */
export type NegativeRule = 'matched' | 'paired' | 'stratified';
export const NEGATIVE_RULES: readonly NegativeRule[] = ['matched', 'paired', 'stratified'];

export interface ResidueQuestion {
  residue: ResidueId;
  name: string;
  /** This residue's bonds in canonical order (empty for a negative). */
  pairs: CanonicalPair[];
  /** Least distance between the residue's and the ligand's heavy atoms, angstrom. */
  minDistance: number;
}

/** Least distance between any heavy atom of `r` and any heavy atom of the ligand, angstrom. */
export function residueLigandDistance(complex: Complex, r: Residue): number {
  const ligand = complex.ligand.atoms.filter((a) => !a.isHydrogen);
  let best = Infinity;
  for (const a of r.atoms) {
    if (a.isHydrogen) continue;
    for (const b of ligand) best = Math.min(best, Math.hypot(a.xyz[0] - b.xyz[0], a.xyz[1] - b.xyz[1], a.xyz[2] - b.xyz[2]));
  }
  return best;
}

/** One residue drawn uniformly from each of `k` equal rank strata of `ranked`. */
export function drawAcrossRanks<T>(rng: Rng, ranked: readonly T[], k: number): T[] {
  const n = ranked.length;
  k = Math.min(k, n);
  const out: T[] = [];
  for (let i = 0; i < k; i++) {
    const lo = Math.floor((i * n) / k);
    const hi = Math.floor(((i + 1) * n) / k);
    out.push(ranked[lo + drawIndex(rng, hi - lo)]);
  }
  return out;
}

/** The complex's residue questions in question order; `rng` is the complex's own generator.
 * `match` (matched, paired): qa/matched-negatives.ts's numbers, other than the rule's own
 * for measurements. */
export function residueQuestions(complex: Complex, rng: Rng, rule: NegativeRule = 'matched', match?: MatchRule): ResidueQuestion[] {
  const pairs = canonicalPairs(complex.hbonds ?? []);
  const byKey = new Map<string, CanonicalPair[]>();
  for (const p of pairs) {
    const k = residueIdText(pairResidueId(p));
    byKey.set(k, [...(byKey.get(k) ?? []), p]);
  }
  const keyCount = new Map<string, number>();
  for (const r of complex.pocket) keyCount.set(residueIdText(r), (keyCount.get(residueIdText(r)) ?? 0) + 1);
  const positives: ResidueQuestion[] = [];
  const candidates: ResidueQuestion[] = [];
  for (const r of complex.pocket) {
    const id: ResidueId = { chain: r.chain, number: r.number, insertionCode: r.insertionCode };
    const k = residueIdText(id);
    const own = byKey.get(k);
    const q = { residue: id, name: r.name, pairs: own ?? [], minDistance: residueLigandDistance(complex, r) };
    if (own) {
      if (!positives.some((p) => residueIdText(p.residue) === k)) positives.push(q);
    } else if (keyCount.get(k) === 1) {
      // A key two pocket groups share would draw both in one image: never a negative.
      candidates.push(q);
    }
  }
  const ranked = candidates.sort((a, b) => a.minDistance - b.minDistance || (residueIdText(a.residue) < residueIdText(b.residue) ? -1 : 1));
  let pos: ResidueQuestion[];
  let chosen: ResidueQuestion[];
  if (rule === 'stratified') {
    pos = shuffled(rng, positives);
    chosen = drawAcrossRanks(rng, ranked, pos.length);
  } else {
    const pairs = matchNegatives(
      positives,
      ranked,
      match ?? (rule === 'paired' ? { window: 0, tolerance: PAIR_TOLERANCE } : { window: NAME_WINDOW }),
    );
    // Paired: only the positives that found a partner (in pocket order before the shuffle).
    pos = shuffled(rng, rule === 'paired' ? positives.filter((p) => pairs.some((x) => x.positive === p)) : positives);
    chosen = pairs.map((x) => x.negative);
  }
  const neg = shuffled(rng, chosen);
  const out: ResidueQuestion[] = [];
  for (let i = 0; i < Math.max(pos.length, neg.length); i++) {
    if (i < pos.length) out.push(pos[i]);
    if (i < neg.length) out.push(neg[i]);
  }
  return out;
}
