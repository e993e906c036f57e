// `misi-gen audit`: how well each task can be answered without the ability it names. Per
// task, partial-input baselines are fitted on the train questions only and scored on test
// (and val) with the task's own scorer, each beside chance with a 95 % interval
// (docs/scoring.md, "The shortcut audit"):
// - text: the question's wording alone (text-majority.ts);
// - choices (choice tasks with command options): the consensus rule and a small option model
//   (option-features.ts, option-model.ts); option images: the most typical option image
//   (option-images.ts);
// - the baselines a task declares of its own (TaskModule.baselines: residue_ligand's verdict
//   from the least residue-ligand distance alone and from the residue's name alone,
//   qa/tasks/residue-baselines.ts), scored as the task says (TaskModule.auditScore: there the
//   verdict, chance one half) or with its scorer;
// - exact duplicates per split (same complex, images and answer).
// A baseline is flagged when its interval's low end is more than MARGIN over chance; a task
// is clean when none is and no question repeats. Files are read a question at a time.
import { createHash } from 'node:crypto';
import { exactTextScorer, type TaskScorer } from '../../qa/scoring/task-scorers.ts';
import { HELD_OUT_SPLITS, TRAIN } from '../../qa/split-names.ts';
import type { AskedQuestion, AuditQuestion, AuditScore, TaskBaseline, TaskModule } from '../../qa/task.ts';
import { scorerOf, taskById } from '../../qa/task-registry.ts';
import { eachQuestion } from '../dataset/each-question.ts';
import type { QaRecord } from '../dataset/question-record.ts';
import { type DatasetFolder, openDataset, optionTexts } from '../dataset/read-dataset.ts';
import { generatorFor } from '../generate/seeds.ts';
import { ScoreTally } from './interval.ts';
import { choiceView, optionFeatures, sharedFeatures } from './option-features.ts';
import { mostTypicalOptionImage } from './option-images.ts';
import { type OptionExample, OptionModel } from './option-model.ts';
import { MajorityTable, wordingKey } from './text-majority.ts';

/** How far over chance (in score, 0-1) a baseline's interval must start to be flagged: 3 points. */
export const MARGIN = 0.03;
/** Random guesses per question when chance is the task's random baseline. */
const GUESSES = 8;
/** Fewer train questions than this fit no option model. */
const MIN_TRAIN = 20;

/** The generic baselines, run on every task whose questions they can read. A task's own
 * (TaskModule.baselines) are described by the task. */
export const BASELINE_NAMES = {
  text: 'question text only: the train answer most frequent for the same wording (numbers blanked)',
  consensus: 'choices only: the option sharing the most axes, signs and magnitudes with the other three',
  optionModel: "choices only: a conditional logit on the options' axes, signs, magnitudes, consensus and letter, fitted on train",
  optionImages: 'option images only: the option image most like the other three (annotations)',
} as const;
/** A generic baseline's short name, as tables show it (a task's own give theirs: TaskBaseline.label). */
export const BASELINE_LABELS: Record<keyof typeof BASELINE_NAMES, string> = {
  text: 'question text only',
  consensus: 'choices only: consensus rule',
  optionModel: 'choices only: option model',
  optionImages: 'option images only',
};
/** What a baseline sees and how it answers, in one line: a generic one's from BASELINE_NAMES,
 * a task's own from its declaration (TaskBaseline.describe); undefined for a name neither knows. */
export function baselineDescription(task: string, name: string): string | undefined {
  if (Object.hasOwn(BASELINE_NAMES, name)) return BASELINE_NAMES[name as keyof typeof BASELINE_NAMES];
  return taskById(task)?.baselines?.find((b) => b.name === name)?.describe;
}
/** A generic baseline's name, or the name of one a task declares. */
export type BaselineName = string;

export interface BaselineResult {
  name: BaselineName;
  /** Its short name in tables. */
  label: string;
  /** Questions it answered (a baseline that cannot read a question leaves it out). */
  n: number;
  /** Mean score, 0-1, and its 95 % interval. */
  score: number;
  low: number;
  high: number;
  flagged: boolean;
}

export interface SplitAudit {
  split: string;
  questions: number;
  /** The expected score of a blind guess: 1 / options, one half for a verdict, else the task's random baseline. */
  chance: number;
  baselines: BaselineResult[];
}

