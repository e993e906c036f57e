// The one reader of a dataset folder (layout.ts) for every command that reads one: score,
// eval, stats, verify, preview and export. It reads manifest.json, split.json, the
// qa/<task>.<split>.jsonl files (train, test, val, tiny), the annotations and the images'
// hashes; every line of a qa file is checked as a question record (question-record.ts)
// and a bad one is named by file and line. A dataset written before the tiny files existed
// gets its tiny set computed from test, the way generate writes it.
//
// `openDataset` reads the manifest and lists the qa files; questions are read a file at a
// time (a large dataset's questions do not all fit in memory at once). `loadDataset` reads
// every task's questions in every split (export and eval's question selection).

import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { conforms, type z } from '../../qa/record-problems.ts';
import type { QuestionRecord } from '../../qa/scoring/score-split.ts';
import { TEST, TINY, TRAIN, VAL } from '../../qa/split-names.ts';
import type { Annotation } from '../../renders/annotation.ts';
import { fileErrorText } from '../../structures/file-error.ts';
import { KnownError } from '../../structures/known-error.ts';
import { type SplitFile, SplitFileSchema, upgradeSplitJson } from '../split/split-file.ts';
import { tinySubset } from '../split/tiny-set.ts';
import { sha256File } from './files.ts';
import {
  type AnnotationLayout,
  annotationPath,
  datasetPaths,
  parseQaFileName,
  QA_DIR,
  QA_SPLITS,
  type QaSplit,
  qaFileName,
} from './layout.ts';
import { ManifestReadSchema, type ReadManifest } from './manifest-type.ts';
import { type AnswerRecord, AnswerRecordSchema, type QaRecord, QaRecordSchema } from './question-record.ts';
import { AnnotationReadError, AnnotationReader, annotationLayoutOf } from './read-annotation.ts';
import { unfinishedRun } from './unfinished-run.ts';

/** A dataset that cannot be read: the message names the file (and line) and the problem. */
export class DatasetReadError extends KnownError {}

/** One qa/<task>.<split>.jsonl file. */
export interface QaFile {
  task: string;
  split: string;
  /** `<task>.<split>.jsonl`. */
  name: string;
  path: string;
}

/**
 * How much of each line is checked: `answer`, a JSON object with a string id, task and
 * answer (all scoring needs: a dataset written by hand for `score` may hold no more);
 * `record`, every field of a question record with its type.
 */
export type RecordCheck = 'answer' | 'record';

export interface ReadQuestion<R extends AnswerRecord = QaRecord> {
  record: R;
  /** The file it was read from and its line there (1-based). */
  file: QaFile;
  line: number;
}

/** Takes a bad line's problem (file and line named); the line is skipped and reading goes on. */
export type ProblemSink = (problem: string) => void;

const isObject = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === 'object' && !Array.isArray(v);

/** The schema each check reads a line with (question-record.ts). */
const CHECKS = { answer: AnswerRecordSchema, record: QaRecordSchema } as const;

/**
 * Every question of one qa file, in file order. A bad line throws, or goes to `onProblem`
 * and is skipped; with `onProblem`, a file whose last line has no newline (cut off as it
 * was written?) is a problem too.
 */
export function readQaFile(file: QaFile, check?: 'record', onProblem?: ProblemSink): ReadQuestion[];
export function readQaFile(file: QaFile, check: 'answer', onProblem?: ProblemSink): ReadQuestion<AnswerRecord>[];
export function readQaFile(file: QaFile, check: RecordCheck, onProblem?: ProblemSink): ReadQuestion<AnswerRecord>[];
export function readQaFile(file: QaFile, check: RecordCheck = 'record', onProblem?: ProblemSink): ReadQuestion<AnswerRecord>[] {
  const problem = (text: string) => {
    if (!onProblem) throw new DatasetReadError(text);
    onProblem(text);
  };
  let text: string;
  try {
    text = readFileSync(file.path, 'utf8');
  } catch (e) {
    throw new DatasetReadError(`${file.path}: cannot read it (${(e as NodeJS.ErrnoException).code ?? (e as Error).message})`);
  }
  const out: ReadQuestion<AnswerRecord>[] = [];
  const lines = text.split('\n');
  if (onProblem && lines[lines.length - 1] !== '')
    onProblem(`${file.path}:${lines.length}: the last line is not complete (file truncated?)`);
  lines.forEach((line, i) => {
    if (line.trim() === '') return;
    const read = questionFromLine(line, `${file.path}:${i + 1}`, check);
    if (typeof read === 'string') return problem(read);
    out.push({ record: read, file, line: i + 1 });
  });
  return out;
}

