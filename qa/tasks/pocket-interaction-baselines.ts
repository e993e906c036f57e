// pocket_interactions' own partial-input baselines for the shortcut audit (`misi-gen audit`
// runs whatever a task declares): the list from the residues' names alone, or from their
// distances to the ligand alone. Each sees the question's kind and the pocket's residues
// with their least heavy-atom distance to the ligand (the record's meta.params `kind` and
// `pocket`, written by the task for them), never the pictures. Fitted on train per kind:
// `residueName` ranks a residue by the share of the train residues of its name that were
// listed, `distance` by its nearness; each lists the residues ranked at or over the cut that
// gives the best mean F1 over that kind's train questions. Scored by the task's scorer (F1 of
// the residues).
import type { Complex } from '../../structures/model.ts';
import { residueText } from '../answer-kinds.ts';
import { z } from '../record-problems.ts';
import { residueLigandDistance } from '../residue-questions.ts';
import { readTruthResidues } from '../scoring/read-residues.ts';
import type { AuditQuestion, TaskBaseline } from '../task.ts';

/** A pocket residue as the baselines see it: `ASP 189 A` and its least heavy-atom distance to the ligand, Å (2 decimals). */
export interface PocketCandidate {
  residue: string;
  distance: number;
}

/** The complex's pocket residues (hetero groups left out), nearest first. */
export function pocketCandidates(complex: Complex): PocketCandidate[] {
  return complex.pocket
    .filter((r) => !r.hetero)
    .map((r) => ({
      residue: residueText({ chain: r.chain, number: r.number, insertionCode: r.insertionCode, name: r.name }),
      distance: Math.round(residueLigandDistance(complex, r) * 100) / 100,
    }))
    .sort((a, b) => a.distance - b.distance || (a.residue < b.residue ? -1 : 1));
}

const ParamsSchema = z.object({
  kind: z.string(),
  pocket: z.array(z.object({ residue: z.string(), distance: z.number() })),
});

interface Candidate {
  residue: string;
  name: string;
  distance: number;
  yes: boolean;
}
interface Facts {
  kind: string;
  residues: Candidate[];
}

function factsOf(q: AuditQuestion): Facts | null {
  const p = ParamsSchema.safeParse(q.params);
  if (!p.success) return null;
  let truth: Set<string>;
  try {
    truth = readTruthResidues(q.answer);
  } catch {
    // An answer that is no residue list: this question is left out of the baselines (verify names the record).
    return null;
  }
  return {
    kind: p.data.kind,
    residues: p.data.pocket.map((c) => ({ ...c, name: c.residue.split(' ')[0], yes: truth.has(c.residue.toUpperCase()) })),
  };
}

/** The F1 of listing the residues whose rank is at least `cut`, against the question's list. */
function f1(q: Candidate[], rank: (r: Candidate) => number, cut: number): number {
  const got = q.filter((r) => rank(r) >= cut);
  const truth = q.filter((r) => r.yes).length;
  const hit = got.filter((r) => r.yes).length;
  return got.length + truth ? (2 * hit) / (got.length + truth) : 1;
}

/** A baseline that ranks a kind's residues by what it sees (fitted on the train questions of
 * that kind) and lists those at or over the cut that gives the best mean F1 on them. */
function pocketBaseline(
  name: string,
  label: string,
  describe: string,
  ranker: (train: readonly Candidate[]) => (r: Candidate) => number,
): TaskBaseline {
  return {
    name,
    label,
    describe,
    fit() {
      const byKind = new Map<string, Candidate[][]>();
      return {
        add(q) {
          const f = factsOf(q);
          if (f) byKind.set(f.kind, [...(byKind.get(f.kind) ?? []), f.residues]);
        },
        guesser() {
          if (!byKind.size) return null;
          const rules = new Map(
            [...byKind].map(([kind, questions]) => {
              const rank = ranker(questions.flat());
              const cuts = [...new Set(questions.flat().map(rank))];
              const mean = (cut: number) => questions.reduce((sum, q) => sum + f1(q, rank, cut), 0) / questions.length;
              const cut = cuts.reduce((best, c) => (mean(c) > mean(best) ? c : best), Number.POSITIVE_INFINITY);
              return [kind, (r: Candidate) => rank(r) >= cut] as const;
            }),
          );
          return (q) => {
            const f = factsOf(q);
            const rule = f && rules.get(f.kind);
            if (!rule) return undefined;
            const names = f.residues.filter(rule).map((r) => r.residue);
            return names.length ? names.join('; ') : 'none';
          };
        },
      };
    },
  };
}

export const POCKET_INTERACTION_BASELINES: readonly TaskBaseline[] = [
  pocketBaseline(
    'residueName',
    'residue name only',
    "pocket_interactions: the pocket's residues whose name was listed most often on train for the kind asked (the share cut fitted on train)",
    (train) => {
      const counts = new Map<string, { yes: number; all: number }>();
      for (const r of train) {
        const c = counts.get(r.name) ?? { yes: 0, all: 0 };
        counts.set(r.name, { yes: c.yes + Number(r.yes), all: c.all + 1 });
      }
      return (r) => {
        const c = counts.get(r.name);
        return c ? c.yes / c.all : 0;
      };
    },
  ),
  pocketBaseline(
    'distance',
    'residue-ligand distance only',
    "pocket_interactions: the pocket's residues nearer the ligand than a threshold fitted on train for the kind asked",
    () => (r) => -r.distance,
  ),
];
