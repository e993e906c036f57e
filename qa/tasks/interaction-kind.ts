// interaction_kind (opt-in, past the paper's nine; cloze, 6 images: the six views of one
// pocket residue and the ligand, as residue_ligand draws them). Does residue X make an
// interaction of kind K with the ligand (`hydrogen bond`, `salt bridge`, `pi-stacking`,
// `cation-pi`, `hydrophobic contact`: structures/interactions/, docs/interactions.md)? `Yes`
// or `No`.
//
// Which residues are asked, so that neither the residue's name nor its distance to the ligand
// gives the answer: each `Yes` (a residue with an interaction of kind K) comes with a `No`, a
// residue of the same name without one of kind K (it may have others), whose least heavy-atom
// distance to the ligand is within PAIR_TOLERANCE of the `Yes`'s (residue_ligand's `paired`
// rule, qa/matched-negatives.ts, with the name required); a `Yes` without such a partner is not
// asked. A residue is asked once (for one kind); at most MAX_PER_KIND pairs of a kind per
// complex; questions cycle through the kinds, a pair at a time.
//
// Its answer is of kind `yesno` (qa/answer-kinds.ts: truth {residue, kind, makes}); the
// audit's residue-name-only and distance-only baselines are residue_ligand's
// (qa/tasks/residue-baselines.ts), reading the params residue and minDistance. The complex's
// interactions are computed from the Complex by structures/interactions/find-interactions.ts
// and cached per complex.
import { findInteractions, type Interaction, type InteractionKind } from '../../structures/interactions/find-interactions.ts';
import { INTERACTION_RULES_VERSION } from '../../structures/interactions/rules-version.ts';
import type { Complex } from '../../structures/model.ts';
import { type YesNoTruth, yesNoAnswer, yesNoAnswerText } from '../answer-kinds.ts';
import { type ResidueId, residueIdText, residueLabel } from '../bond-atoms.ts';
import { complexGenerator } from '../complex-generator.ts';
import { PAIR_TOLERANCE } from '../matched-negatives.ts';
import { drawOne, type Rng, shuffled } from '../random.ts';
import { residueCamera } from '../residue-camera.ts';
import { residueLigandDistance } from '../residue-questions.ts';
import { sixViews } from '../six-views.ts';
import type { TaskModule } from '../task.ts';
import { verdictHistograms } from '../verdict-histograms.ts';
import { residueBaselines } from './residue-baselines.ts';

export const INTERACTION_KIND = 'interaction_kind';

/** The kinds asked about, and the words the questions use for them. */
export const KIND_WORDS: Partial<Record<InteractionKind, string>> = {
  hbond: 'hydrogen bond',
  'salt-bridge': 'salt bridge',
  'pi-stacking': 'pi-stacking',
  'cation-pi': 'cation-pi',
  hydrophobic: 'hydrophobic contact',
};
export const ANSWERS: readonly string[] = ['Yes', 'No'];

/** At most this many pairs (one Yes, one No) of one kind per complex, so a pocket of many hydrophobic contacts does not swamp the rest. */
export const MAX_PER_KIND = 2;

interface KindQuestion {
  residue: ResidueId;
  name: string;
  minDistance: number;
  /** The kind asked about (its word). */
  kind: string;
  answer: 'Yes' | 'No';
}

const interactionCache = new WeakMap<Complex, Interaction[]>();
/** The complex's interactions of every kind, found once. */
export function interactionsOf(complex: Complex): Interaction[] {
  let list = interactionCache.get(complex);
  if (!list) {
    list = findInteractions(complex);
    interactionCache.set(complex, list);
  }
  return list;
}

/** Each pocket residue's interaction kinds, by `residueIdText`. */
export function kindsByResidue(complex: Complex): Map<string, Set<InteractionKind>> {
  const out = new Map<string, Set<InteractionKind>>();
  for (const i of interactionsOf(complex)) {
    if (i.kind === 'metal') continue;
    const key = residueIdText({ chain: i.pocket.chain, number: i.pocket.residueNumber, insertionCode: i.pocket.insertionCode });
    out.set(key, (out.get(key) ?? new Set()).add(i.kind));
  }
  return out;
}

/** A pocket residue a question can name, with its distance to the ligand (angstrom) and the kinds it makes. */
export interface AskableResidue {
  residue: ResidueId & { name: string };
  distance: number;
  kinds: Set<InteractionKind>;
}

/** The pocket's residues a question can name (in the pocket's order): hetero groups are no
 * residues to name, and a residue id two groups share would draw or name both. */
export function askableResidues(complex: Complex): AskableResidue[] {
  const kinds = kindsByResidue(complex);
  const keyCount = new Map<string, number>();
  for (const r of complex.pocket) keyCount.set(residueIdText(r), (keyCount.get(residueIdText(r)) ?? 0) + 1);
  return complex.pocket
    .filter((r) => !r.hetero && keyCount.get(residueIdText(r)) === 1)
    .map((r) => ({
      residue: { chain: r.chain, number: r.number, insertionCode: r.insertionCode, name: r.name },
      distance: residueLigandDistance(complex, r),
      kinds: kinds.get(residueIdText(r)) ?? new Set<InteractionKind>(),
    }));
}

