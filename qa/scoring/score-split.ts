// Scoring a whole split: every question of the dataset against the reply given for its id.
// A question without a reply scores 0 and is counted as missing; a reply whose id is not a
// question of the split is reported as unknown. Scores are reported as percentages. Each
// task's scorer is its module's (qa/task-registry.ts knows every task, added ones too).
// Every figure is given by both atom-name rules (equivalent-atoms.ts): residue atom names no
// image can tell apart as one, and as written (the paper's); `composite` and `exact` are
// those of the headline rule, the equivalent one unless asked otherwise.
import { KnownError } from '../../structures/known-error.ts';
import { allTasks, scorerOf, taskById, taskIds } from '../task-registry.ts';
import type { AtomNameRule } from './equivalent-atoms.ts';

export interface QuestionRecord {
  id: string;
  task: string;
  answer: string;
  options?: Record<string, string>;
  /** Where the record came from (`qa/rotation.test.jsonl:12`), for error messages. */
  source?: string;
}

/** A record the scorer cannot use: unknown task or an answer out of the task's format. */
export class DatasetRecordError extends KnownError {}

export interface TaskResult {
  task: string;
  metric: 'composite' | 'exact match';
  definition: string;
  questions: number;
  /** Questions with a reply in the predictions. */
  answered: number;
  /** Questions without a reply (each scores 0). */
  missing: number;
  /** Replies from which no answer of the task's form could be read (each scores 0). */
  unread: number;
  /** Mean composite score, percent, by the headline atom-name rule. */
  composite: number;
  /** Exact-match accuracy, percent, by the headline atom-name rule. */
  exact: number;
  /** Whether the task's scorer counts equivalent atom names as one (else both rules agree). */
  equivalentAtomNames: boolean;
  /** Composite and exact by each atom-name rule (one of them is the headline's). */
  byAtomNames: Record<AtomNameRule, { composite: number; exact: number }>;
}

export interface TaskAverage {
  tasks: string[];
  /** Unweighted mean over `tasks` of their composite scores, percent (null with no tasks). */
  composite: number | null;
  exact: number | null;
  /** The same means by each atom-name rule. */
  byAtomNames: Record<AtomNameRule, { composite: number | null; exact: number | null }>;
}

export interface SplitScore {
  /** The atom-name rule of every `composite` and `exact` (both rules: `byAtomNames`). */
  atomNames: AtomNameRule;
  tasks: TaskResult[];
  /** As the paper: without translation_rotation and rotation_rotation. */
  average: TaskAverage;
  /** Over every task present. */
  averageAllTasks: TaskAverage;
  questions: number;
  missing: number;
  /** Reply ids that name no question of the split, sorted. */
  unknownIds: string[];
}

const percent = (sum: number, n: number) => (n === 0 ? 0 : (100 * sum) / n);

function averageOf(results: TaskResult[]): TaskAverage {
  const n = results.length;
  const mean = (of: (r: TaskResult) => number) => (n ? results.reduce((s, r) => s + of(r), 0) / n : null);
  const by = (rule: AtomNameRule) => ({
    composite: mean((r) => r.byAtomNames[rule].composite),
    exact: mean((r) => r.byAtomNames[rule].exact),
  });
  return {
    tasks: results.map((r) => r.task),
    composite: mean((r) => r.composite),
    exact: mean((r) => r.exact),
    byAtomNames: { equivalent: by('equivalent'), asWritten: by('asWritten') },
  };
}

export interface ScoreOptions {
  /** The atom-name rule of the headline `composite` and `exact` (default: equivalent). */
  atomNames?: AtomNameRule;
}

export function scoreSplit(
  records: readonly QuestionRecord[],
  replies: ReadonlyMap<string, string>,
  options: ScoreOptions = {},
): SplitScore {
  const atomNames = options.atomNames ?? 'equivalent';
  const sums = new Map<
    string,
    { questions: number; answered: number; unread: number; score: number; exact: number; writtenScore: number; writtenExact: number }
  >();
  const ids = new Set<string>();
  for (const record of records) {
    const where = record.source ? `${record.source}: ` : '';
    const task = taskById(record.task);
    if (!task)
      throw new DatasetRecordError(
        `${where}unknown task '${record.task}' (known: ${taskIds().join(', ')}; a task written outside the package is loaded with --task-module)`,
      );
    if (ids.has(record.id)) throw new DatasetRecordError(`${where}question id ${record.id} appears twice`);
    ids.add(record.id);
    let scoreReply;
    try {
      scoreReply = scorerOf(task).prepare(record);
    } catch (e) {
      throw new DatasetRecordError(`${where}question ${record.id}: answer ${(e as Error).message}`);
    }
    const s = sums.get(record.task) ?? { questions: 0, answered: 0, unread: 0, score: 0, exact: 0, writtenScore: 0, writtenExact: 0 };
    sums.set(record.task, s);
    s.questions++;
    const reply = replies.get(record.id);
    if (reply === undefined) continue;
    s.answered++;
    const r = scoreReply(reply);
    s.score += r.score;
    s.exact += Number(r.exact);
    s.writtenScore += r.asWritten?.score ?? r.score;
    s.writtenExact += Number(r.asWritten?.exact ?? r.exact);
    if (!r.read) s.unread++;
  }
  const present = allTasks().filter((t) => sums.has(t.id));
  const tasks: TaskResult[] = present.map((t) => {
    const s = sums.get(t.id)!;
    const { metric, definition, equivalentAtomNames } = scorerOf(t);
    const byAtomNames = {
      equivalent: { composite: percent(s.score, s.questions), exact: percent(s.exact, s.questions) },
      asWritten: { composite: percent(s.writtenScore, s.questions), exact: percent(s.writtenExact, s.questions) },
    };
    return {
      task: t.id,
      metric,
      definition,
      questions: s.questions,
      answered: s.answered,
      missing: s.questions - s.answered,
      unread: s.unread,
      ...byAtomNames[atomNames],
      equivalentAtomNames: equivalentAtomNames === true,
      byAtomNames,
    };
  });
  return {
    atomNames,
    tasks,
    average: averageOf(tasks.filter((_, i) => !present[i].leftOutOfPaperAverage)),
    averageAllTasks: averageOf(tasks),
    questions: records.length,
    missing: tasks.reduce((s, r) => s + r.missing, 0),
    unknownIds: [...replies.keys()].filter((id) => !ids.has(id)).sort(),
  };
}
