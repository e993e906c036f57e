// `eval` as a library call: for every question of the selection, the cached reply when its
// (model, id, request key) has one, else one chat-completions request, with N in flight,
// retries with backoff on 429/5xx/timeouts/dropped connections/malformed bodies (a 429's
// Retry-After pauses every worker), and a stop of the whole run on a fatal answer
// (unreachable before any reply, 401/403, 404). Replies go to the cache as they arrive.
import type { QaRecord } from '../dataset/question-record.ts';
import { callChat, type Outcome, redact } from './chat-client.ts';
import { type ImageSource, requestBody, requestKey } from './chat-request.ts';
import { evalProgress } from './eval-progress.ts';
import { chatCompletionsUrl, type GenerationSettings, type TransportSettings } from './eval-settings.ts';
import type { ReplyCache } from './reply-cache.ts';
import { retryDelayMs } from './retry-delay.ts';

export interface Unanswered {
  id: string;
  reason: string;
}

export interface EvalRun {
  /** The request key of every question, by id. */
  keys: Map<string, string>;
  /** Questions whose reply was in the cache already. */
  cached: number;
  /** Questions sent in this run, and how many of them got a reply. */
  sent: number;
  answeredNow: number;
  unanswered: Unanswered[];
  /** Requests that failed and were tried again. */
  retried: number;
  /** Why the run stopped early, when it did. */
  fatal?: string;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export async function askQuestions(
  questions: QaRecord[],
  g: GenerationSettings,
  t: TransportSettings,
  images: ImageSource,
  cache: ReplyCache,
  log: (line: string) => void,
): Promise<EvalRun> {
  const url = chatCompletionsUrl(t.endpoint);
  const todo: { q: QaRecord; key: string }[] = [];
  const keys = new Map<string, string>();
  let cached = 0;
  for (const q of questions) {
    const key = await requestKey(q, g, images);
    keys.set(q.id, key);
    if (cache.get(g.model, q.id, key)) cached++;
    else todo.push({ q, key });
  }
  const run: EvalRun = { keys, cached, sent: todo.length, answeredNow: 0, unanswered: [], retried: 0 };
  if (cached) log(`eval: ${cached} of ${questions.length} questions already answered in ${cache.path}; sending ${todo.length}`);
  const progress = evalProgress(todo.length);
  const stop = new AbortController();
  let pausedUntil = 0;
  let reached = false;
  let next = 0;

  const ask = async (q: QaRecord, key: string) => {
    for (let attempt = 0; ; attempt++) {
      while (Date.now() < pausedUntil && !stop.signal.aborted) await sleep(pausedUntil - Date.now());
      if (stop.signal.aborted) return;
      const body = await requestBody(q, g, images, t.stream);
      let out: Outcome = await callChat({ url, body, apiKey: t.apiKey, timeoutMs: t.timeoutMs, stream: t.stream, signal: stop.signal });
      if (out.kind === 'unreachable') out = reached ? { kind: 'retry', reason: out.reason } : { kind: 'fatal', reason: out.reason };
      if (stop.signal.aborted) return;
      if (out.kind === 'reply') {
        reached = true;
        cache.add({
          model: g.model,
          id: q.id,
          request: key,
          prediction: out.text,
          ...(out.usage ? { usage: out.usage } : {}),
          ...(out.servedModel ? { servedModel: out.servedModel } : {}),
        });
        run.answeredNow++;
        progress.step(out.usage);
        return;
      }
      if (out.kind === 'fatal') {
        run.fatal ??= out.reason;
        stop.abort();
        return;
      }
      if (out.kind === 'retry' && attempt < t.retries) {
        reached = true;
        run.retried++;
        const wait = retryDelayMs(attempt, t.backoffMs, out.retryAfterMs);
        if (out.retryAfterMs !== undefined) pausedUntil = Math.max(pausedUntil, Date.now() + out.retryAfterMs);
        log(`eval: ${q.id}: ${out.reason}; attempt ${attempt + 2} of ${t.retries + 1} in ${(wait / 1000).toFixed(1)} s`);
        await sleep(wait);
        continue;
      }
      const reason = out.kind === 'retry' ? `${out.reason}, after ${t.retries + 1} attempts` : out.reason;
      run.unanswered.push({ id: q.id, reason });
      log(`eval: ${q.id}: unanswered: ${reason}`);
      progress.step();
      return;
    }
  };
  const worker = async () => {
    while (!stop.signal.aborted && next < todo.length) {
      const { q, key } = todo[next++];
      await ask(q, key);
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, t.concurrency) }, worker));
  progress.done();
  cache.close();
  if (run.fatal) run.fatal = redact(run.fatal, t.apiKey);
  return run;
}
