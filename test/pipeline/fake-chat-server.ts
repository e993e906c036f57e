// A chat-completions server on 127.0.0.1 for the eval tests. It knows the questions of a
// dataset by their text and the sha256 of their images, checks the shape of every request
// (model, settings, one user message with the images in order as PNG data URLs and then the
// question text), answers each question with its dataset answer (plain JSON or streamed as
// server-sent events), and misbehaves on request: 429 with Retry-After, 500, a reply slower
// than the client's timeout, malformed JSON, a dropped connection, 401, 404. It records the
// size of every image it receives, read from the PNG header. Given a blind rule, it answers
// a request that is no question with its images (text alone, or a question it does not know)
// by that rule on the text instead of refusing it.
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';

export interface Question {
  id: string;
  question: string;
  images: string[];
  answer: string;
}

export type Behaviour = 'ok' | '429' | '500' | 'slow' | 'malformed' | 'drop' | '401' | '404' | 'empty';

export interface Seen {
  id: string;
  /** 1 for the first request about this question, 2 for the next... */
  attempt: number;
  behaviour: Behaviour;
  at: number;
  stream: boolean;
  authorization?: string;
  /** Width x height of each image as received, in order, from its PNG header (`512x512`). */
  sizes: string[];
}

export interface FakeServer {
  url: string;
  seen: Seen[];
  /** Problems with the shape of requests (empty when every request was right). */
  problems: string[];
  /** Replies fully sent, by id. */
  replied: Map<string, number>;
  close: () => Promise<void>;
}

export interface ServerOptions {
  model: string;
  expect: { temperature: number; max_tokens: number; seed?: number; system?: string };
  plan?: (id: string, attempt: number) => Behaviour;
  /** Milliseconds before every good reply. */
  delayMs?: number;
  slowMs?: number;
  /** Text put in 401 bodies (to check that an echoed key is not shown). */
  echo?: string;
  /** The reply to a request that is no question's text with its images (text alone, say),
   * by a rule on the text; unset, such a request is a problem answered 400. */
  blind?: (text: string) => string;
}

const sha = (b: Buffer) => createHash('sha256').update(b).digest('hex');

/** `WxH` from a PNG's IHDR chunk (width and height, big-endian, at bytes 16 and 20). */
export const pngSize = (png: Buffer): string => `${png.readUInt32BE(16)}x${png.readUInt32BE(20)}`;

export function questionsOf(_dataset: string, lines: string[]): Question[] {
  return lines
    .filter(Boolean)
    .map((l) => JSON.parse(l))
    .map((r) => ({ id: r.id, question: r.question, images: r.images, answer: r.answer }));
}

