// Which questions a human session asks: per task, `n` drawn by a seeded shuffle (as before),
// capped to what the split has, and no question that gives another's answer away. The one
// case: a question that names a hydrogen bond of its complex (a task that declares
// namesABond, as interaction_location: "the bond between atom OE2 of residue GLU 143 and
// ligand atom O10") beside one whose answer such a bond may give (answeredByABond: by default
// an answer that holds bonds, kind verdict or bonds, as residue_ligand's and pocket_ligand's;
// interaction_kind declares it): the bond is part of the one's answer, or answers it
// (bondsMayGiveAway, qa/task-registry.ts). So a complex that gave the session an
// interaction_location question gives it no residue_ligand or pocket_ligand question, and the other way round: the tasks draw in
// turns, a question each, and a task passes over a complex taken by one it excludes and draws
// further down its shuffle. (The residue is not matched: the bond's and the
// residue_ligand question's residue are written in different forms, and a whole complex costs
// a split of hundreds little.) residue_ligand and pocket_ligand questions of one complex give
// nothing away to each other (a question names a residue, not a bond; its negatives are
// matched), nor do the geometry tasks' questions.
import seedrandom from 'seedrandom';
import { shuffled } from '../../qa/random.ts';
import { bondsMayGiveAway, taskById } from '../../qa/task-registry.ts';
import type { QaRecord } from '../dataset/question-record.ts';

/** Whether questions of tasks `a` and `b` on one complex may not share a session (a task not known here gives nothing away). */
export function givesAway(a: string, b: string): boolean {
  const ta = taskById(a);
  const tb = taskById(b);
  return ta !== undefined && tb !== undefined && bondsMayGiveAway(ta, tb);
}

export interface TaskDraw {
  task: string;
  chosen: QaRecord[];
  /** Questions of the task in the split. */
  available: number;
  /** Questions passed over because another chosen question of their complex would give an answer away. */
  passedOver: number;
}

/**
 * Draws up to `n` questions of each task; `records(task)` gives a task's questions in the
 * split. The tasks draw in turns, one question each per round, so that where complexes are
 * few the tasks that exclude each other share them instead of the first taking them all.
 */
export function drawQuestions(tasks: string[], records: (task: string) => QaRecord[], n: number, seed: number): TaskDraw[] {
  /** complex -> tasks already asked of it. */
  const asked = new Map<string, Set<string>>();
  const draws = tasks.map((task) => {
    const all = records(task);
    return {
      task,
      chosen: [] as QaRecord[],
      available: all.length,
      passedOver: 0,
      queue: shuffled(seedrandom(`human:${seed}:${task}`), all),
      next: 0,
    };
  });
  for (let open = true; open; ) {
    open = false;
    for (const d of draws) {
      while (d.chosen.length < n && d.next < d.queue.length) {
        const r = d.queue[d.next++];
        const before = asked.get(r.complex) ?? new Set<string>();
        if ([...before].some((t) => givesAway(t, d.task))) {
          d.passedOver++;
          continue;
        }
        d.chosen.push(r);
        asked.set(r.complex, before.add(d.task));
        open = true;
        break;
      }
    }
  }
  return draws.map(({ task, chosen, available, passedOver }) => ({ task, chosen, available, passedOver }));
}
