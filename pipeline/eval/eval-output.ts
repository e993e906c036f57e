// What an eval run leaves beside its predictions: the file `score` reads (`{id, prediction}`
// per line, sorted by id, only the questions of this run's selection that have a reply) and
// `<name>.meta.json`, the run header: dataset, split, tasks, endpoint, model and the names
// the server replied with, every setting, counts and tokens. Both are written whole under
// temporary names, so the same options and replies give the same bytes. The API key is
// never among them; only the name of its variable is.
import { basename } from 'node:path';
import type { QaRecord } from '../generate/records.ts';
import { writeJsonFile, writeTextAtomically } from '../generate/write-text.ts';

/** `preds.jsonl` -> `preds.meta.json` / `preds.cache.jsonl`. */
export function besidePredictions(predictions: string, what: 'meta.json' | 'cache.jsonl'): string {
  return `${predictions.replace(/\.jsonl?$/, '')}.${what}`;
}

export interface Reply {
  prediction: string;
  usage?: { promptTokens: number; completionTokens: number };
  servedModel?: string;
}

/** Writes the predictions; returns how many questions have one. */
export async function writePredictions(path: string, questions: QaRecord[], replyOf: (q: QaRecord) => Reply | undefined): Promise<number> {
  const lines: string[] = [];
  for (const q of questions) {
    const r = replyOf(q);
    if (r) lines.push(JSON.stringify({ id: q.id, prediction: r.prediction }));
  }
  await writeTextAtomically(path, lines.map((l) => `${l}\n`).join(''));
  return lines.length;
}

export interface RunHeader {
  dataset: string;
  split: string;
  tasks: string[];
  /** `model` for a model run, `baseline` for a baseline. */
  source: Record<string, unknown>;
  settings: Record<string, unknown>;
  questions: number;
  answered: number;
}

export async function writeRunHeader(predictions: string, h: RunHeader, replies: (Reply | undefined)[]): Promise<string> {
  const got = replies.filter((r): r is Reply => r !== undefined);
  const withUsage = got.filter((r) => r.usage);
  const path = besidePredictions(predictions, 'meta.json');
  await writeJsonFile(path, {
    format: 'misi-gen-eval/1',
    predictions: basename(predictions),
    dataset: h.dataset,
    split: h.split,
    tasks: h.tasks,
    ...h.source,
    // The model names the server put in its replies (a hosted API names the exact version).
    ...(got.some((r) => r.servedModel) ? { servedModels: [...new Set(got.flatMap((r) => (r.servedModel ? [r.servedModel] : [])))].sort() } : {}),
    settings: h.settings,
    questions: h.questions,
    answered: h.answered,
    unanswered: h.questions - h.answered,
    usage: withUsage.length
      ? { replies: withUsage.length, promptTokens: withUsage.reduce((n, r) => n + r.usage!.promptTokens, 0), completionTokens: withUsage.reduce((n, r) => n + r.usage!.completionTokens, 0) }
      : null,
  });
  return path;
}
