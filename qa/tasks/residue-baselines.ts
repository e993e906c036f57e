// residue_ligand's (and interaction_kind's) own partial-input baselines for the shortcut audit (`misi-gen audit`,
// pipeline/audit/audit-dataset.ts runs whatever a task declares): the verdict from the
// residue's least heavy-atom distance to the ligand alone (a threshold fitted on train: Yes
// below it), and from the residue's name alone (the verdict most frequent for that name on
// train). Both read what the record's meta.params says of the question (residue `ASP B:30`,
// minDistance); a record without them is left out of these two. Scored on the verdict alone
// (Yes or No right), chance one half.
import { readReplyResidueVerdict, readTruthResidueVerdict } from '../scoring/read-bonds.ts';
import type { AuditQuestion, AuditScore, TaskBaseline } from '../task.ts';

export interface ResidueFacts {
  name: string;
  distance: number;
  yes: boolean;
}

export function residueFacts(q: AuditQuestion): ResidueFacts | null {
  const residue = q.params.residue;
  const distance = q.params.minDistance;
  if (typeof residue !== 'string' || typeof distance !== 'number') return null;
  return { name: residue.split(' ')[0], distance, yes: /^\s*yes/i.test(q.answer) };
}

/** The threshold that gets the most train verdicts right with "Yes below it" (midpoints between distances). */
export function fitDistanceThreshold(train: readonly { distance: number; yes: boolean }[]): number {
  const sorted = [...train].sort((a, b) => a.distance - b.distance);
  const yesTotal = sorted.filter((f) => f.yes).length;
  // Threshold below every distance: all No, right for every No.
  let right = sorted.length - yesTotal;
  let best = { right, threshold: (sorted[0]?.distance ?? 0) - 1 };
  for (let i = 0; i < sorted.length; i++) {
    right += sorted[i].yes ? 1 : -1;
    if (i + 1 < sorted.length && sorted[i + 1].distance === sorted[i].distance) continue;
    const threshold = i + 1 < sorted.length ? (sorted[i].distance + sorted[i + 1].distance) / 2 : sorted[i].distance + 1;
    if (right > best.right) best = { right, threshold };
  }
  return best.threshold;
}

/** The verdict most frequent per residue name on train (ties: `no`, first in sorted order); unknown names take the most frequent overall. */
export function nameVerdicts(train: readonly ResidueFacts[]): (name: string) => 'yes' | 'no' | undefined {
  const counts = new Map<string, { yes: number; no: number }>();
  const all = { yes: 0, no: 0 };
  for (const f of train) {
    const c = counts.get(f.name) ?? { yes: 0, no: 0 };
    counts.set(f.name, c);
    c[f.yes ? 'yes' : 'no']++;
    all[f.yes ? 'yes' : 'no']++;
  }
  const most = (c: { yes: number; no: number }) => (c.yes > c.no ? 'yes' : 'no');
  return (name) => {
    const c = counts.get(name);
    if (c) return most(c);
    return train.length ? most(all) : undefined;
  };
}

/** A baseline that fits on the facts of the train questions that have them. */
function factBaseline(
  name: string,
  label: string,
  describe: string,
  fitted: (facts: ResidueFacts[]) => ((f: ResidueFacts) => string | undefined) | null,
): TaskBaseline {
  return {
    name,
    label,
    describe,
    fit() {
      const facts: ResidueFacts[] = [];
      return {
        add: (q) => {
          const f = residueFacts(q);
          if (f) facts.push(f);
        },
        guesser: () => {
          const guess = facts.length ? fitted(facts) : null;
          if (!guess) return null;
          return (q) => {
            const f = residueFacts(q);
            return f ? guess(f) : undefined;
          };
        },
      };
    },
  };
}

/** The two baselines of a task asking whether one residue makes something with the ligand
 * (`task` names it in their descriptions): residue_ligand, interaction_kind. */
export function residueBaselines(task: string): readonly TaskBaseline[] {
  return [
    factBaseline(
      'distance',
      'residue-ligand distance only',
      `${task}: Yes when the least residue-ligand heavy-atom distance is under a threshold fitted on train`,
      (facts) => {
        const threshold = fitDistanceThreshold(facts);
        return (f) => (f.distance < threshold ? 'Yes' : 'No');
      },
    ),
    factBaseline('residueName', 'residue name only', `${task}: the verdict most frequent on train for the residue's name`, (facts) => {
      const verdict = nameVerdicts(facts);
      return (f) => (verdict(f.name) === 'yes' ? 'Yes' : 'No');
    }),
  ];
}

export const RESIDUE_BASELINES: readonly TaskBaseline[] = residueBaselines('residue_ligand');

/** The audit scores residue_ligand's baselines on the verdict alone: the bonds a blind baseline could never name. */
export const VERDICT_AUDIT_SCORE: AuditScore = {
  metric: 'verdict (Yes or No right)',
  chance: 0.5,
  prepare(answer) {
    const truth = readTruthResidueVerdict(answer).kind;
    return (reply) => Number(readReplyResidueVerdict(reply)?.kind === truth);
  },
};
