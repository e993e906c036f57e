// The text of a chat-completions reply, from one JSON body or from a stream of server-sent
// events (`data: {chunk}` lines ending with `data: [DONE]`). A body that is not JSON is
// `malformed` (worth retrying: proxies and overloaded servers send such pages); a JSON reply
// without text is `empty`.

export interface Usage {
  promptTokens: number;
  completionTokens: number;
}

export type ReplyText =
  | { kind: 'text'; text: string; usage?: Usage; servedModel?: string }
  | { kind: 'malformed'; reason: string }
  | { kind: 'empty'; reason: string };

const preview = (s: string) => JSON.stringify(s.length > 80 ? `${s.slice(0, 77)}...` : s);

function usageOf(u: any): Usage | undefined {
  if (!u || typeof u !== 'object') return undefined;
  const p = Number(u.prompt_tokens);
  const c = Number(u.completion_tokens);
  return Number.isFinite(p) || Number.isFinite(c)
    ? { promptTokens: Number.isFinite(p) ? p : 0, completionTokens: Number.isFinite(c) ? c : 0 }
    : undefined;
}

function errorText(v: any): string | undefined {
  const e = v?.error;
  if (e === undefined) return undefined;
  return typeof e === 'string' ? e : typeof e?.message === 'string' ? e.message : JSON.stringify(e);
}

export function readJsonReply(raw: string): ReplyText {
  let v: any;
  try {
    v = JSON.parse(raw);
  } catch {
    // A body that is not JSON: a malformed reply, reported with its first characters (eval counts it and names its question).
    return { kind: 'malformed', reason: `the reply is not JSON: ${preview(raw)}` };
  }
  const err = errorText(v);
  if (err !== undefined) return { kind: 'malformed', reason: `the reply is an error: ${preview(err)}` };
  const choice = v?.choices?.[0];
  const content = choice?.message?.content;
  const text =
    typeof content === 'string'
      ? content
      : Array.isArray(content)
        ? content.map((p: any) => (typeof p?.text === 'string' ? p.text : '')).join('')
        : '';
  if (text === '')
    return { kind: 'empty', reason: `the reply has no text (finish_reason ${JSON.stringify(choice?.finish_reason ?? null)})` };
  return { kind: 'text', text, usage: usageOf(v.usage), servedModel: typeof v.model === 'string' ? v.model : undefined };
}

export function readStreamedReply(raw: string): ReplyText {
  let text = '';
  let usage: Usage | undefined;
  let servedModel: string | undefined;
  let finish: unknown = null;
  let done = false;
  for (const line of raw.split(/\r?\n/)) {
    if (!line.startsWith('data:')) continue;
    const data = line.slice(5).trim();
    if (data === '[DONE]') {
      done = true;
      break;
    }
    let chunk: any;
    try {
      chunk = JSON.parse(data);
    } catch {
      // A streamed chunk that is not JSON: the reply is malformed, reported with the chunk's first characters.
      return { kind: 'malformed', reason: `a streamed chunk is not JSON: ${preview(data)}` };
    }
    const err = errorText(chunk);
    if (err !== undefined) return { kind: 'malformed', reason: `the stream carried an error: ${preview(err)}` };
    const choice = chunk?.choices?.[0];
    if (typeof choice?.delta?.content === 'string') text += choice.delta.content;
    if (choice?.finish_reason) finish = choice.finish_reason;
    usage = usageOf(chunk?.usage) ?? usage;
    if (typeof chunk?.model === 'string') servedModel = chunk.model;
  }
  if (!done) return { kind: 'malformed', reason: 'the stream ended without data: [DONE]' };
  if (text === '') return { kind: 'empty', reason: `the reply has no text (finish_reason ${JSON.stringify(finish)})` };
  return { kind: 'text', text, usage, servedModel };
}
