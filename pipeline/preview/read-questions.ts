// Every question of a dataset for previews: all `qa/<task>.<split>.jsonl` files,
// grouped by task (in the manifest's task order, then by name), each task's questions by
// split (train, then test, then any other) and id. A question listed again by a subset file
// (the tiny set repeats test questions) is kept once. Only what a preview shows is kept.
import type { QaRecord } from '../dataset/question-record.ts';
import { openDataset, readQaFile } from '../dataset/read-dataset.ts';

export interface PreviewOption {
  letter: string;
  /** Path relative to the dataset folder. */
  image: string;
  commands: string;
}

export interface PreviewQuestion {
  id: string;
  task: string;
  split: string;
  complex: string;
  /** Paths relative to the dataset folder, in the order the question shows them. */
  images: string[];
  question: string;
  answer: string;
  /** Choice tasks only. */
  options?: PreviewOption[];
  /** The sampled parameters (`meta.params`), e.g. the residue or bond a question is about. */
  params: Record<string, unknown>;
}

const SPLIT_RANK: Record<string, number> = { train: 0, test: 1 };

function previewQuestion(r: QaRecord): PreviewQuestion {
  const options = r.options?.map((o) => ({ letter: o.letter, image: String(o.image), commands: String(o.commands ?? '') }));
  const params = (r.meta as { params?: unknown }).params;
  return { id: r.id, task: r.task, split: r.split, complex: r.complex, images: r.images, question: r.question, answer: r.answer, options, params: params && typeof params === 'object' ? (params as Record<string, unknown>) : {} };
}

/** Task id -> its questions, tasks in the dataset's order (dataset reader: pipeline/dataset/read-dataset.ts). */
export function readQuestionsByTask(dir: string): Map<string, PreviewQuestion[]> {
  const dataset = openDataset(dir);
  const withFiles = dataset.tasks.filter((t) => dataset.files.some((f) => f.task === t));
  const byTask = new Map<string, PreviewQuestion[]>(withFiles.map((t) => [t, []]));
  const seen = new Set<string>();
  for (const file of dataset.files) {
    for (const { record } of readQaFile(file)) {
      if (!seen.has(record.id)) byTask.get(file.task)!.push(previewQuestion(record));
      seen.add(record.id);
    }
  }
  const splitRank = (s: string) => SPLIT_RANK[s] ?? 2;
  for (const list of byTask.values()) list.sort((a, b) => splitRank(a.split) - splitRank(b.split) || (a.split < b.split ? -1 : a.split > b.split ? 1 : 0) || (a.id < b.id ? -1 : 1));
  return byTask;
}

/** `n` questions spread evenly over the list (first included), so both splits and many complexes show. */
export function pickSpread<T>(list: readonly T[], n: number): T[] {
  if (list.length <= n) return [...list];
  return Array.from({ length: n }, (_, i) => list[Math.floor((i * list.length) / n)]);
}

/** The "Image k: ..." lines of a question text, by k (what the question says each image shows). */
export function imageDescriptions(question: string): Map<number, string> {
  const out = new Map<number, string>();
  for (const m of question.matchAll(/^Image (\d+): (.*)$/gm)) out.set(Number(m[1]), m[2].trim());
  return out;
}
