// What an `eval` run sends and how politely: the generation settings that go into every
// request body, and the transport settings that do not. Defaults are stated here once.

/** Generation settings: part of every request body, so part of its cache key. */
export interface GenerationSettings {
  /** The model name the endpoint serves (the request's `model`). */
  model: string;
  temperature: number;
  /** The request's `max_tokens`: most tokens the model may reply with. */
  maxTokens: number;
  /** A system message sent before each question; none when undefined. */
  systemPrompt?: string;
  /** Sent as `seed` when given (vLLM, SGLang, llama.cpp and OpenAI take one). */
  seed?: number;
}

/** How the requests travel: not part of the cache key (the reply does not depend on them). */
export interface TransportSettings {
  /** Base URL of the OpenAI-compatible API (`http://localhost:8000/v1`), or the full chat-completions URL. */
  endpoint: string;
  /** Ask for a streamed reply (server-sent events) instead of one JSON body. */
  stream: boolean;
  /** Requests in flight at once. */
  concurrency: number;
  /** Milliseconds one request may take, reply included, before it is abandoned and retried. */
  timeoutMs: number;
  /** Further attempts after the first for a question whose request failed in a retryable way. */
  retries: number;
  /** First backoff in milliseconds; doubled at each attempt, capped at MAX_BACKOFF_MS, with jitter. */
  backoffMs: number;
  /** The API key, or undefined when the named variable is unset. Never written anywhere. */
  apiKey?: string;
}

export const DEFAULTS = {
  temperature: 0,
  maxTokens: 1024,
  concurrency: 4,
  timeoutSeconds: 300,
  retries: 6,
  backoffSeconds: 1,
  apiKeyEnv: 'OPENAI_API_KEY',
} as const;

/** Longest backoff between two attempts, and the longest Retry-After honoured. */
export const MAX_BACKOFF_MS = 60_000;
export const MAX_RETRY_AFTER_MS = 300_000;

/** The chat-completions URL of an endpoint given as the API base or as the full URL. */
export function chatCompletionsUrl(endpoint: string): string {
  const trimmed = endpoint.replace(/\/+$/, '');
  return /\/chat\/completions$/.test(trimmed) ? trimmed : `${trimmed}/chat/completions`;
}
