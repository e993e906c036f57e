// Task 9, pocket-ligand interaction (cloze, 6 images: the six views of the full complex):
// every hydrogen bond of the complex in the canonical list format
// (`ARG 221 NH2 A, O22; ASP 227A OD1 _, N3`, structures/hbonds/canonical-format.ts), the
// same text `misi-gen hbonds` prints. One question per complex with at least one bond.
import { canonicalPairs } from '../../structures/hbonds/canonical-format.ts';
import { bondListAnswer, bondListAnswerText } from '../answer-kinds.ts';
import { pocketLigandScorer } from '../scoring/task-scorers.ts';
import { sixViews } from '../six-views.ts';
import { type TaskModule, WHOLE_POCKET_IMAGE_SIZE } from '../task.ts';

export const pocketLigandTask: TaskModule = {
  id: 'pocket_ligand',
  paperColumns: [{ name: 'PL' }],
  format: 'cloze',
  imageCount: 6,
  defaultCounts: { train: 1, test: 1 },
  defaultImageSize: WHOLE_POCKET_IMAGE_SIZE,
  labelLayout: 'prefer-clear',
  // Every residue, and only the ligand atoms an H-bond can join (the names its answers use):
  // with every ligand atom named, their labels hid a median 42 % of the ligand (docs/labels.md).
  labelSet: 'polar',
  template: 'pocket_ligand',
  scorer: pocketLigandScorer,
  answer: bondListAnswer,
  // Whole-pocket answers: >= 90 % of the labels they name readable in at least four of six views (docs/labels.md).
  legibilityTarget: { views: 'four', min: 0.9 },
  // Guessing atom pairs blind is near hopeless: the random baseline says there are none.
  randomGuess: () => 'none',
  // How many bonds each complex's question asks for (stats' `bonds/complex`).
  statsHistograms: ({ params }) => (typeof params.complexBonds === 'number' ? [['bonds/complex', String(params.complexBonds)]] : []),
  questionCount: (c, _split, requested) => ((c.complex.hbonds ?? []).length ? Math.min(requested, 1) : 0),
  plan({ subject, style }) {
    const hbonds = subject.complex.hbonds ?? [];
    if (!hbonds.length) return { ok: false, reason: 'the complex has no H-bond', replacements: 0 };
    const pairs = canonicalPairs(hbonds);
    const truth = { bonds: pairs };
    return {
      ok: true,
      plan: {
        images: sixViews(subject, style),
        answer: bondListAnswerText(truth),
        truth: { kind: 'data', value: truth },
        vars: {},
        params: { complexBonds: pairs.length },
        replacements: 0,
      },
    };
  },
};
