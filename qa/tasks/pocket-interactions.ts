// pocket_interactions (opt-in, past the paper's nine; cloze, 6 images: the six views of the
// whole complex, as pocket_ligand draws them). For one kind of interaction (salt bridge,
// pi-stacking, cation-pi, hydrophobic contact) the complex has: every pocket residue that makes
// one with the ligand, as `ASP 189 A; TRP 215 A` (residue name, number with its insertion
// letter, chain or `_`), sorted by chain, number, insertion letter. One question per kind the
// complex has. Scored as pocket_ligand is: the F1 of the residue set, exact when the sets are
// the same.
//
// Needs from the task contract: the complex's interactions (structures/interactions/, cached per
// complex by interaction-kind.ts), the whole-pocket image size and labels of pocket_ligand, a
// scorer of its own (below).
import type { InteractionKind } from '../../structures/interactions/find-interactions.ts';
import type { TaskScorer } from '../scoring/task-scorers.ts';
import { sixViews } from '../six-views.ts';
import { type TaskModule, WHOLE_POCKET_IMAGE_SIZE } from '../task.ts';
import { interactionsOf, KIND_WORDS } from './interaction-kind.ts';

export const POCKET_INTERACTIONS = 'pocket_interactions';

/** The kinds asked, in question order (H-bonds are pocket_ligand's). */
export const LISTED_KINDS: readonly InteractionKind[] = ['salt-bridge', 'pi-stacking', 'cation-pi', 'hydrophobic'];

interface Listed {
  chain: string;
  name: string;
  number: number;
  insertionCode: string;
}
const text = (r: Listed) => `${r.name} ${r.number}${r.insertionCode} ${r.chain || '_'}`;
const RESIDUE = /([A-Z0-9]{1,3}) (-?\d+)([A-Za-z]?) (\S+)/g;

/** The residues a reply or an answer names, as a set of `NAME NUMBER CHAIN` texts. */
function readResidues(s: string): Set<string> {
  return new Set([...s.toUpperCase().matchAll(RESIDUE)].map((m) => `${m[1]} ${m[2]}${m[3]} ${m[4].replace(/[;,.]$/, '')}`));
}

export const pocketInteractionsScorer: TaskScorer = {
  metric: 'composite',
  definition: 'F1 of the residues named against the true ones (order free); exact when the two sets are the same',
  prepare(record) {
    const truth = readResidues(record.answer);
    if (!truth.size) throw new Error(`expected residues as 'NAME NUMBER CHAIN; ...', found '${record.answer}'`);
    return (reply) => {
      const got = readResidues(reply);
      const hit = [...got].filter((r) => truth.has(r)).length;
      const f1 = got.size ? (2 * hit) / (got.size + truth.size) : 0;
      const exact = hit === truth.size && got.size === truth.size;
      return { score: f1, exact, read: got.size > 0 };
    };
  },
};

/** The complex's residues of each listed kind it has, in LISTED_KINDS order. */
function listsOf(complex: Parameters<typeof interactionsOf>[0]): { kind: InteractionKind; residues: Listed[] }[] {
  const out: { kind: InteractionKind; residues: Listed[] }[] = [];
  const all = interactionsOf(complex);
  for (const kind of LISTED_KINDS) {
    const seen = new Map<string, Listed>();
    for (const i of all.filter((x) => x.kind === kind)) {
      const r = {
        chain: i.pocket.chain,
        name: i.pocket.residueName,
        number: i.pocket.residueNumber,
        insertionCode: i.pocket.insertionCode,
      };
      seen.set(text(r), r);
    }
    const residues = [...seen.values()].sort(
      (a, b) => a.chain.localeCompare(b.chain) || a.number - b.number || a.insertionCode.localeCompare(b.insertionCode),
    );
    // A kind whose residues are those of a kind already asked would ask the same pictures for the same answer.
    const same = (l: Listed[]) => l.length === residues.length && l.every((r, k) => text(r) === text(residues[k]));
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
  // Naming residues blind is near hopeless: the random baseline names none.
  randomGuess: () => 'none',
  questionCount: (c, _split, requested) => Math.min(requested, listsOf(c.complex).length),
  plan({ index, subject, style }) {
    const lists = listsOf(subject.complex);
    const q = lists[index];
    if (!q) return { ok: false, reason: `the complex has ${lists.length} of the listed kinds`, replacements: 0 };
    return {
      ok: true,
      plan: {
        images: sixViews(subject, style),
        answer: q.residues.map(text).join('; '),
        truth: { kind: 'data', value: { kind: q.kind, residues: q.residues } },
        vars: { kind: KIND_WORDS[q.kind]! },
        params: { kind: q.kind, residues: q.residues.length },
        replacements: 0,
      },
    };
  },
};
