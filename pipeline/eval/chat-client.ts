// One chat-completions request and what became of it, in the terms the run acts on:
// a reply, a failure worth retrying (429, 5xx, timeout, dropped connection, malformed
// body), a question left unanswered (no text, a request the server refuses), or a fatal
// problem that ends the run (unreachable, 401/403, 404). Messages never hold the API key.
import { readJsonReply, readStreamedReply, type Usage } from './reply-body.ts';
import { retryAfterMs } from './retry-delay.ts';

export type Outcome =
  | { kind: 'reply'; text: string; usage?: Usage; servedModel?: string }
  | { kind: 'retry'; reason: string; retryAfterMs?: number }
  | { kind: 'unanswered'; reason: string }
  | { kind: 'fatal'; reason: string }
  | { kind: 'unreachable'; reason: string };

export interface ChatCall {
  url: string;
  body: Record<string, unknown>;
  apiKey?: string;
  timeoutMs: number;
  stream: boolean;
  /** Aborts the request when the run stops. */
  signal?: AbortSignal;
}

/** Replaces the key wherever it appears (a server may echo it back in an error page). */
export function redact(text: string, apiKey?: string): string {
  return apiKey ? text.split(apiKey).join('[API key]') : text;
}

const snippet = (s: string) => s.replace(/\s+/g, ' ').trim().slice(0, 200);

const UNREACHABLE = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH', 'ENETUNREACH']);

export async function callChat(c: ChatCall): Promise<Outcome> {
  const timeout = AbortSignal.timeout(c.timeoutMs);
  const signal = c.signal ? AbortSignal.any([timeout, c.signal]) : timeout;
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (c.apiKey) headers.authorization = `Bearer ${c.apiKey}`;
  let status: number;
  let raw: string;
  let retryAfter: string | null;
  try {
    const res = await fetch(c.url, { method: 'POST', headers, body: JSON.stringify(c.body), signal });
    status = res.status;
    retryAfter = res.headers.get('retry-after');
    raw = await res.text();
  } catch (e) {
    if (timeout.aborted) return { kind: 'retry', reason: `no reply within ${c.timeoutMs / 1000} s` };
    if (c.signal?.aborted) return { kind: 'unanswered', reason: 'the run stopped' };
    const cause = (e as { cause?: { code?: string; message?: string } }).cause;
    const code = cause?.code ?? '';
    const what = redact(`${code || (e as Error).message}${cause?.message && !code ? ` (${cause.message})` : ''}`, c.apiKey);
    if (UNREACHABLE.has(code)) return { kind: 'unreachable', reason: `cannot reach ${c.url}: ${what}` };
    return { kind: 'retry', reason: `the connection failed (${what})` };
  }
  const said = redact(snippet(raw), c.apiKey);
  if (status === 401 || status === 403) {
    return {
      kind: 'fatal',
      reason: `${c.url} answered ${status} ${status === 401 ? 'Unauthorized' : 'Forbidden'}: the API key is missing or refused (${said})`,
    };
  }
  if (status === 404) {
    return {
      kind: 'fatal',
      reason: `${c.url} answered 404 Not Found: check the endpoint (the API base, e.g. http://localhost:8000/v1) and that it serves model ${JSON.stringify(c.body.model)} (${said})`,
    };
  }
  if (status === 429 || status === 408 || status >= 500) {
    return { kind: 'retry', reason: `HTTP ${status} (${said})`, retryAfterMs: retryAfterMs(retryAfter) };
  }
  if (status !== 200) return { kind: 'unanswered', reason: `the server refused the request: HTTP ${status} (${said})` };
  // A server that ignores `stream` answers with one JSON body: read whichever came.
  const reply = c.stream && /^\s*data:/m.test(raw) ? readStreamedReply(raw) : readJsonReply(raw);
  if (reply.kind === 'malformed') return { kind: 'retry', reason: redact(reply.reason, c.apiKey) };
  if (reply.kind === 'empty') return { kind: 'unanswered', reason: reply.reason };
  return { kind: 'reply', text: reply.text, usage: reply.usage, servedModel: reply.servedModel };
}
