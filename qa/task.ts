// What a task is: a module that turns one complex, one split and one question index (with
// that question's own random generator) into a QuestionPlan: the scenes to draw in question
// order, the answer as text and as data, and the sampled parameters. The question text
// comes from the task's template (qa/templates/<template>.txt). The module also says how a
// reply to its questions is scored, how the random baseline guesses, and which options of
// its own the command line offers. The nine are listed in qa/tasks/index.ts; every command
// asks qa/task-registry.ts, which also holds tasks loaded from outside (--task-module).

import { CAMERA_DEFAULTS, type Camera } from '../renders/camera.ts';
import type { Command } from '../renders/commands.ts';
import type { LabelLayoutMode } from '../renders/label-layout.ts';
import type { SceneSpec } from '../renders/scene-spec.ts';
import type { LabelSet, Style } from '../renders/style.ts';
import type { Complex } from '../structures/model.ts';
import type { AnswerKind, NamedLabel } from './answer-kinds.ts';
import type { Rng } from './random.ts';
import type { TaskScorer } from './scoring/task-scorers.ts';
import { BASE_SPLITS, type Split } from './split-names.ts';

export type { Split } from './split-names.ts';

/** Image width and height of a task that names no size of its own, pixels: the camera's
 * default (renders/camera.ts), decided there once. */
export const DEFAULT_IMAGE_SIZE = CAMERA_DEFAULTS.width;

/** Image size of the tasks whose answers name residue and ligand-atom labels of the whole
 * pocket (pocket-ligand, interaction-location), pixels: the smallest of those measured at
 * which >= 90 % of the labels their answers name are readable in at least four of six views
 * (512 px: 85-87 % with renderer 10; docs/labels.md). */
export const WHOLE_POCKET_IMAGE_SIZE = 1024;

/** The size a task's images are drawn at when the run names none for it, pixels. */
export function defaultImageSize(task: Pick<TaskModule, 'defaultImageSize'>): number {
  return task.defaultImageSize ?? DEFAULT_IMAGE_SIZE;
}

/** The label layout of a task that names none of its own: labels never hide the molecule (renders/label-layout.ts). */
export const DEFAULT_LABEL_LAYOUT: LabelLayoutMode = 'clear';

/** The label set a task's images draw when the run names none for it. */
export function defaultLabelSet(task: Pick<TaskModule, 'labelSet'>): LabelSet {
  return task.labelSet ?? 'all';
}

/** The label layout a task's images use when the run names none for it. */
export function defaultLabelLayout(task: Pick<TaskModule, 'labelLayout'>): LabelLayoutMode {
  return task.labelLayout ?? DEFAULT_LABEL_LAYOUT;
}
/** The two splits every dataset has (qa/split-names.ts). */
export const SPLITS: readonly Split[] = BASE_SPLITS;

/** A complex with the one camera every scene of it is drawn through. */
export interface PreparedComplex {
  complex: Complex;
  camera: Camera;
}

export interface TaskContext {
  /** The run's global seed (recorded in meta). */
  seed: number;
  split: Split;
  /** 0-based index of the question among this task's questions for this complex and split. */
  index: number;
  /** How many questions of this task this complex is asked in this split (the plan stage's
   * count after the task's questionCount): indices run 0..count-1. Lets a task spread its
   * draws over them (stride draws) or reject a count its parameter space cannot meet. */
  count: number;
  /** This question's generator; a draw that fails a check is replaced by its next draw. */
  rng: Rng;
  /**
   * A balanced slot in [0, n): (offset + index) mod n, the offset drawn once per (seed, task,
   * complex). A complex's questions cycle through all n slots (axes stay balanced per complex)
   * and complexes asked for fewer than n questions still spread evenly over the slots.
   */
  slot: (n: number) => number;
  subject: PreparedComplex;
  /** Ids of every complex of the same split, sorted (for tasks that pair complexes). */
  splitIds: readonly string[];
  complexById: (id: string) => PreparedComplex;
  style: Style;
  /** The values of the task's own `options`, by key (each its default unless chosen);
   * absent when a caller plans without them (then a task uses its defaults). */
  options?: Readonly<Record<string, string>>;
}

