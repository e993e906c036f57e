// The paper's columns (Tr, Rot, Zoom, RL+, RL-, TR, RR, Dock, Loc, PL), as the tasks declare
// them (TaskModule.paperColumns, in the registry's order, which is the paper's), scored on a
// split, and the paper's average: the unweighted mean of the columns of the tasks it does not
// leave out (8 columns: residue_ligand counts twice, once per verdict; the human row of the
// paper's Table 1 gives 81.18). ../shared/docs/paper-results.md holds the paper's rows.
import type { AtomNameRule } from '../qa/scoring/equivalent-atoms.ts';
import { type QuestionRecord, scoreSplit } from '../qa/scoring/score-split.ts';
import { allTasks } from '../qa/task-registry.ts';

export interface PaperColumnSpec {
  /** As the paper heads it (`RL+`). */
  name: string;
  task: string;
  /** Which of the task's questions it scores, by answer text (all when absent). */
  takes?: (answer: string) => boolean;
  /** Those questions in words, for a column that `takes`. */
  describe?: string;
  /** Part of the paper's average (its task is not left out). */
  inAverage: boolean;
}

/** Every column the known tasks declare, in the paper's order. */
export function paperColumnSpecs(): PaperColumnSpec[] {
  return allTasks().flatMap((t) =>
    (t.paperColumns ?? []).map((c) => ({
      name: c.name,
      task: t.id,
      takes: c.takes,
      describe: c.describe,
      inAverage: t.leftOutOfPaperAverage !== true,
    })),
  );
}

type Figures = { composite: number | null; exact: number | null };

export interface PaperColumnScore {
  name: string;
  task: string;
  inAverage: boolean;
  /** Questions of the split in this column; 0 leaves the column empty (null figures). */
  questions: number;
  answered: number;
  /** Replies from which no answer of the task's form could be read. */
  unread: number;
  composite: number | null;
  exact: number | null;
  byAtomNames: Record<AtomNameRule, Figures>;
}

export interface PaperAverage {
  /** The columns averaged (those present with questions, of the tasks not left out). */
  columns: string[];
  composite: number | null;
  exact: number | null;
  byAtomNames: Record<AtomNameRule, Figures>;
}

export interface PaperScore {
  columns: PaperColumnScore[];
  average: PaperAverage;
}

const EMPTY: Figures = { composite: null, exact: null };

/** The paper's columns of the tasks present in `records`, each scored on its questions. */
export function scorePaperColumns(
  records: readonly QuestionRecord[],
  replies: ReadonlyMap<string, string>,
  atomNames: AtomNameRule,
): PaperScore {
  const present = new Set(records.map((r) => r.task));
  const columns = paperColumnSpecs()
    .filter((c) => present.has(c.task))
    .map((c): PaperColumnScore => {
      const mine = records.filter((r) => r.task === c.task && (c.takes?.(r.answer) ?? true));
      const head = { name: c.name, task: c.task, inAverage: c.inAverage, questions: mine.length };
      if (!mine.length) return { ...head, answered: 0, unread: 0, ...EMPTY, byAtomNames: { equivalent: EMPTY, asWritten: EMPTY } };
      const t = scoreSplit(mine, replies, { atomNames }).tasks[0];
      return { ...head, answered: t.answered, unread: t.unread, composite: t.composite, exact: t.exact, byAtomNames: t.byAtomNames };
    });
  return { columns, average: averageOfColumns(columns) };
}

function averageOfColumns(columns: PaperColumnScore[]): PaperAverage {
  const used = columns.filter((c) => c.inAverage && c.questions > 0);
  const mean = (of: (c: PaperColumnScore) => number | null) => {
    const v = used.map(of).filter((x): x is number => x !== null);
    return v.length ? v.reduce((a, b) => a + b, 0) / v.length : null;
  };
  const by = (rule: AtomNameRule) => ({
    composite: mean((c) => c.byAtomNames[rule].composite),
    exact: mean((c) => c.byAtomNames[rule].exact),
  });
  return {
    columns: used.map((c) => c.name),
    composite: mean((c) => c.composite),
    exact: mean((c) => c.exact),
    byAtomNames: { equivalent: by('equivalent'), asWritten: by('asWritten') },
  };
}

/**
 * The paper's average of a row given as figures by column name (as its tables print them):
 * the mean over the columns in the average that the row has. Null when it has none.
 */
export function paperAverageOf(row: Readonly<Record<string, number>>): number | null {
  const v = paperColumnSpecs()
    .filter((c) => c.inAverage && row[c.name] !== undefined)
    .map((c) => row[c.name]);
  return v.length ? v.reduce((a, b) => a + b, 0) / v.length : null;
}

/** The columns of the paper's average, by name, in order (for the texts that state it). */
export const paperAverageColumns = (): string[] =>
  paperColumnSpecs()
    .filter((c) => c.inAverage)
    .map((c) => c.name);

/** The columns left out of the paper's average, by name (TR, RR). */
export const paperLeftOutColumns = (): string[] =>
  paperColumnSpecs()
    .filter((c) => !c.inAverage)
    .map((c) => c.name);

/**
 * What the columns of a task the paper splits are, one phrase per such task:
 * `RL+ and RL-: residue_ligand's questions, those whose truth is a bond and those whose truth is No`.
 */
export function splitColumnsText(): string[] {
  const byTask = new Map<string, PaperColumnSpec[]>();
  for (const c of paperColumnSpecs()) byTask.set(c.task, [...(byTask.get(c.task) ?? []), c]);
  return [...byTask]
    .filter(([, cols]) => cols.length > 1)
    .map(
      ([task, cols]) =>
        `${cols.map((c) => c.name).join(' and ')}: ${task}'s questions, ${cols.map((c) => c.describe ?? 'all').join(' and ')}`,
    );
}
