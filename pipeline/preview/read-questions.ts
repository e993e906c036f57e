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
  return {
    id: r.id,
    task: r.task,
    split: r.split,
    complex: r.complex,
    images: r.images,
    question: r.question,
    answer: r.answer,
    options,
    params: params && typeof params === 'object' ? (params as Record<string, unknown>) : {},
  };
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
  for (const list of byTask.values())
    list.sort(
      (a, b) => splitRank(a.split) - splitRank(b.split) || (a.split < b.split ? -1 : a.split > b.split ? 1 : 0) || (a.id < b.id ? -1 : 1),
    );
  return byTask;
}

/**
 * What kind of answer a question has, for picking across kinds: a choice question's letter,
 * a yes/no question's verdict (`Yes: ARG N, O23` is `Yes`); null for other answers.
 */
export function answerKind(q: { answer: string; options?: readonly unknown[] }): string | null {
  if (q.options?.length) return /^[A-Z]$/.test(q.answer.trim()) ? q.answer.trim() : null;
  const verdict = /^(yes|no)\b/i.exec(q.answer.trim());
  return verdict ? verdict[1][0].toUpperCase() + verdict[1].slice(1).toLowerCase() : null;
}

/**
 * `n` questions for a contact sheet, across the kinds of answer (every verdict and letter
 * the task has, as evenly as their numbers allow) and, within a kind, spread over the list
 * (pickSpread), so both splits and many complexes show; in the list's order. A task whose
 * answers have no kind is picked by pickSpread alone.
 */
export function pickAcrossAnswers<T extends { answer: string; options?: readonly unknown[] }>(list: readonly T[], n: number): T[] {
  if (list.length <= n) return [...list];
  const kinds = new Map<string, T[]>();
  for (const q of list) {
    const k = answerKind(q) ?? '';
    kinds.set(k, [...(kinds.get(k) ?? []), q]);
  }
  if (kinds.size < 2) return pickSpread(list, n);
  // Shares as even as the kinds' sizes allow: the smallest kinds are served first.
  const order = [...kinds.entries()].sort((a, b) => a[1].length - b[1].length || (a[0] < b[0] ? -1 : 1));
  const share = new Map<string, number>();
  let left = n;
  order.forEach(([k, qs], i) => {
    const take = Math.min(qs.length, Math.floor(left / (order.length - i)));
    share.set(k, take);
    left -= take;
  });
  // What the rounding left goes to the largest kinds that have more.
  for (const [k, qs] of [...order].reverse()) {
    if (left === 0) break;
    const more = Math.min(left, qs.length - share.get(k)!);
    share.set(k, share.get(k)! + more);
    left -= more;
  }
  const chosen = new Set(order.flatMap(([k, qs]) => pickSpread(qs, share.get(k)!)));
  return list.filter((q) => chosen.has(q));
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