/** An option of one task, offered by `generate` as `--<key in kebab-case>` and recorded
 * under `key` in the manifest's options. */
export interface TaskOption {
  /** camelCase: the manifest key and the key in TaskContext.options (`residueFraming`). */
  key: string;
  choices: readonly string[];
  default: string;
  /** One line for `generate --help`. */
  describe: string;
  /** Its value in the MiSI-Bench paper's construction, where misi-gen's default differs from
   * the paper's (`generate --paper` sets it: pipeline/generate/paper-construction.ts); absent:
   * `--paper` leaves the option as the run gives it. */
  paper?: string;
}

/** The `generate` flag of a task option, without its dashes: the key in kebab-case (`residueFraming` -> `residue-framing`). */
export function taskOptionFlag(key: string): string {
  return key.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);
}

/** A question as the baselines see it (a dataset record's fields they read). */
export interface AskedQuestion {
  id: string;
  task: string;
  answer: string;
  options?: readonly { letter: string }[];
}

/** One option of a choice question: which image shows it and what transform it is. */
export interface ChoiceOption {
  letter: string;
  /** 0-based index into the question's images; absent when the option is text only
   * (interaction location: the options are moves, the images the same six views). */
  image?: number;
  /** The option's transform as commands (for the spatial tasks); text options use `text`. */
  commands?: Command[];
  text?: string;
  /** `truth`, or the decoy scheme that made it. */
  scheme: string;
}

/** The answer as data, as a plan gives it: commands and choices are written by generate in
 * their record form (qa/answer-kinds.ts); `data` is written as it is, and must be of the
 * task's answer kind (a verdict, a bond list, or a `text` task's own object). */
export type Truth =
  | { kind: 'commands'; commands: Command[] }
  | { kind: 'letter'; letter: string; options: ChoiceOption[] }
  | { kind: 'data'; value: Record<string, unknown> };

/** Which part of the scene a task's answer moves, for the observer margins (pipeline/audit/
 * observer-margins.ts: how far apart the pictures of the true answer and of its neighbours are). */
export interface AnswerMotion {
  /** `scene`: the answer's commands end the scene transform of the image that shows it (the
   * last image; for a choice, the right option's image); `ligand`: they are the ligand's own
   * displacement in the last image (docking's answer undoes it). */
  moves: 'scene' | 'ligand';
  /** Whether a command a neighbouring answer would give is one of the task's answers.
   * Default: any but 0, a roll within +-90 degrees. */
  inAnswerSpace?: (c: Command) => boolean;
  /** The answer is a move along the line of sight, read from the change of size (zooming):
   * stats adds the camera distance over questions and reads the move back from Image 1 and the last image. */
  alongSight?: boolean;
  /** What the answer needs that the question does not state, in words (stats' `unstated` line). */
  unstated: string;
  /** A task option under which the question states it after all: when the run chose `value`, `unstated` is this one's. */
  statedWith?: { option: string; value: string; unstated: string };
}

/** The labels a question names (for label legibility), read from its record. */
export interface NamedQuestion {
  truth: unknown;
  /** The record's meta.params. */
  params: Readonly<Record<string, unknown>>;
}

/** A question as its task's own stats histograms see it (TaskModule.statsHistograms). */
export interface StatsQuestion {
  /** The split of the qa/ file it was read from (`train`, `test`, `val`; the tiny set, a subset of test, is never counted). */
  split: string;
  /** The record's meta.params. */
  params: Readonly<Record<string, unknown>>;
}

/** A question as a partial-input baseline of the shortcut audit sees it (pipeline/audit/audit-dataset.ts). */
export interface AuditQuestion {
  id: string;
  answer: string;
  /** The record's meta.params. */
  params: Readonly<Record<string, unknown>>;
}

/** A partial-input baseline a task declares for the shortcut audit, beside the generic ones
 * (question text, choices, option images): fitted on the train questions, scored on the held-out ones. */
