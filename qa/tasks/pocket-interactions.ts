// pocket_interactions (opt-in, past the paper's nine; cloze, 6 images: the six views of the
// whole complex, as pocket_ligand draws them). The question names a set of candidate pocket
// residues and one kind of interaction K (salt bridge, pi-stacking, cation-pi, hydrophobic
// contact) and asks which of the candidates make a K with the ligand; the answer is that
// subset, as `ASP 189 A; TRP 215 A` (residue name, number with its insertion letter, chain or
// `_`), sorted by chain, number, insertion letter.
//
// Which residues are candidates, so that neither a candidate's name nor its distance to the
// ligand tells whether it makes K (nor which of a pair is the nearer: NEARER_DROP): each residue making K is paired with a residue of the same
// name that makes no K (it may make others), whose least heavy-atom distance to the ligand is within PAIR_TOLERANCE
// of its own (residue_ligand's `paired` rule, qa/matched-negatives.ts, with the name required,
// as interaction_kind pairs its Yes and No); a residue making K with no such partner is not
// asked. So exactly half the candidates make K, and the answer is never empty.
//
// Scored per candidate: the share of the candidates rightly put in or left out of the reply
// (a residue named that is no candidate counts as one wrongly put in; the score is floored at
// 0). Since the candidates are twice the answer's residues, the score follows from the answer
// alone: (p + 2 hit - named) / 2p, p the answer's residues. Chance is one half: a blind reply
// is right on half the candidates in expectation, and `none` is right on exactly half.
//
// Its answer is of kind `residues` (qa/answer-kinds.ts: truth {kind, residues}, the subset);
// the labels it names are every candidate's (namedLabels, from the params). Its audit
// baselines (residue name only, distance only, each on the candidates) are in
// pocket-interaction-baselines.ts. The complex's interactions: structures/interactions/,
// cached per complex by interaction-kind.ts.
import type { InteractionKind } from '../../structures/interactions/find-interactions.ts';
import { INTERACTION_RULES_VERSION } from '../../structures/interactions/rules-version.ts';
import type { Complex } from '../../structures/model.ts';
import { type ResidueListTruth, residueListAnswer, residueListAnswerText, residueText, type TruthResidue } from '../answer-kinds.ts';
import { complexGenerator } from '../complex-generator.ts';
import { PAIR_TOLERANCE } from '../matched-negatives.ts';
import { readReplyResidues, readTruthResidues } from '../scoring/read-residues.ts';
import type { TaskScorer } from '../scoring/task-scorers.ts';
import { sixViews } from '../six-views.ts';
import { type AuditScore, type TaskModule, WHOLE_POCKET_IMAGE_SIZE } from '../task.ts';
import { askableResidues, KIND_WORDS } from './interaction-kind.ts';
import { type CandidateParam, CandidateParams, POCKET_INTERACTION_BASELINES } from './pocket-interaction-baselines.ts';

export const POCKET_INTERACTIONS = 'pocket_interactions';

/** The kinds asked, in question order (H-bonds are pocket_ligand's). */
export const LISTED_KINDS: readonly InteractionKind[] = ['hbond', 'salt-bridge', 'pi-stacking', 'cation-pi', 'hydrophobic'];

/** The share of the pairs whose positive is the nearer of the two that are left out, drawn per
 * pair, so that the nearer of a pair is as often the one that does not make K as the one that
 * does. Even with the partner nearer than the positive preferred, the positive was the nearer
 * in 121 of the 207 pairs of the 299 complexes of ../shared (86 the farther); with 30 % of
 * those dropped, 95 against 90 (docs/tasks.md). */
export const NEARER_DROP = 0.3;

/** At most this many pairs (8 candidates) per question; a kind with more pairs is asked again with the next ones. */
export const MAX_PAIRS = 2;

/** The score of a reply: the share of the candidates (twice the answer's residues) rightly in or out of it. */
function candidateShare(truth: Set<string>, got: Set<string>): number {
  const hit = [...got].filter((r) => truth.has(r)).length;
  return Math.max(0, (truth.size + 2 * hit - got.size) / (2 * truth.size));
}

function readAnswer(answer: string): Set<string> {
  const truth = readTruthResidues(answer);
  if (!truth.size) throw new Error(`expected residues as 'NAME NUMBER CHAIN; ...', found '${answer}'`);
  return truth;
}

export const pocketInteractionsScorer: TaskScorer = {
  metric: 'composite',
  definition:
    'the share of the candidates rightly named or left out (half of them make the kind; a residue named that is no candidate counts as wrongly named); exact when the residues named are the answer',
  prepare(record) {
    const truth = readAnswer(record.answer);
    return (reply) => {
      const got = readReplyResidues(reply);
      const exact = got.size === truth.size && [...got].every((r) => truth.has(r));
      return { score: candidateShare(truth, got), exact, read: got.size > 0 };
    };
  },
};

/** The audit scores the baselines as the task does, against a chance of one half (stated, not sampled). */
export const POCKET_INTERACTIONS_AUDIT_SCORE: AuditScore = {
  metric: 'share of the candidates rightly in or out (chance one half)',
  chance: 0.5,
  prepare(answer) {
    const truth = readAnswer(answer);
    return (reply) => candidateShare(truth, readReplyResidues(reply));
  },
};

interface Candidate extends TruthResidue {
  distance: number;
  makes: boolean;
}
export interface CandidateQuestion {
  kind: InteractionKind;
  /** Sorted by chain, number, insertion letter. */
  candidates: Candidate[];
}

/** Distances as the records give them, Å (2 decimals). */
const round = (d: number) => Math.round(d * 100) / 100;

const order = (a: TruthResidue, b: TruthResidue) =>
  a.chain.localeCompare(b.chain) || a.number - b.number || a.insertionCode.localeCompare(b.insertionCode);

