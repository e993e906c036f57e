// pocket_interactions (opt-in, past the paper's nine; cloze, 6 images: the six views of the
// whole complex, as pocket_ligand draws them). For one kind of interaction (salt bridge,
// pi-stacking, cation-pi, hydrophobic contact) the complex has: every pocket residue that makes
// one with the ligand, as `ASP 189 A; TRP 215 A` (residue name, number with its insertion
// letter, chain or `_`), sorted by chain, number, insertion letter. One question per kind the
// complex has. Scored as pocket_ligand is: the F1 of the residue set, exact when the sets are
// the same.
//
// Its answer is of kind `residues` (qa/answer-kinds.ts: truth {kind, residues}); its audit
// baselines (residue name only, distance only) are in pocket-interaction-baselines.ts, reading
// the pocket's residues and distances the records' params carry. The complex's interactions:
// structures/interactions/, cached per complex by interaction-kind.ts.
import type { InteractionKind } from '../../structures/interactions/find-interactions.ts';
import { INTERACTION_RULES_VERSION } from '../../structures/interactions/rules-version.ts';
import type { Complex } from '../../structures/model.ts';
import { type ResidueListTruth, residueListAnswer, residueListAnswerText, residueText, type TruthResidue } from '../answer-kinds.ts';
import { readReplyResidues, readTruthResidues } from '../scoring/read-residues.ts';
import type { TaskScorer } from '../scoring/task-scorers.ts';
import { sixViews } from '../six-views.ts';
import { type TaskModule, WHOLE_POCKET_IMAGE_SIZE } from '../task.ts';
import { interactionsOf, KIND_WORDS } from './interaction-kind.ts';
import { POCKET_INTERACTION_BASELINES, pocketCandidates } from './pocket-interaction-baselines.ts';

export const POCKET_INTERACTIONS = 'pocket_interactions';

/** The kinds asked, in question order (H-bonds are pocket_ligand's). */
export const LISTED_KINDS: readonly InteractionKind[] = ['salt-bridge', 'pi-stacking', 'cation-pi', 'hydrophobic'];

export const pocketInteractionsScorer: TaskScorer = {
  metric: 'composite',
  definition: 'F1 of the residues named against the true ones (order free); exact when the two sets are the same',
  prepare(record) {
    const truth = readTruthResidues(record.answer);
    if (!truth.size) throw new Error(`expected residues as 'NAME NUMBER CHAIN; ...', found '${record.answer}'`);
    return (reply) => {
      const got = readReplyResidues(reply);
      const hit = [...got].filter((r) => truth.has(r)).length;
      const f1 = got.size ? (2 * hit) / (got.size + truth.size) : 0;
      const exact = hit === truth.size && got.size === truth.size;
      return { score: f1, exact, read: got.size > 0 };
    };
  },
};

/** The complex's residues of each listed kind it has, in LISTED_KINDS order. */
function listsOf(complex: Complex): { kind: InteractionKind; residues: TruthResidue[] }[] {
  const out: { kind: InteractionKind; residues: TruthResidue[] }[] = [];
  const all = interactionsOf(complex);
  for (const kind of LISTED_KINDS) {
    const seen = new Map<string, TruthResidue>();
    for (const i of all.filter((x) => x.kind === kind)) {
      const r = {
        chain: i.pocket.chain,
        number: i.pocket.residueNumber,
        insertionCode: i.pocket.insertionCode,
        name: i.pocket.residueName,
      };
      seen.set(residueText(r), r);
    }
    const residues = [...seen.values()].sort(
      (a, b) => a.chain.localeCompare(b.chain) || a.number - b.number || a.insertionCode.localeCompare(b.insertionCode),
    );
    // A kind whose residues are those of a kind already asked would ask the same pictures for the same answer.
    const same = (l: TruthResidue[]) => l.length === residues.length && l.every((r, k) => residueText(r) === residueText(residues[k]));
    if (residues.length && !out.some((o) => same(o.residues))) out.push({ kind, residues });
  }
  return out;
}

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
  answer: residueListAnswer,
  rules: { interactions: INTERACTION_RULES_VERSION },
  summary:
    'list the pocket residues making one named kind of interaction (salt bridge, pi-stacking, cation-pi, hydrophobic contact) with the ligand',
  // Whole-pocket answers, as pocket_ligand's: >= 90 % of the residue labels they name readable in at least four of six views.
  legibilityTarget: { views: 'four', min: 0.9 },
  baselines: POCKET_INTERACTION_BASELINES,
  // Naming residues blind is near hopeless: the random baseline names none.
  randomGuess: () => 'none',
  questionCount: (c, _split, requested) => Math.min(requested, listsOf(c.complex).length),
  plan({ index, subject, style }) {
    const lists = listsOf(subject.complex);
    const q = lists[index];
    if (!q) return { ok: false, reason: `the complex has ${lists.length} of the listed kinds`, replacements: 0 };
    const truth: ResidueListTruth = { kind: q.kind, residues: q.residues };
    return {
      ok: true,
      plan: {
        images: sixViews(subject, style),
        answer: residueListAnswerText(truth),
        truth: { kind: 'data', value: truth },
        vars: { kind: KIND_WORDS[q.kind]! },
        // The pocket's residues with their distances to the ligand: what the audit's partial-input baselines see.
        params: { kind: q.kind, residues: q.residues.length, pocket: pocketCandidates(subject.complex) },
        replacements: 0,
      },
    };
  },
};
