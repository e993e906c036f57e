// Reading every question of a dataset for previews: all `qa/<task>.<split>.jsonl` files,
// grouped by task (in the manifest's task order, then by name), each task's questions by
// split (train, then test, then any other) and id. A question listed again by a subset file
// (the tiny set repeats test questions) is kept once. Only what a preview shows is kept.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { DatasetReadError } from '../read-qa-split.ts';

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

function parseLine(file: string, line: string, n: number): PreviewQuestion {
  let r: any;
  try {
    r = JSON.parse(line);
  } catch {
    throw new DatasetReadError(`${file}:${n}: not JSON`);
  }
  for (const f of ['id', 'task', 'question', 'answer']) {
    if (typeof r?.[f] !== 'string') throw new DatasetReadError(`${file}:${n}: no string '${f}'`);
  }
  if (!Array.isArray(r.images) || r.images.some((p: unknown) => typeof p !== 'string')) {
    throw new DatasetReadError(`${file}:${n}: 'images' is not a list of paths`);
  }
  const options = Array.isArray(r.options)
    ? r.options.map((o: any) => ({ letter: String(o.letter), image: String(o.image), commands: String(o.commands ?? '') }))
    : undefined;
  return { id: r.id, task: r.task, split: String(r.split ?? ''), complex: String(r.complex ?? ''), images: r.images, question: r.question, answer: r.answer, options, params: r.meta?.params && typeof r.meta.params === 'object' ? r.meta.params : {} };
}

/** Task id -> its questions, tasks in the dataset's order. */
export function readQuestionsByTask(dir: string): Map<string, PreviewQuestion[]> {
  const qaDir = join(dir, 'qa');
  if (!existsSync(qaDir)) throw new DatasetReadError(`${qaDir}: no such folder (is ${dir} a dataset made by 'misi-gen generate'?)`);
  let order: string[] = [];
  try {
    order = JSON.parse(readFileSync(join(dir, 'manifest.json'), 'utf8'))?.options?.tasks ?? [];
  } catch {
    order = [];
  }
  const byTask = new Map<string, PreviewQuestion[]>();
  const seen = new Set<string>();
  for (const name of readdirSync(qaDir).filter((f) => /^[\w-]+\.[\w-]+\.jsonl$/.test(f)).sort()) {
    const task = name.split('.')[0];
    const list = byTask.get(task) ?? [];
    byTask.set(task, list);
    const file = join(qaDir, name);
    readFileSync(file, 'utf8').split(/\r?\n/).forEach((line, i) => {
      if (!line.trim()) return;
      const q = parseLine(file, line, i + 1);
      if (!seen.has(q.id)) list.push(q);
      seen.add(q.id);
    });
  }
  const rank = (t: string) => (order.includes(t) ? order.indexOf(t) : order.length);
  const tasks = [...byTask.keys()].sort((a, b) => rank(a) - rank(b) || (a < b ? -1 : 1));
  const splitRank = (s: string) => SPLIT_RANK[s] ?? 2;
  return new Map(tasks.map((t) => [t, byTask.get(t)!.sort((a, b) =>
    splitRank(a.split) - splitRank(b.split) || (a.split < b.split ? -1 : a.split > b.split ? 1 : 0) || (a.id < b.id ? -1 : 1))]));
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
