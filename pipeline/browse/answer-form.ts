// How the human page takes the answer to a question: the control of its task's answer kind
// (qa/answer-kinds.ts, TaskModule.answer), so a task written outside the package gets the
// control of its kind. A form says nothing of the answer itself (a person sees what the
// question text already says: how many commands, of which verb).

import { CommandsTruthSchema, parseTruth } from '../../qa/answer-kinds.ts';
import { answerKindOf, taskById } from '../../qa/task-registry.ts';
import type { QaRecord } from '../dataset/question-record.ts';

export type AnswerForm =
  /** Letter buttons and keys. */
  | { kind: 'letter'; letters: string[] }
  /** `No`, or `Yes: <bonds>` (a verdict with bonds: residue_ligand's). */
  | { kind: 'verdict' }
  /** A bond list with residue numbers and chains, or `none` (pocket_ligand's). */
  | { kind: 'bonds' }
  /** `Yes` or `No` (interaction_kind's). */
  | { kind: 'yesno' }
  /** A residue list with numbers and chains, or `none` (pocket_interactions'). */
  | { kind: 'residues' }
  /** `count` commands, of these verbs in order. */
  | { kind: 'commands'; verbs: string[] }
  /** Anything (a task whose answers are its own text). */
  | { kind: 'text' };

export function answerForm(r: QaRecord): AnswerForm {
  if (Array.isArray(r.options) && r.options.length) return { kind: 'letter', letters: r.options.map((o) => o.letter) };
  const task = taskById(r.task);
  const kind = task ? answerKindOf(task).name : 'text';
  if (kind === 'verdict' || kind === 'bonds' || kind === 'yesno' || kind === 'residues') return { kind };
  if (kind === 'commands') {
    const truth = parseTruth(CommandsTruthSchema, r.truth);
    if (truth) return { kind: 'commands', verbs: truth.commands.map((c) => c.kind) };
  }
  return { kind: 'text' };
}