/** One line of a qa file as a question record, or what is wrong with it (`where` first, each field named). */
export function questionFromLine(line: string, where: string, check?: 'record'): QaRecord | string;
export function questionFromLine(line: string, where: string, check: 'answer'): AnswerRecord | string;
export function questionFromLine(line: string, where: string, check: RecordCheck): AnswerRecord | string;
export function questionFromLine(line: string, where: string, check: RecordCheck = 'record'): AnswerRecord | string {
  let value: unknown;
  try {
    value = JSON.parse(line);
  } catch {
    // The line is not JSON: reported by the caller as the line's problem (file and line in `where`).
    return `${where}: not JSON`;
  }
  if (!isObject(value)) return `${where}: not a JSON object`;
  const problems: string[] = [];
  return conforms(CHECKS[check], value, problems) ? value : `${where}: ${problems.join('; ')}`;
}

/** A JSON file of the dataset checked against its schema (after `upgrade`, which brings an older form to today's); what is wrong is named by file and field. */
export function readJsonRecord<S extends z.ZodType>(path: string, schema: S, upgrade?: (value: unknown) => unknown): z.infer<S> {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (e) {
    const cause = fileErrorText(e);
    throw new DatasetReadError(
      cause === 'no such file'
        ? `${path}: no such file (is it a folder written by 'misi-gen generate'?)`
        : `${path}: cannot be read (${cause})`,
    );
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    // Reported: the file is named, and what it holds is not JSON (the parser's own words name a column, not a field).
    throw new DatasetReadError(`${path}: not JSON`);
  }
  const problems: string[] = [];
  const read = upgrade ? upgrade(value) : value;
  if (!conforms(schema, read, problems)) throw new DatasetReadError(`${path}: ${problems.join('; ')}`);
  return read;
}

/** A dataset's split.json, or null when it has none. */
export function readSplitJson(dir: string): SplitFile | null {
  const path = datasetPaths(dir).split;
  return existsSync(path) ? readJsonRecord(path, SplitFileSchema, upgradeSplitJson) : null;
}

export interface OpenOptions {
  /** manifest.json must be there (export, eval, verify); else a folder of qa/ files will do. */
  manifest?: 'required' | 'optional';
}

/** A dataset folder opened for reading: its manifest and qa files; questions read on demand. */
export class DatasetFolder {
  readonly paths: ReturnType<typeof datasetPaths>;
  /** As written (a dataset of an older misi-gen may lack fields); null when there is none. */
  readonly manifest: ReadManifest | null;
  /** The tasks the manifest names, in its order (empty without a manifest). */
  readonly manifestTasks: string[];
  /** Every task of the manifest or of a qa file: the manifest's order, then by name. */
  readonly tasks: string[];
  /** The qa files, sorted by name. */
  readonly files: QaFile[];
  readonly seed: number;
  private splitFile: SplitFile | null | undefined;
  private readonly hashes = new Map<string, string>();
  private annotationReader: AnnotationReader | undefined;
  private readonly unreadable = new Set<string>();

