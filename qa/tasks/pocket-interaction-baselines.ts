// pocket_interactions' own partial-input baselines for the shortcut audit (`misi-gen audit`
// runs whatever a task declares): which candidates make the kind asked, from each candidate's
// residue name alone or from its least heavy-atom distance to the ligand alone. Each sees the
// question's kind and its candidates with their distances (the record's meta.params `kind`
// and `candidates`, written by the task for them), never the pictures. Fitted on the train
// candidates of the kind asked (all kinds' when the kind has no train question), as
// interaction_kind's are on its residues (residue-baselines.ts): `residueName` names a
// candidate when most train candidates of its name made the kind, `distance` when it is
// nearer than the threshold that sorts the most train candidates right. Scored as the task
// scores (the share of the candidates rightly in or out; chance one half). Since each
// candidate making the kind comes with one of the same name at nearly the same distance that
// does not, both should stay at chance.

import { residueText } from '../answer-kinds.ts';
import { z } from '../record-problems.ts';
import { readTruthResidues } from '../scoring/read-residues.ts';
import type { AuditQuestion, TaskBaseline } from '../task.ts';
import { fitDistanceThreshold, nameVerdicts, type ResidueFacts } from './residue-baselines.ts';

/** A candidate as the record's params hold it: the residue and its least heavy-atom distance to the ligand, Å (2 decimals). */
export const CandidateParams = z.array(
  z.object({ chain: z.string(), number: z.number().int(), insertionCode: z.string(), name: z.string(), distance: z.number() }),
);
export type CandidateParam = z.infer<typeof CandidateParams>[number];

/** A candidate as the baselines see it: its residue as the answer names it, with the facts residue_ligand's baselines read. */
interface Seen extends ResidueFacts {
  residue: string;
}
interface Facts {
  kind: string;
  candidates: Seen[];
}

function factsOf(q: AuditQuestion): Facts | null {
  const candidates = CandidateParams.safeParse(q.params.candidates);
  if (!candidates.success || typeof q.params.kind !== 'string') return null;
  let truth: Set<string>;
  try {
    truth = readTruthResidues(q.answer);
  } catch {
    // An answer that is no residue list: this question is left out of the baselines (verify names the record).
    return null;
  }
  return {
    kind: q.params.kind,
    candidates: candidates.data.map((c) => {
      const residue = residueText(c);
      return { residue, name: c.name, distance: c.distance, yes: truth.has(residue.toUpperCase()) };
    }),
  };
}

/** A baseline that decides each candidate from what it sees, by a rule fitted on the train candidates of the kind asked. */
function candidateBaseline(
  name: string,
  label: string,
  describe: string,
  rule: (train: readonly Seen[]) => (c: Seen) => boolean | undefined,
): TaskBaseline {
  return {
    name,
    label,
    describe,
    fit() {
      const byKind = new Map<string, Seen[]>();
      return {
        add(q) {
          const f = factsOf(q);
          if (f) byKind.set(f.kind, [...(byKind.get(f.kind) ?? []), ...f.candidates]);
        },
        guesser() {
          if (!byKind.size) return null;
          const rules = new Map([...byKind].map(([kind, train]) => [kind, rule(train)]));
          const anyKind = rule([...byKind.values()].flat());
          return (q) => {
            const f = factsOf(q);
            if (!f) return undefined;
            const decide = rules.get(f.kind) ?? anyKind;
            const named = f.candidates.filter((c) => decide(c) === true).map((c) => c.residue);
            return named.length ? named.join('; ') : 'none';
          };
        },
      };
    },
  };
}

export const POCKET_INTERACTION_BASELINES: readonly TaskBaseline[] = [
  candidateBaseline(
    'residueName',
    'residue name only',
    'pocket_interactions: the candidates whose residue name made the kind asked for most train candidates of that name',
    (train) => {
      const verdict = nameVerdicts(train);
      return (c) => verdict(c.name) === 'yes';
    },
  ),
  candidateBaseline(
    'distance',
    'residue-ligand distance only',
    'pocket_interactions: the candidates nearer the ligand than a threshold fitted on the train candidates of the kind asked',
    (train) => {
      const threshold = fitDistanceThreshold(train);
      return (c) => c.distance < threshold;
    },
  ),
  // Not one residue at a time: within the question, of each name's candidates the nearer half
  // (those making K are paired with one of their name at nearly their distance; were the one
  // making K the nearer as a rule, this would find it).
  {
    name: 'nearerOfName',
    label: 'nearer of same name',
    describe: "pocket_interactions: of each residue name's candidates in the question, the nearer half (nothing fitted)",
    fit() {
      return {
        add() {},
        guesser: () => (q) => {
          const f = factsOf(q);
          if (!f) return undefined;
          const named: string[] = [];
          for (const name of new Set(f.candidates.map((c) => c.name))) {
            const same = f.candidates.filter((c) => c.name === name).sort((a, b) => a.distance - b.distance);
            named.push(...same.slice(0, Math.floor(same.length / 2)).map((c) => c.residue));
          }
          return named.length ? named.join('; ') : 'none';
        },
      };
    },
  },
];
