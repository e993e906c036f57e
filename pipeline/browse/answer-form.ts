// How the human page takes the answer to a question: the control that fits its task's
// answer, decided from the task's scorer and the record. A form says nothing of the answer
// itself (a person sees what the question text already says: how many commands, of which verb).

import { readTruthCommands } from '../../qa/scoring/read-commands.ts';
import { pocketLigandScorer, residueLigandScorer } from '../../qa/scoring/task-scorers.ts';
import { scorerOf, taskById } from '../../qa/task-registry.ts';
import type { QaRecord } from '../dataset/question-record.ts';

export type AnswerForm =
  /** Letter buttons and keys. */
  | { kind: 'letter'; letters: string[] }
  /** `No`, or `Yes: <bonds>` (residue_ligand). */
  | { kind: 'residue' }
  /** A pocket-ligand bond list, or `none`. */
  | { kind: 'bonds' }
  /** `count` commands, of these verbs in order. */
  | { kind: 'commands'; verbs: string[] }
  /** Anything (a task whose answers have none of the forms above). */
  | { kind: 'text' };

export function answerForm(r: QaRecord): AnswerForm {
  if (Array.isArray(r.options) && r.options.length) return { kind: 'letter', letters: r.options.map((o) => o.letter) };
  const task = taskById(r.task);
  const scorer = task ? scorerOf(task) : undefined;
  if (scorer === residueLigandScorer) return { kind: 'residue' };
  if (scorer === pocketLigandScorer) return { kind: 'bonds' };
  try {
    const commands = readTruthCommands(r.answer);
    if (commands.length) return { kind: 'commands', verbs: commands.map((c) => c.kind) };
  } catch {
    // not commands
  }
  return { kind: 'text' };
}