  constructor(dir: string, o: OpenOptions = {}) {
    this.paths = datasetPaths(dir);
    const p = this.paths;
    const unfinished = unfinishedRun(dir);
    if (unfinished) throw new DatasetReadError(unfinished);
    this.manifest = o.manifest === 'required' || existsSync(p.manifest) ? readJsonRecord(p.manifest, ManifestReadSchema) : null;
    this.manifestTasks = this.manifest?.options?.tasks ?? Object.keys(this.manifest?.counts ?? {});
    this.seed = Number(this.manifest?.seed ?? 0);
    let names: string[];
    try {
      names = readdirSync(p.qaDir);
    } catch (e) {
      const cause = fileErrorText(e);
      throw new DatasetReadError(
        cause === 'no such file'
          ? `${p.qaDir}: no such folder (is ${dir} a dataset made by 'misi-gen generate'?)`
          : `${p.qaDir}: cannot be read (${cause})`,
      );
    }
    this.files = names.sort().flatMap((name) => {
      const parsed = parseQaFileName(name);
      return parsed ? [{ ...parsed, name, path: p.qa(parsed.task, parsed.split) }] : [];
    });
    const order = this.manifestTasks;
    const rank = (t: string) => (order.includes(t) ? order.indexOf(t) : order.length);
    this.tasks = [...new Set([...order, ...this.files.map((f) => f.task)])].sort(
      (a, b) => rank(a) - rank(b) || (a < b ? -1 : a > b ? 1 : 0),
    );
  }

  get dir(): string {
    return this.paths.dir;
  }

  /** split.json, or null when the dataset has none. */
  get split(): SplitFile | null {
    if (this.splitFile === undefined) this.splitFile = readSplitJson(this.dir);
    return this.splitFile;
  }

  file(task: string, split: string): QaFile | undefined {
    return this.files.find((f) => f.task === task && f.split === split);
  }

  /**
   * The questions of a task in a split, in file (id) order. Without a tiny file, the tiny
   * set is computed from test; any other missing file is an error naming it.
   */
  questions(task: string, split: string, check?: 'record'): ReadQuestion[];
  questions(task: string, split: string, check: 'answer'): ReadQuestion<AnswerRecord>[];
  questions(task: string, split: string, check: RecordCheck): ReadQuestion<AnswerRecord>[];
  questions(task: string, split: string, check: RecordCheck = 'record'): ReadQuestion<AnswerRecord>[] {
    const file = this.file(task, split);
    if (file) return readQaFile(file, check);
    if (split === TINY && this.file(task, TEST)) {
      const test = this.questions(task, TEST, check);
      const of = new Map(test.map((q) => [q.record, q]));
      return tinySubset(
        test.map((q) => q.record),
        this.seed,
        task,
      ).map((r) => of.get(r)!);
    }
    throw new DatasetReadError(`${this.paths.qa(task, split)}: missing (the dataset is incomplete)`);
  }

  /** The tasks that have questions in `split` (tiny: those with a tiny or a test file), else an error. */
  tasksIn(split: string): string[] {
    const has = (t: string) => this.file(t, split) !== undefined || (split === TINY && this.file(t, TEST) !== undefined);
    const tasks = this.tasks.filter(has);
    if (!tasks.length)
      throw new DatasetReadError(
        `${this.paths.qaDir}: no <task>.${split}.jsonl files for the ${split} split${split === VAL ? ' (val comes from generate --buffer val)' : ''}`,
      );
    return tasks;
  }

  /** How the annotations were written: the manifest's `options.annotations` (full before there was a choice). */
  get annotationLayout(): AnnotationLayout {
    return annotationLayoutOf(this.manifest);
  }

  /** The reader of this dataset's annotations, in either layout (pipeline/dataset/read-annotation.ts). */
  get annotations(): AnnotationReader {
    return (this.annotationReader ??= new AnnotationReader(this.dir, this.annotationLayout));
  }

  /**
   * The annotation of an image the records name (the full record, whatever the layout), or
   * null when the dataset has none, or it is missing or cannot be read (read each time: a
   * caller keeps what it needs of it). A missing or unreadable one (or atom table) is kept
   * in `annotationProblems`, naming the file and the cause, for the command to report.
   */
  annotation(image: string): Partial<Annotation> | null {
    if (this.annotationLayout === 'none') return null;
    try {
      const a = this.annotations.read(image);
      if (a === null)
        this.unreadable.add(
          `${this.paths.file(annotationPath(image, this.annotationLayout))}: missing (the annotation of ${image}; the figures that need it leave it out)`,
        );
      return a;
    } catch (e) {
      if (!(e instanceof AnnotationReadError)) throw e;
      this.unreadable.add(`${this.dir.replace(/\/+$/, '')}/${e.message}; the figures that need it leave it out`);
      return null;
    }
  }