/** The complex's questions in question order (`rng`: the complex's own generator). */
export function kindQuestions(complex: Complex, rng: Rng): KindQuestion[] {
  const residues = askableResidues(complex)
    .map(({ residue: { name, ...residue }, distance, kinds }) => ({ residue, name, minDistance: distance, kinds }))
    .sort((a, b) => a.minDistance - b.minDistance || (residueIdText(a.residue) < residueIdText(b.residue) ? -1 : 1));
  const columns: KindQuestion[][] = [];
  // A residue is asked once per complex: asked again (another kind, the same answer) it would be the same pictures and answer.
  const used = new Set<string>();
  for (const [kind, word] of Object.entries(KIND_WORDS) as [InteractionKind, string][]) {
    const positives = residues.filter((r) => r.kinds.has(kind));
    // A `No` is a residue of the same name without that kind (it may have others), as near the ligand.
    const candidates = residues.filter((r) => !r.kinds.has(kind) && positives.some((p) => p.name === r.name));
    const pairs: KindQuestion[][] = [];
    for (const p of shuffled(rng, positives)) {
      if (pairs.length >= MAX_PER_KIND) break;
      if (used.has(residueIdText(p.residue))) continue;
      const partner = candidates.find(
        (c) => c.name === p.name && !used.has(residueIdText(c.residue)) && Math.abs(c.minDistance - p.minDistance) <= PAIR_TOLERANCE + 1e-9,
      );
      if (!partner) continue;
      used.add(residueIdText(partner.residue));
      used.add(residueIdText(p.residue));
      const q = (r: typeof p, answer: 'Yes' | 'No'): KindQuestion => ({
        residue: r.residue,
        name: r.name,
        minDistance: r.minDistance,
        kind: word,
        answer,
      });
      pairs.push(shuffled(rng, [q(p, 'Yes'), q(partner, 'No')]));
    }
    if (pairs.length) columns.push(pairs.flat());
  }
  const out: KindQuestion[] = [];
  const longest = Math.max(0, ...columns.map((c) => c.length));
  for (let i = 0; i < longest; i += 2) for (const column of shuffled(rng, columns)) out.push(...column.slice(i, i + 2));
  return out;
}

const questionCache = new WeakMap<Complex, Map<number, KindQuestion[]>>();
function questionsOf(seed: number, complex: Complex): KindQuestion[] {
  const bySeed = questionCache.get(complex) ?? new Map<number, KindQuestion[]>();
  questionCache.set(complex, bySeed);
  let list = bySeed.get(seed);
  if (!list) {
    list = kindQuestions(complex, complexGenerator(seed, INTERACTION_KIND, complex.id, 'residues'));
    bySeed.set(seed, list);
  }
  return list;
}

export const interactionKindTask: TaskModule = {
  id: INTERACTION_KIND,
  format: 'cloze',
  // Verdicts per split and distances per verdict, as residue_ligand's (its params are named alike).
  statsHistograms: verdictHistograms,
  // Whether a residue makes a hydrogen bond is given away by a question naming one of its bonds (interaction_location's).
  answeredByABond: true,
  labelLayout: 'prefer-clear',
  imageCount: 6,
  defaultCounts: { train: 12, test: 12 },
  template: INTERACTION_KIND,
  answer: yesNoAnswer,
  rules: { interactions: INTERACTION_RULES_VERSION },
  summary:
    'does pocket residue X make a named kind of interaction (hydrogen bond, salt bridge, pi-stacking, cation-pi, hydrophobic contact) with the ligand: Yes or No',
  // Its answers name the residue's label in every view, as residue_ligand's (the same pictures): >= 98 % readable in all six.
  legibilityTarget: { views: 'all', min: 0.98 },
  // The verdict from the residue's name alone, or from its distance to the ligand alone (params residue, minDistance).
  baselines: residueBaselines(INTERACTION_KIND),
  randomGuess: (_question, rng) => drawOne(rng, ANSWERS),
  // How many residues are asked depends on the structure only; the seed orders them.
  questionCount: (c, _split, requested) => Math.min(requested, questionsOf(0, c.complex).length),
  plan({ seed, index, subject, style }) {
    const list = questionsOf(seed, subject.complex);
    const q = list[index];
    if (!q) return { ok: false, reason: `only ${list.length} interaction-kind questions for this complex`, replacements: 0 };
    const subset = { kind: 'residue' as const, ...q.residue };
    const truth: YesNoTruth = { residue: { ...q.residue, name: q.name }, kind: q.kind, makes: q.answer === 'Yes' };
    return {
      ok: true,
      plan: {
        images: sixViews({ ...subject, camera: residueCamera(subject, subset) }, style, { subset, turnCentre: 'shown' }),
        answer: yesNoAnswerText(truth),
        truth: { kind: 'data', value: truth },
        vars: { residue: residueLabel(q.name, q.residue), kind: q.kind },
        params: {
          residue: `${q.name} ${residueIdText(q.residue)}`,
          kind: q.kind,
          verdict: q.answer,
          minDistance: Math.round(q.minDistance * 100) / 100,
        },
        replacements: 0,
      },
    };
  },
};