export async function startServer(dataset: string, questions: Question[], o: ServerOptions): Promise<FakeServer> {
  const byKey = new Map<string, Question>();
  for (const q of questions) byKey.set(`${q.question}\u0000${q.images.map((p) => sha(readFileSync(join(dataset, p)))).join(',')}`, q);
  const seen: Seen[] = [];
  const problems: string[] = [];
  const replied = new Map<string, number>();
  const attempts = new Map<string, number>();

  const handle = (req: IncomingMessage, res: ServerResponse, raw: string) => {
    res.on('error', () => {});
    const bad = (why: string) => {
      problems.push(why);
      res.writeHead(400, { 'content-type': 'application/json' }).end(JSON.stringify({ error: { message: why } }));
    };
    if (req.method !== 'POST' || req.url !== '/v1/chat/completions') return bad(`${req.method} ${req.url}`);
    if (!String(req.headers['content-type']).startsWith('application/json')) return bad('content-type');
    let body: any;
    try {
      body = JSON.parse(raw);
    } catch {
      return bad('body is not JSON');
    }
    if (body.model !== o.model) return bad(`model ${body.model}`);
    for (const [k, v] of Object.entries({ temperature: o.expect.temperature, max_tokens: o.expect.max_tokens, seed: o.expect.seed })) {
      if (body[k] !== v) return bad(`${k} is ${body[k]}, expected ${v}`);
    }
    const msgs = body.messages;
    const system = o.expect.system === undefined ? [] : [{ role: 'system', content: o.expect.system }];
    if (!Array.isArray(msgs) || msgs.length !== system.length + 1) return bad(`${msgs?.length} messages`);
    if (system.length && JSON.stringify(msgs[0]) !== JSON.stringify(system[0])) return bad('system message');
    const user = msgs[msgs.length - 1];
    if (user.role !== 'user' || !(Array.isArray(user.content) || typeof user.content === 'string')) return bad('user message');
    // Text alone (eval --images none) comes as the content string.
    const parts = typeof user.content === 'string' ? [{ type: 'text', text: user.content }] : user.content;
    const text = parts[parts.length - 1];
    if (text?.type !== 'text') return bad('last part is not the text');
    const imgs = parts.slice(0, -1);
    const hashes: string[] = [];
    const sizes: string[] = [];
    for (const p of imgs) {
      const m = /^data:image\/png;base64,(.+)$/.exec(p?.image_url?.url ?? '');
      if (p.type !== 'image_url' || !m) return bad('an image part is not a PNG data URL');
      const bytes = Buffer.from(m[1], 'base64');
      if (!bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return bad('not PNG bytes');
      hashes.push(sha(bytes));
      sizes.push(pngSize(bytes));
    }
    const found = byKey.get(`${text.text}\u0000${hashes.join(',')}`);
    if (!found && !o.blind) return bad('no question has this text and these images in this order');
    // Not a question with its images: answered by the blind rule, counted under the text.
    const q = found ?? { id: `blind:${text.text}`, question: text.text, images: [], answer: o.blind!(text.text) };
    const attempt = (attempts.get(q.id) ?? 0) + 1;
    attempts.set(q.id, attempt);
    const behaviour = o.plan?.(q.id, attempt) ?? 'ok';
    seen.push({
      id: q.id,
      attempt,
      behaviour,
      at: Date.now(),
      stream: body.stream === true,
      authorization: req.headers.authorization,
      sizes,
    });
    const json = (status: number, value: unknown, headers: Record<string, string> = {}) =>
      res.writeHead(status, { 'content-type': 'application/json', ...headers }).end(JSON.stringify(value));
    switch (behaviour) {
      case '429':
        return json(429, { error: { message: 'slow down' } }, { 'retry-after': '1' });
      case '500':
        return json(500, { error: { message: 'boom' } });
      case '401':
        return json(401, { error: { message: `bad key ${o.echo ?? ''}` } });
      case '404':
        return json(404, { error: { message: 'no such model' } });
      case 'drop':
        return req.socket.destroy();
      case 'malformed':
        return res.writeHead(200, { 'content-type': 'application/json' }).end('{"choices": [{"message": {"content": "move x');
      default:
        break;
    }
    const answer = behaviour === 'empty' ? '' : found ? `The answer is ${q.answer}` : q.answer;
    const send = () => {
      if (res.destroyed) return;
      if (body.stream) {
        res.writeHead(200, { 'content-type': 'text/event-stream' });
        const chunk = (v: unknown) => res.write(`data: ${JSON.stringify(v)}\n\n`);
        chunk({ model: `${o.model}-served`, choices: [{ index: 0, delta: { role: 'assistant' } }] });
        for (let i = 0; i < answer.length; i += 5)
          chunk({ model: `${o.model}-served`, choices: [{ index: 0, delta: { content: answer.slice(i, i + 5) } }] });
        chunk({ model: `${o.model}-served`, choices: [{ index: 0, delta: {}, finish_reason: 'stop' }] });
        if (body.stream_options?.include_usage)
          chunk({ model: `${o.model}-served`, choices: [], usage: { prompt_tokens: 1000, completion_tokens: 7 } });
        res.end('data: [DONE]\n\n');
      } else {
        json(200, {
          model: `${o.model}-served`,
          choices: [{ index: 0, message: { role: 'assistant', content: answer }, finish_reason: 'stop' }],
          usage: { prompt_tokens: 1000, completion_tokens: 7 },
        });
      }
      replied.set(q.id, (replied.get(q.id) ?? 0) + 1);
    };
    setTimeout(send, behaviour === 'slow' ? (o.slowMs ?? 6500) : (o.delayMs ?? 0));
  };

  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c) => chunks.push(c));
    req.on('end', () => handle(req, res, Buffer.concat(chunks).toString('utf8')));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/v1`,
    seen,
    problems,
    replied,
    close: () =>
      new Promise((resolve) => {
        if (!server.listening) return resolve();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