export interface TaskBaseline {
  /** Its key in the audit report (`distance`). */
  name: string;
  /** Its short name in tables (`residue-ligand distance only`). */
  label: string;
  /** One line: what it sees and how it answers. */
  describe: string;
  /** A fresh fit: each train question is added, then `guesser` gives its reply to a held-out
   * question (undefined: it cannot read that question; null: nothing could be fitted). */
  fit(): { add(q: AuditQuestion): void; guesser(): ((q: AuditQuestion) => string | undefined) | null };
}

/** How the shortcut audit scores a task's baselines when not by the task's scorer. */
export interface AuditScore {
  /** What the scores are of, in words (`verdict (Yes or No right)`). */
  metric: string;
  /** The expected score of a blind guess. */
  chance: number;
  /** Reads the record's answer; scores a reply, 0-1. */
  prepare(answer: string): (reply: string) => number;
}

/** The share of the labels a task's answers name that must be readable (label legibility), and in how many of a question's images. */
export interface LegibilityTargetSpec {
  views: 'all' | 'four';
  min: number;
}

export interface QuestionPlan {
  /** Scenes in the order the question presents them. */
  images: SceneSpec[];
  answer: string;
  truth: Truth;
  /** Values for the template's {{placeholders}} (none for a fixed text). */
  vars: Record<string, string>;
  /** Sampled parameters, recorded in the record's meta. */
  params: Record<string, unknown>;
  /** Draws replaced because they failed a check. */
  replacements: number;
  /** Other complexes the question uses (e.g. a translation+rotation partner). */
  partners?: string[];
}

export type PlanResult = { ok: true; plan: QuestionPlan } | { ok: false; reason: string; replacements: number };

/** A column of the paper's tables (TaskModule.paperColumns). */
export interface PaperColumn {
  /** As the paper's tables head it (`Tr`, `RL+`). */
  name: string;
  /** Which of the task's questions the column scores, by their answer text; all when absent. */
  takes?: (answer: string) => boolean;
  /** Which questions those are, in words (`those whose truth is a bond`), for a column that `takes`. */
  describe?: string;
}

export interface PerSplitCount {
  train: number;
  test: number;
  /** Val's (`--buffer val`) when given apart (TASK=TRAIN/TEST/VAL); unset, val takes test's. */
  val?: number;
}