/** The complex's questions in question order: per kind of LISTED_KINDS, its pairs (nearest
 * positive first) in questions of up to MAX_PAIRS; a question whose answer another of the
 * complex already has is left out (the same pictures and answer). */
export function candidateQuestions(complex: Complex): CandidateQuestion[] {
  const residues = askableResidues(complex).sort((a, b) => a.distance - b.distance || order(a.residue, b.residue));
  const out: CandidateQuestion[] = [];
  const answers = new Set<string>();
  for (const kind of LISTED_KINDS) {
    // A partner makes no K (it may make other kinds), as interaction_kind's No.
    const free = residues.filter((r) => !r.kinds.has(kind));
    const used = new Set<(typeof free)[number]>();
    const pairs: Candidate[][] = [];
    const thin = complexGenerator(0, POCKET_INTERACTIONS, complex.id, `pairs ${kind}`);
    const near = (p: (typeof residues)[number], c: (typeof residues)[number]) =>
      c.residue.name === p.residue.name && Math.abs(c.distance - p.distance) <= PAIR_TOLERANCE + 1e-9;
    // The positives with the fewest partners choose first (then the nearest), so that fewer go unpaired.
    const positives = residues
      .filter((r) => r.kinds.has(kind))
      .map((p) => ({ p, options: free.filter((c) => near(p, c)).length }))
      .sort((a, b) => a.options - b.options || a.p.distance - b.p.distance || order(a.p.residue, b.p.residue))
      .map((x) => x.p);
    for (const p of positives) {
      const gap = (c: typeof p) => Math.abs(c.distance - p.distance);
      const partner = free
        .filter((c) => !used.has(c) && near(p, c))
        // A partner nearer than the positive first (the positives lean nearer: NEARER_DROP), then the least gap.
        .sort(
          (a, b) =>
            Number(a.distance > p.distance) - Number(b.distance > p.distance) ||
            gap(a) - gap(b) ||
            a.distance - b.distance ||
            order(a.residue, b.residue),
        )[0];
      if (!partner) continue;
      // Drawn for every pair, so that one pair's fate does not move the next one's draw.
      const draw = thin();
      if (round(p.distance) < round(partner.distance) && draw < NEARER_DROP) continue;
      used.add(partner);
      pairs.push([
        { ...p.residue, distance: p.distance, makes: true },
        { ...partner.residue, distance: partner.distance, makes: false },
      ]);
    }
    for (let i = 0; i < pairs.length; i += MAX_PAIRS) {
      const candidates = pairs
        .slice(i, i + MAX_PAIRS)
        .flat()
        .sort(order);
      const answer = candidates
        .filter((c) => c.makes)
        .map(residueText)
        .join('; ');
      if (answers.has(answer)) continue;
      answers.add(answer);
      out.push({ kind, candidates });
    }
  }
  return out;
}

const questionCache = new WeakMap<Complex, CandidateQuestion[]>();
function questionsOf(complex: Complex): CandidateQuestion[] {
  let list = questionCache.get(complex);
  if (!list) {
    list = candidateQuestions(complex);
    questionCache.set(complex, list);
  }
  return list;
}

const bare = ({ chain, number, insertionCode, name }: TruthResidue): TruthResidue => ({ chain, number, insertionCode, name });

export const pocketInteractionsTask: TaskModule = {
  id: POCKET_INTERACTIONS,
  format: 'cloze',
  imageCount: 6,
  defaultCounts: { train: 4, test: 4 },
  defaultImageSize: WHOLE_POCKET_IMAGE_SIZE,
  labelLayout: 'prefer-clear',
  labelSet: 'polar',
  template: POCKET_INTERACTIONS,
  scorer: pocketInteractionsScorer,
  auditScore: POCKET_INTERACTIONS_AUDIT_SCORE,
  answer: residueListAnswer,
  rules: { interactions: INTERACTION_RULES_VERSION },
  summary:
    'which of the named candidate pocket residues make one named kind of interaction (salt bridge, pi-stacking, cation-pi, hydrophobic contact) with the ligand',
  // Every candidate's label is needed, not only the answer's: >= 90 % readable in at least four of six views, as pocket_ligand's.
  legibilityTarget: { views: 'four', min: 0.9 },
  namedLabels: ({ params }) => {
    const p = CandidateParams.safeParse(params.candidates);
    return p.success
      ? p.data.map((c) => ({ kind: 'residue', chain: c.chain, residueNumber: c.number, insertionCode: c.insertionCode }))
      : [];
  },
  baselines: POCKET_INTERACTION_BASELINES,
  // Naming none is right on exactly the half of the candidates that make no K: chance.
  randomGuess: () => 'none',
  questionCount: (c, _split, requested) => Math.min(requested, questionsOf(c.complex).length),
  plan({ index, subject, style }) {
    const list = questionsOf(subject.complex);
    const q = list[index];
    if (!q) return { ok: false, reason: `only ${list.length} pocket-interaction questions for this complex`, replacements: 0 };
    const truth: ResidueListTruth = { kind: q.kind, residues: q.candidates.filter((c) => c.makes).map(bare) };
    const candidates: CandidateParam[] = q.candidates.map((c) => ({ ...bare(c), distance: round(c.distance) }));
    return {
      ok: true,
      plan: {
        images: sixViews(subject, style),
        answer: residueListAnswerText(truth),
        truth: { kind: 'data', value: truth },
        vars: { kind: KIND_WORDS[q.kind]!, candidates: q.candidates.map(residueText).join('; ') },
        // The candidates with their distances to the ligand: what the audit's partial-input baselines see.
        params: { kind: q.kind, residues: truth.residues.length, candidates },
        replacements: 0,
      },
    };
  },
};