export interface TaskAudit {
  task: string;
  /** What the baselines are scored on: the task's scorer, or what its auditScore says (residue_ligand: the verdict). */
  metric: string;
  trainQuestions: number;
  /** Exact duplicates per split: questions whose complex, images and answer another question of the split has. */
  duplicates: Record<string, number>;
  splits: SplitAudit[];
  clean: boolean;
  /** One phrase per reason it is not clean. */
  findings: string[];
}

export interface AuditReport {
  dir: string;
  margin: number;
  tasks: TaskAudit[];
  clean: boolean;
  /** The annotations (or atom tables) of option images that could not be read, file and cause each; their questions have no option-image guess. */
  problems?: string[];
}

export interface AuditOptions {
  /** Progress lines (stderr in the CLI). */
  onProgress?: (line: string) => void;
}

/** Audits every task of the dataset in `dir` that has train questions. */
export function auditDataset(dir: string, o: AuditOptions = {}): AuditReport {
  const folder = openDataset(dir);
  const tasks = folder.tasks.filter((t) => folder.file(t, TRAIN)).map((t) => auditTask(folder, t, o));
  return { dir, margin: MARGIN, tasks, clean: tasks.every((t) => t.clean), problems: folder.annotationProblems };
}

interface Fitted {
  majority: MajorityTable;
  model: OptionModel | null;
  /** The task's own baselines, fitted (those that could be). */
  own: { baseline: TaskBaseline; guess: (q: AuditQuestion) => string | undefined }[];
  train: AskedQuestion[];
}

/** What a task's own baselines see of a record. */
const auditQuestion = (r: QaRecord): AuditQuestion => ({ id: r.id, answer: r.answer, params: paramsOf(r) });
const paramsOf = (r: QaRecord): Readonly<Record<string, unknown>> => {
  const p = r.meta.params;
  return p !== null && typeof p === 'object' && !Array.isArray(p) ? Object.fromEntries(Object.entries(p)) : {};
};

function auditTask(folder: DatasetFolder, task: string, o: AuditOptions): TaskAudit {
  const module = taskById(task);
  const scorer: TaskScorer = module ? scorerOf(module) : exactTextScorer;
  const own = (module?.baselines ?? []).map((baseline) => ({ baseline, fitting: baseline.fit() }));
  const duplicates: Record<string, number> = {};
  const majority = new MajorityTable();
  const examples: OptionExample[] = [];
  const train: AskedQuestion[] = [];
  const seen = new Set<string>();
  let trainQuestions = 0;
  duplicates.train = 0;
  eachQuestion(folder.file(task, TRAIN)!, 'record', (r) => {
    trainQuestions++;
    if (repeats(seen, r)) duplicates.train++;
    majority.add(wordingKey(r.question), r.answer);
    const view = choiceView(r);
    if (view) examples.push({ features: optionFeatures(view), right: view.letters.indexOf(r.answer) });
    if (own.length) {
      const q = auditQuestion(r);
      for (const b of own) b.fitting.add(q);
    }
    if (module?.randomGuess) train.push({ id: r.id, task: r.task, answer: r.answer, options: r.options });
  });
  o.onProgress?.(`audit: ${task}: ${trainQuestions} train questions read, fitting`);
  const fitted: Fitted = {
    majority: majority.freeze(),
    model: examples.length >= MIN_TRAIN ? new OptionModel().fit(examples.filter((e) => e.right >= 0)) : null,
    own: own.flatMap(({ baseline, fitting }) => {
      const guess = fitting.guesser();
      return guess ? [{ baseline, guess }] : [];
    }),
    train,
  };
  const splits: SplitAudit[] = [];
  for (const split of HELD_OUT_SPLITS) {
    const file = folder.file(task, split);
    if (!file) continue;
    splits.push(auditSplit(folder, file, module, scorer, fitted, duplicates));
    o.onProgress?.(`audit: ${task}: ${split} scored (${splits[splits.length - 1].questions} questions)`);
  }
  const findings: string[] = [];
  for (const [split, n] of Object.entries(duplicates)) if (n > 0) findings.push(`${n} exact duplicate${n === 1 ? '' : 's'} in ${split}`);
  for (const s of splits) {
    for (const b of s.baselines) {
      if (b.flagged)
        findings.push(`${b.name} ${pct(b.score)} [${pct(b.low)}-${pct(b.high)}] on ${s.split} against chance ${pct(s.chance)}`);
    }
  }
  return {
    task,
    metric: module?.auditScore ? module.auditScore.metric : `${scorer.metric} (the task's scorer)`,
    trainQuestions,
    duplicates,
    splits,
    clean: findings.length === 0,
    findings,
  };
}