  /** Every annotation or atom table `annotation` could not read, one line each naming the file and the cause (empty: none). */
  get annotationProblems(): string[] {
    return [...this.unreadable];
  }

  /** The sha256 of an image the records name: the manifest's, or computed from the file. */
  async imageSha256(image: string): Promise<string> {
    if (!this.hashes.size)
      for (const im of Array.isArray(this.manifest?.images) ? this.manifest.images : []) {
        if (typeof im?.path === 'string' && typeof im?.sha256 === 'string') this.hashes.set(im.path, im.sha256);
      }
    let h = this.hashes.get(image);
    if (h === undefined) this.hashes.set(image, (h = await sha256File(this.paths.file(image))));
    return h;
  }
}

export function openDataset(dir: string, o: OpenOptions = {}): DatasetFolder {
  return new DatasetFolder(dir, o);
}

/** A dataset read whole: every task of its manifest in every split it has. */
export interface Dataset {
  dir: string;
  folder: DatasetFolder;
  /** As written (a dataset of an older misi-gen may lack fields). */
  manifest: ReadManifest;
  split: SplitFile | null;
  tasks: string[];
  seed: number;
  /** Questions per task and split, in file (id) order (val: empty when the dataset has none). */
  records: Map<string, Record<QaSplit, QaRecord[]>>;
  /** The splits this dataset has: QA_SPLITS without val unless qa/ holds val files. */
  splits: QaSplit[];
}

/** Reads the manifest, split.json and every question of every task the manifest names (train and test must be there). */
export function loadDataset(dir: string): Dataset {
  const folder = openDataset(dir, { manifest: 'required' });
  const tasks = folder.manifestTasks;
  if (!tasks.length) throw new DatasetReadError(`${folder.paths.manifest}: names no task`);
  const records = new Map<string, Record<QaSplit, QaRecord[]>>();
  const of = (task: string, split: QaSplit) => folder.questions(task, split).map((q) => q.record);
  const hasVal = tasks.some((t) => folder.file(t, VAL));
  for (const task of tasks) {
    records.set(task, {
      train: of(task, TRAIN),
      test: of(task, TEST),
      val: folder.file(task, VAL) ? of(task, VAL) : [],
      tiny: of(task, TINY),
    });
  }
  const splits = QA_SPLITS.filter((s) => s !== VAL || hasVal);
  return { dir, folder, manifest: folder.manifest!, split: folder.split, tasks, seed: folder.seed, records, splits };
}

/** `qa/<task>.<split>.jsonl:<line>`: where a question came from, as messages name it. */
export function questionSource(q: ReadQuestion<AnswerRecord>): string {
  return `${QA_DIR}/${qaFileName(q.file.task, q.file.split)}:${q.line}`;
}

/**
 * The questions of one split as the scorer takes them (score, eval): those of every task
 * with questions in it, each checked for a string id, task and answer only.
 */
export async function readQaSplit(datasetDir: string, split: string): Promise<QuestionRecord[]> {
  const folder = openDataset(datasetDir);
  return folder
    .tasksIn(split)
    .flatMap((t) => folder.questions(t, split, 'answer'))
    .map((q) => ({
      id: q.record.id,
      task: q.record.task,
      answer: q.record.answer,
      options: optionTexts(q.record.options),
      source: questionSource(q),
    }));
}

/**
 * The options as letter -> text. `generate` writes them as a list of
 * `{letter, commands?, text?}`; a dataset written by hand may give `{A: "...", ...}`.
 * (What a scorer's `prepare` takes as the record's options: score, eval and the audit.)
 */
export function optionTexts(raw: unknown): Record<string, string> | undefined {
  if (Array.isArray(raw)) {
    const out: Record<string, string> = {};
    for (const o of raw as Array<Record<string, unknown>>) {
      const text = typeof o?.commands === 'string' ? o.commands : typeof o?.text === 'string' ? o.text : undefined;
      if (typeof o?.letter === 'string' && text !== undefined) out[o.letter] = text;
    }
    return Object.keys(out).length ? out : undefined;
  }
  return isObject(raw) ? (raw as Record<string, string>) : undefined;
}
