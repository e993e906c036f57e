// What an eval run leaves beside its predictions: the file `score` reads (`{id, prediction}`
// per line, sorted by id, only the questions of this run's selection that have a reply) and
// `<name>.meta.json`, the run header: dataset, split, tasks, endpoint, model and the names
// the server replied with, every setting, counts and tokens. Both are written whole under
// temporary names, so the same options and replies give the same bytes. The API key is
// never among them; only the name of its variable is. By default they go under the
// dataset (`<dataset>/eval/<model or baseline>.<split>.jsonl`), and a file another run
// wrote is never replaced without --force.
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { basename } from 'node:path';
import { datasetPaths } from '../dataset/layout.ts';
import type { QaRecord } from '../dataset/question-record.ts';
import { writeJsonFile, writeTextAtomically } from '../generate/write-text.ts';
import { type ImageMode, NO_IMAGES_SUFFIX } from './image-mode.ts';

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
    ...(got.some((r) => r.servedModel)
      ? { servedModels: [...new Set(got.flatMap((r) => (r.servedModel ? [r.servedModel] : [])))].sort() }
      : {}),
    settings: h.settings,
    questions: h.questions,
    answered: h.answered,
    unanswered: h.questions - h.answered,
    usage: withUsage.length
      ? {
          replies: withUsage.length,
          promptTokens: withUsage.reduce((n, r) => n + r.usage!.promptTokens, 0),
          completionTokens: withUsage.reduce((n, r) => n + r.usage!.completionTokens, 0),
        }
      : null,
  });
  return path;
}

/**
 * Where a run's predictions go when --out is not given: beside the dataset, named by what
 * answered and the split, `<dataset>/eval/<model>.<split>.jsonl` (a model name's `/` and
 * other characters unsafe in file names become `_`; `<model>.no-images.<split>.jsonl` for a
 * run with --images none) or `<dataset>/eval/baseline-<name>.<split>.jsonl`.
 */
export function defaultPredictionsPath(
  dataset: string,
  split: string,
  source: { model?: string; baseline?: string },
  images: ImageMode = 'all',
): string {
  const name =
    source.baseline !== undefined
      ? `baseline-${source.baseline}`
      : String(source.model)
          .replace(/[^A-Za-z0-9._-]+/g, '_')
          .replace(/^\.+/, '_');
  return datasetPaths(dataset).predictions(`${name}${images === 'none' && source.baseline === undefined ? NO_IMAGES_SUFFIX : ''}`, split);
}

/** What makes two runs the same run: what answered, the questions asked, the settings. */
export interface RunIdentity {
  split: string;
  tasks: string[];
  source: { model?: string; baseline?: string };
  settings: Record<string, unknown>;
}

const identityText = (r: RunIdentity) => JSON.stringify([r.split, r.source.model ?? null, r.source.baseline ?? null, r.settings]);

/**
 * Why `predictions` may not be written by this run, or null: the file (or its header) is
 * there from another run (another model or baseline, split or settings, or tasks this run
 * would drop), or from a run whose header is missing. The same run again (a resume, a
 * repeat, or the same with more tasks, which the reply cache makes a continuation) may write it.
 */
export async function overwriteProblem(predictions: string, run: RunIdentity): Promise<string | null> {
  const metaPath = besidePredictions(predictions, 'meta.json');
  const [preds, meta] = [existsSync(predictions), existsSync(metaPath)];
  if (!preds && !meta) return null;
  if (!meta) return `${predictions} exists and has no run header (${basename(metaPath)}) saying which run wrote it`;
  let h: Record<string, unknown>;
  try {
    h = JSON.parse(await readFile(metaPath, 'utf8')) as Record<string, unknown>;
  } catch {
    // Unreadable or not JSON: which run wrote the predictions cannot be told, so that is the problem returned (naming the file) and nothing is overwritten.
    return `${metaPath} is not readable JSON, so which run wrote ${predictions} is unknown`;
  }
  const theirs: RunIdentity = {
    split: String(h.split),
    tasks: (h.tasks as string[]) ?? [],
    source: {
      ...(typeof h.model === 'string' ? { model: h.model } : {}),
      ...(typeof h.baseline === 'string' ? { baseline: h.baseline } : {}),
    },
    settings: (h.settings as Record<string, unknown>) ?? {},
  };
  const dropped = theirs.tasks.filter((t) => !run.tasks.includes(t));
  if (identityText(theirs) === identityText(run) && dropped.length === 0) return null;
  const who = theirs.source.baseline !== undefined ? `baseline ${theirs.source.baseline}` : `model ${theirs.source.model}`;
  const why =
    identityText(theirs) !== identityText(run)
      ? identityText({ ...theirs, settings: {} }) === identityText({ ...run, settings: {} })
        ? ', other settings'
        : ''
      : `; this run would drop task${dropped.length === 1 ? '' : 's'} ${dropped.join(',')}`;
  return `${predictions} holds the predictions of another run (${who}, split ${theirs.split}, tasks ${theirs.tasks.join(',')}${why})`;
}