function auditSplit(
  folder: DatasetFolder,
  file: NonNullable<ReturnType<DatasetFolder['file']>>,
  module: TaskModule | undefined,
  scorer: TaskScorer,
  fitted: Fitted,
  duplicates: Record<string, number>,
): SplitAudit {
  const tallies = new Map<BaselineName, { label: string; tally: ScoreTally }>();
  const tally = (name: BaselineName, score: number, label: string = BASELINE_LABELS[name as keyof typeof BASELINE_LABELS]) => {
    if (!tallies.has(name)) tallies.set(name, { label, tally: new ScoreTally() });
    tallies.get(name)!.tally.add(score);
  };
  const audit = module?.auditScore;
  const chance = new ScoreTally();
  const seen = new Set<string>();
  duplicates[file.split] = 0;
  let questions = 0;
  eachQuestion(file, 'record', (r) => {
    questions++;
    if (repeats(seen, r)) duplicates[file.split]++;
    const score = scoreWith(scorer, audit, r);
    // Chance: a blind guess's expected score.
    if (r.options?.length) chance.add(1 / r.options.length);
    else if (audit) chance.add(audit.chance);
    else if (module?.randomGuess) {
      let sum = 0;
      for (let k = 0; k < GUESSES; k++) {
        const guess = module.randomGuess(r, generatorFor([folder.seed, 'audit', r.id, k]), fitted.train);
        sum += guess === undefined ? 0 : score(guess);
      }
      chance.add(sum / GUESSES);
    } else chance.add(0);
    const text = fitted.majority.answer(wordingKey(r.question));
    if (text !== undefined) tally('text', score(text));
    const view = choiceView(r);
    if (view) {
      const shared = sharedFeatures(view);
      const most = Math.max(...shared);
      const tied = view.letters.filter((_, i) => shared[i] === most);
      tally('consensus', score(tied[tieBreak(r.id, tied.length)]));
      if (fitted.model) tally('optionModel', score(view.letters[fitted.model.pick(optionFeatures(view))]));
    }
    const typical = r.options?.some((op) => op.image) ? mostTypicalOptionImage(r, folder) : null;
    if (typical) tally('optionImages', score(typical));
    if (fitted.own.length) {
      const q = auditQuestion(r);
      for (const { baseline, guess } of fitted.own) {
        const reply = guess(q);
        if (reply !== undefined) tally(baseline.name, score(reply), baseline.label);
      }
    }
  });
  const c = chance.mean;
  const baselines = [...tallies].map(([name, { label, tally: t }]): BaselineResult => {
    const { low, high } = t.interval;
    return { name, label, n: t.n, score: t.mean, low, high, flagged: low > c + MARGIN };
  });
  return { split: file.split, questions, chance: c, baselines };
}

/** A reply's score on record `r`: as the task's auditScore says, else by its scorer. */
function scoreWith(scorer: TaskScorer, audit: AuditScore | undefined, r: QaRecord): (reply: string) => number {
  if (audit) return audit.prepare(r.answer);
  const prepared = scorer.prepare({ answer: r.answer, options: optionTexts(r.options) });
  return (reply) => prepared(reply).score;
}

function repeats(seen: Set<string>, r: QaRecord): boolean {
  const key = createHash('sha1')
    .update(JSON.stringify([r.complex, r.images, r.answer]))
    .digest('base64');
  if (seen.has(key)) return true;
  seen.add(key);
  return false;
}

/** A tie broken by the question's id (the same every run). */
function tieBreak(id: string, n: number): number {
  return createHash('sha1').update(id).digest().readUInt32BE(0) % n;
}

export const pct = (v: number) => `${(100 * v).toFixed(1)} %`;
