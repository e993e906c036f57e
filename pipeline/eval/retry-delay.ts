// How long to wait before the next attempt: exponential backoff with jitter, or at least
// what the server asked for in `Retry-After` (seconds, or an HTTP date).
import { MAX_BACKOFF_MS, MAX_RETRY_AFTER_MS } from './eval-settings.ts';

/** `Retry-After` in milliseconds from now, or undefined when absent or unreadable. */
export function retryAfterMs(header: string | null, now = Date.now()): number | undefined {
  if (header === null || header.trim() === '') return undefined;
  const text = header.trim();
  if (/^\d+(\.\d+)?$/.test(text)) return Math.min(MAX_RETRY_AFTER_MS, Number(text) * 1000);
  const at = Date.parse(text);
  return Number.isNaN(at) ? undefined : Math.min(MAX_RETRY_AFTER_MS, Math.max(0, at - now));
}

/**
 * The wait before attempt `attempt + 1` (attempt 0 is the first request): base * 2^attempt,
 * capped, times a jitter factor in [0.5, 1) so that workers that failed together do not
 * retry together; never shorter than the server's Retry-After.
 */
export function retryDelayMs(attempt: number, baseMs: number, serverAsked?: number, random: () => number = Math.random): number {
  const backoff = Math.min(MAX_BACKOFF_MS, baseMs * 2 ** attempt) * (0.5 + random() / 2);
  return Math.max(serverAsked ?? 0, backoff);
}
