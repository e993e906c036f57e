// pocket_interactions' own partial-input baselines for the shortcut audit (`misi-gen audit`
// runs whatever a task declares): the list from the residues' names alone, or from their
// distances to the ligand alone. Each sees the question's kind and the pocket's residues
// with their least heavy-atom distance to the ligand (the record's meta.params `kind` and
// `pocket`, written by the task for them), never the pictures. Fitted on train per kind:
// `residueName` lists the residues whose name, for that kind, is in more than half of the
// train lists it could be in; `distance` lists those nearer than the threshold that gets the
// most train residues right (residue_ligand's, qa/tasks/residue-baselines.ts). Scored by the
// task's scorer (F1 of the residues).
import type { Complex } from '../../structures/model.ts';
import { residueText } from '../answer-kinds.ts';
import { z } from '../record-problems.ts';
import { residueLigandDistance } from '../residue-questions.ts';
import { readTruthResidues } from '../scoring/read-residues.ts';
import type { AuditQuestion, TaskBaseline } from '../task.ts';
import { fitDistanceThreshold } from './residue-baselines.ts';

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

interface Facts {
  kind: string;
  residues: { residue: string; name: string; distance: number; yes: boolean }[];
}

function factsOf(q: AuditQuestion): Facts | null {
  const p = ParamsSchema.safeParse(q.params);
  if (!p.success) return null;
  let truth: Set<string>;
  try {
    truth = readTruthResidues(q.answer);
  } catch {
    return null;
  }
  return {
    kind: p.data.kind,
    residues: p.data.pocket.map((c) => ({ ...c, name: c.residue.split(' ')[0], yes: truth.has(c.residue.toUpperCase()) })),
  };
}

const listed = (names: string[]) => (names.length ? names.join('; ') : 'none');

/** A baseline fitted per kind on the residues of the train questions of that kind. */
function pocketBaseline(
  name: string,
  label: string,
  describe: string,
  fitted: (train: Facts['residues']) => (r: Facts['residues'][number]) => boolean,
): TaskBaseline {
  return {
    name,
    label,
    describe,
    fit() {
      const byKind = new Map<string, Facts['residues']>();
      return {
        add(q) {
          const f = factsOf(q);
          if (f) byKind.set(f.kind, [...(byKind.get(f.kind) ?? []), ...f.residues]);
        },
        guesser() {
          if (!byKind.size) return null;
          const rules = new Map([...byKind].map(([kind, train]) => [kind, fitted(train)]));
          return (q) => {
            const f = factsOf(q);
            const rule = f && rules.get(f.kind);
            return rule ? listed(f.residues.filter(rule).map((r) => r.residue)) : undefined;
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
    "pocket_interactions: the pocket's residues whose name, for the kind asked, was listed more often than not on train",
    (train) => {
      const counts = new Map<string, { yes: number; all: number }>();
      for (const r of train) {
        const c = counts.get(r.name) ?? { yes: 0, all: 0 };
        counts.set(r.name, { yes: c.yes + Number(r.yes), all: c.all + 1 });
      }
      return (r) => {
        const c = counts.get(r.name);
        return c !== undefined && c.yes * 2 > c.all;
      };
    },
  ),
  pocketBaseline(
    'distance',
    'residue-ligand distance only',
    "pocket_interactions: the pocket's residues nearer the ligand than a threshold fitted on train for the kind asked",
    (train) => {
      const threshold = fitDistanceThreshold(train);
      return (r) => r.distance < threshold;
    },
  ),
];