export interface TaskModule {
  /** Stable id: names files, records and options. */
  id: string;
  format: 'cloze' | 'choice';
  /** Images per question, as the spec's task table gives them. */
  imageCount: number;
  /** Default questions per complex per split. */
  defaultCounts: PerSplitCount;
  /** Width and height of the task's images unless the run says otherwise (`--size`), pixels.
   * Default DEFAULT_IMAGE_SIZE. Larger for the tasks whose answers name labels of a whole
   * pocket, which crowd a 512 px image (docs/labels.md). No question text may depend on it. */
  defaultImageSize?: number;
  /** How the task's images place their labels unless the run says otherwise (`--label-layout`):
   * DEFAULT_LABEL_LAYOUT (`clear`: labels hide nothing, those with no clear spot are left out)
   * for a task whose answers name no label; `prefer-clear` (every label kept, moved off the
   * molecule where a spot allows) for one whose answers name residue or ligand-atom labels
   * (renders/label-layout.ts, docs/labels.md). */
  labelLayout?: LabelLayoutMode;
  /** Which labels the task's images draw unless the run says otherwise (`--labels`): `all`
   * (every residue and ligand atom, the paper's) when absent. */
  labelSet?: LabelSet;
  /** Template file name under qa/templates/ (or templateDir), without `.txt`. */
  template: string;
  /** Folder of the template, for a task written outside this package (absolute path).
   * Default: the bundled qa/templates/. */
  templateDir?: string;
  /** How many questions this complex yields in this split when `requested` are asked for
   * (a task may yield fewer, e.g. one per hydrogen bond); `options` as TaskContext.options.
   * Default: `requested`. */
  questionCount?: (complex: PreparedComplex, split: Split, requested: number, options?: Readonly<Record<string, string>>) => number;
  plan: (ctx: TaskContext) => PlanResult;
  /** How a reply is scored (qa/scoring/task-scorers.ts has the makers the nine use).
   * Default: exact match of the whole answer text (trimmed). */
  scorer?: TaskScorer;
  /** The random baseline's guess for a question, drawn with `rng` from the task's answer
   * space (`train`: the train questions of the task, for ranges). Default: a random option
   * letter for a choice task; none (the question stays unanswered, with a warning) else. */
  randomGuess?: (question: AskedQuestion, rng: Rng, train: readonly AskedQuestion[]) => string | undefined;
  /** What its question asks, in one line (the dataset card's task table); absent: the card points to the template. */
  summary?: string;
  /** Versions of the rules its answers are computed by, beyond the H-bond rules every run
   * records (`versions.hbondRules`), by name: e.g. `{ interactions: INTERACTION_RULES_VERSION }`
   * (structures/interactions/rules-version.ts). A run that includes the task records them in the
   * manifest's `versions.rules`, and resume and merge refuse work made under other versions.
   * Bump the version where it is defined whenever a rule change can change an answer. */
  rules?: Readonly<Record<string, number>>;
  /** Left out of the paper's average (nearly every model scored at chance on it). */
  leftOutOfPaperAverage?: boolean;
  /** The task's column(s) in the paper's tables (Tr, Rot, ...), in the paper's order; tasks
   * come in the registry's order, which is the paper's. Several when the paper splits the
   * task's questions (residue_ligand: RL+ and RL-), each taking those whose answer it
   * `takes`. None: the task is not in the paper (pipeline/paper-columns.ts). */
  paperColumns?: readonly PaperColumn[];
  /** Options of this task alone (e.g. residue_ligand's camera framing). */
  options?: readonly TaskOption[];
  /** The kind of its answer (qa/answer-kinds.ts): what its records' truth holds, the answer
   * text a truth gives, the labels it names, the human page's answer control. Default:
   * `letterAnswer` for a choice task, `textAnswer` else (answerKindOf, qa/task-registry.ts). */
  answer?: AnswerKind;
  /** Which part of the scene its answer moves (observer margins); absent: the answer moves nothing. */
  motion?: AnswerMotion;
  /** The labels a question names beyond its answer kind's (e.g. the bond a question asks about):
   * replaces the kind's `namedLabels` for label legibility. */
  namedLabels?: (q: NamedQuestion) => NamedLabel[];
  /** The legibility its named labels must reach (stats prints whether it is met). */
  legibilityTarget?: LegibilityTargetSpec;
  /** Partial-input baselines of its own for the shortcut audit, beside the generic ones. */
  baselines?: readonly TaskBaseline[];
  /** How the audit scores baselines of this task, when not by its scorer. */
  auditScore?: AuditScore;
  /** Its question text names a hydrogen bond of its complex (interaction_location's names the
   * bond whose place it asks), which may answer a question whose answer holds bonds (answer
   * kind `verdict` or `bonds`: bondsMayGiveAway, qa/task-registry.ts): a `human` session asks
   * no complex both (pipeline/browse/session-questions.ts). */
  namesABond?: boolean;
  /** Whether a bond of its complex named in another question may give its answer away.
   * Default: its answer holds bonds (kind `verdict` or `bonds`). interaction_kind's `text`
   * answer says whether a residue makes a hydrogen bond, so it declares true. */
  answeredByABond?: boolean;
  /** Histograms of its own for `misi-gen stats` (pipeline/generate/dataset-stats.ts), beside
   * those every task of its answer kind gets (letters and decoy schemes, command axes and
   * amounts): the [histogram, value] pairs one question counts once each, read from its
   * params (residue_ligand: [`verdict train`, `yes`], [`distance yes`, `3`]; the pair choices: [`f1 axis`, `roll x`]). None: no more. */
  statsHistograms?: (q: StatsQuestion) => readonly (readonly [histogram: string, value: string])[];
}
