// Task 4, residue-ligand interaction (cloze, 6 images: the six views of one pocket residue
// and the ligand, subset `residue:CHAIN:NUMBER[ICODE]`, framed on the two by default:
// qa/residue-camera.ts). Answer `No`, or `Yes: ` and the
// residue's bonds as `RESNAME ATOM, LIGAND_ATOM` joined by `; ` in canonical order. Which
// residues are asked about, positives and negatives alternating, and how the negatives are
// chosen (`--negatives matched|paired|stratified`): qa/residue-questions.ts.
import type { Complex } from '../../structures/model.ts';
import { type VerdictTruth, verdictAnswer, verdictAnswerText } from '../answer-kinds.ts';
import { residueIdText, residueLabel } from '../bond-atoms.ts';
import { complexGenerator } from '../complex-generator.ts';
import { drawOne } from '../random.ts';
import { residueCamera } from '../residue-camera.ts';
import { NEGATIVE_RULES, type NegativeRule, type ResidueQuestion, residueQuestions } from '../residue-questions.ts';
import { residueLigandScorer } from '../scoring/task-scorers.ts';
import { sixViews } from '../six-views.ts';
import type { TaskModule, TaskOption } from '../task.ts';
import { verdictHistograms } from '../verdict-histograms.ts';
import { RESIDUE_BASELINES, VERDICT_AUDIT_SCORE } from './residue-baselines.ts';

export const RESIDUE_LIGAND = 'residue_ligand';

/** The camera of the question: `subject`, framed on the residue and the ligand
 * (qa/residue-camera.ts), or `complex`, the complex camera, as the original may have drawn it. */
export type ResidueFraming = 'subject' | 'complex';
export const RESIDUE_FRAMINGS: readonly ResidueFraming[] = ['subject', 'complex'];
export const RESIDUE_FRAMING_OPTION: TaskOption = {
  key: 'residueFraming',
  choices: RESIDUE_FRAMINGS,
  default: 'subject',
  describe: 'residue-ligand camera: subject (framed on the residue + ligand) or complex (the complex camera)',
};

/** Which bond-free residues are the negatives (qa/residue-questions.ts): `paired` (the
 * default: only positives with a negative within 0.15 A of their distance, so the distance
 * does not give the verdict away; docs/hbond-tasks.md), `matched` to the positives' distances
 * (every positive asked; the distance still tells 82 %), or `stratified` across the pocket's
 * distances (before template version 4). */
export const NEGATIVES_OPTION: TaskOption = {
  key: 'negatives',
  choices: NEGATIVE_RULES,
  default: 'paired',
  // The paper's negatives are drawn across the pocket's distances.
  paper: 'stratified',
  describe:
    'residue-ligand negatives: paired (only positives with a negative within 0.15 A, so distance tells nothing), matched (nearest in distance to each positive; every positive asked) or stratified (across the pocket, as the paper did)',
};

const negativeRule = (options: Readonly<Record<string, string>> | undefined) =>
  (options?.negatives ?? NEGATIVES_OPTION.default) as NegativeRule;

/** What the question says of its camera, per framing (the template's {{framing}}). */
const FRAMING_TEXT: Record<ResidueFraming, string> = {
  subject:
    'The camera is aimed at the residue and the ligand so that both fill the pictures, and the views turn about the centre of their bounding box.',
  complex: 'The camera is the one that frames the whole complex, and the views turn about the centre of the whole complex.',
};

/** The truth for one residue: the residue asked about and its bonds in canonical order. */
export function residueTruth(q: Pick<ResidueQuestion, 'residue' | 'name' | 'pairs'>): VerdictTruth {
  return {
    residue: { ...q.residue, name: q.name },
    bonds: q.pairs.map((p) => ({ residueAtom: p.residueAtom, ligandAtom: p.ligandAtom })),
  };
}

// The residue list depends only on (seed, complex, rule): computed once per complex, seed and rule.
const cache = new WeakMap<Complex, Map<string, ResidueQuestion[]>>();
function questionsOf(seed: number, complex: Complex, rule: NegativeRule): ResidueQuestion[] {
  const bySeed = cache.get(complex) ?? new Map<string, ResidueQuestion[]>();
  cache.set(complex, bySeed);
  const key = `${seed} ${rule}`;
  let list = bySeed.get(key);
  if (!list) {
    list = residueQuestions(complex, complexGenerator(seed, RESIDUE_LIGAND, complex.id, 'residues'), rule);
    bySeed.set(key, list);
  }
  return list;
}

export const residueLigandTask: TaskModule = {
  id: RESIDUE_LIGAND,
  // The paper's two columns: the questions whose truth is a bond, and those whose truth is `No`.
  paperColumns: [
    { name: 'RL+', takes: (answer) => answer.trim() !== 'No', describe: 'those whose truth is a bond' },
    { name: 'RL-', takes: (answer) => answer.trim() === 'No', describe: 'those whose truth is No' },
  ],
  format: 'cloze',
  labelLayout: 'prefer-clear',
  imageCount: 6,
  // A cap: every residue with an H-bond and as many without, up to 40 questions per complex
  // (the original averaged about 6.7; on the first 20 complexes of ../shared at most 14).
  defaultCounts: { train: 40, test: 40 },
  template: RESIDUE_LIGAND,
  options: [RESIDUE_FRAMING_OPTION, NEGATIVES_OPTION],
  scorer: residueLigandScorer,
  answer: verdictAnswer,
  // Its answers name the residue's label in every view: >= 98 % of them readable in all six (docs/labels.md).
  legibilityTarget: { views: 'all', min: 0.98 },
  baselines: RESIDUE_BASELINES,
  auditScore: VERDICT_AUDIT_SCORE,
  statsHistograms: verdictHistograms,
  // `Yes` or `No` at even odds; a `Yes` names no bond, since guessing atom pairs blind is near hopeless.
  randomGuess: (_question, rng) => drawOne(rng, ['Yes', 'No']),
  // How many residues there are depends on the rule (paired asks fewer), never on the seed.
  questionCount: (c, _split, requested, options) => Math.min(requested, questionsOf(0, c.complex, negativeRule(options)).length),
  plan({ seed, index, subject, style, options }) {
    const residueFraming = (options?.residueFraming ?? RESIDUE_FRAMING_OPTION.default) as ResidueFraming;
    const list = questionsOf(seed, subject.complex, negativeRule(options));
    const q = list[index];
    if (!q) return { ok: false, reason: `only ${list.length} residue questions for this complex`, replacements: 0 };
    const subset = { kind: 'residue' as const, ...q.residue };
    const truth = residueTruth(q);
    return {
      ok: true,
      plan: {
        images:
          residueFraming === 'subject'
            ? sixViews({ ...subject, camera: residueCamera(subject, subset) }, style, { subset, turnCentre: 'shown' })
            : sixViews(subject, style, { subset }),
        answer: verdictAnswerText(truth),
        truth: { kind: 'data', value: truth },
        vars: { residue: residueLabel(q.name, q.residue), framing: FRAMING_TEXT[residueFraming] },
        params: {
          residue: `${q.name} ${residueIdText(q.residue)}`,
          verdict: q.pairs.length ? 'yes' : 'no',
          bonds: q.pairs.length,
          minDistance: Math.round(q.minDistance * 100) / 100,
        },
        replacements: 0,
      },
    };
  },
};
