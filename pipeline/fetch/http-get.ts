// One polite GET with retries: only on 408, 429, 5xx and broken connections (refused, reset,
// cut mid-body, timed out), and on a body the caller's check refuses (a proxy's error page
// instead of the entry); waits grow exponentially with full jitter between half and all of
// base * 2^attempt (capped), and never fall short of the server's Retry-After. Any other status
// (404, 410, 403...) is final. file:/// URLs are read from disk (no retries: a missing file is
// "not found").
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { PACKAGE_VERSION } from '../package-version.ts';

export interface RetryPolicy {
  /** Attempts in all (the first included). */
  attempts: number;
  /** Seconds: the first wait before jitter; doubled each retry. */
  baseDelay: number;
  /** Seconds: no wait is longer (Retry-After excepted, up to `maxRetryAfter`). */
  maxDelay: number;
  /** Seconds: a Retry-After beyond this is not waited for; the item fails instead. */
  maxRetryAfter: number;
  /** Seconds before one attempt is abandoned as a broken connection. */
  timeout: number;
}

export const DEFAULT_RETRY: RetryPolicy = { attempts: 6, baseDelay: 1, maxDelay: 60, maxRetryAfter: 600, timeout: 120 };

export type GetResult =
  | { ok: true; bytes: Buffer; requests: number }
  /** `status` is the HTTP status of the last answer, when there was one. */
  | { ok: false; reason: string; status?: number; requests: number };

/** Returns why the body is unusable, or null when it is fine (then it is kept). */
export type BodyCheck = (bytes: Buffer) => string | null;

const RETRYABLE = (status: number) => status === 408 || status === 429 || status >= 500;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Retry-After in seconds (delta seconds or an HTTP date); undefined when absent or unreadable. */
export function retryAfterSeconds(value: string | null, now = Date.now()): number | undefined {
  if (!value) return undefined;
  if (/^\d+$/.test(value.trim())) return Number(value.trim());
  const at = Date.parse(value);
  return Number.isFinite(at) ? Math.max(0, (at - now) / 1000) : undefined;
}

/** The wait before retry number `retry` (1 = first retry), in seconds. */
export function backoffSeconds(retry: number, policy: RetryPolicy, random = Math.random): number {
  const ceiling = Math.min(policy.maxDelay, policy.baseDelay * 2 ** (retry - 1));
  return ceiling * (0.5 + 0.5 * random());
}

export async function getWithRetries(url: string, check: BodyCheck, policy: RetryPolicy = DEFAULT_RETRY): Promise<GetResult> {
  if (url.startsWith('file://')) return readLocal(url, check);
  let requests = 0;
  let last = '';
  let lastStatus: number | undefined;
  for (let attempt = 1; attempt <= policy.attempts; attempt++) {
    let retryAfter: number | undefined;
    requests++;
    try {
      const res = await fetch(url, {
        headers: { 'user-agent': `misi-gen/${PACKAGE_VERSION} (fetch)` },
        signal: AbortSignal.timeout(policy.timeout * 1000),
        redirect: 'follow',
      });
      lastStatus = res.status;
      if (res.ok) {
        const bytes = Buffer.from(await res.arrayBuffer());
        const problem = check(bytes);
        if (!problem) return { ok: true, bytes, requests };
        last = `the body is unusable: ${problem}`;
      } else {
        await res.body?.cancel().catch(() => {});
        if (!RETRYABLE(res.status))
          return { ok: false, reason: `HTTP ${res.status}${res.statusText ? ` ${res.statusText}` : ''}`, status: res.status, requests };
        last = `HTTP ${res.status}`;
        retryAfter = retryAfterSeconds(res.headers.get('retry-after'));
        if (retryAfter !== undefined && retryAfter > policy.maxRetryAfter)
          return {
            ok: false,
            reason: `HTTP ${res.status} with Retry-After ${retryAfter} s (more than ${policy.maxRetryAfter} s)`,
            status: res.status,
            requests,
          };
      }
    } catch (e) {
      last = `broken connection: ${describeNetworkError(e)}`;
      lastStatus = undefined;
    }
    if (attempt < policy.attempts) await sleep(1000 * Math.max(backoffSeconds(attempt, policy), retryAfter ?? 0));
  }
  return {
    ok: false,
    reason: `gave up after ${policy.attempts} attempts; last: ${last}`,
    ...(lastStatus !== undefined ? { status: lastStatus } : {}),
    requests,
  };
}

function describeNetworkError(e: unknown): string {
  const err = e as Error & { cause?: { code?: string; message?: string } };
  if (err?.name === 'TimeoutError') return 'timed out';
  const cause = err?.cause;
  return [err?.message, cause?.code ?? cause?.message].filter(Boolean).join(' (') + (cause ? ')' : '');
}

async function readLocal(url: string, check: BodyCheck): Promise<GetResult> {
  try {
    const bytes = await readFile(fileURLToPath(url));
    const problem = check(bytes);
    return problem ? { ok: false, reason: `the file is unusable: ${problem}`, requests: 0 } : { ok: true, bytes, requests: 0 };
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    return code === 'ENOENT'
      ? { ok: false, reason: 'no such file', status: 404, requests: 0 }
      : { ok: false, reason: `cannot read: ${(e as Error).message}`, requests: 0 };
  }
}
