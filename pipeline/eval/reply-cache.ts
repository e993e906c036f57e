// The replies of every run into one predictions file, kept in `<name>.cache.jsonl` beside
// it: one line per reply, appended and flushed as it arrives, keyed by (model, question id,
// request key). A rerun reads it and sends only the questions whose key has no reply yet,
// so a killed run resumes and a run with more tasks sends only the new ones. A line cut
// short by a kill is skipped (and the file mended so the next line starts on its own).
import { appendFileSync, closeSync, existsSync, openSync, readFileSync, writeSync } from 'node:fs';
import type { Usage } from './reply-body.ts';

export interface CachedReply {
  model: string;
  id: string;
  /** The request key (chat-request.ts). */
  request: string;
  prediction: string;
  usage?: Usage;
  /** The model name the server put in its reply, when it did. */
  servedModel?: string;
}

const keyOf = (model: string, id: string, request: string) => `${model}\u0000${id}\u0000${request}`;

export class ReplyCache {
  private readonly replies = new Map<string, CachedReply>();
  private fd: number | null = null;
  /** Lines that could not be read (a line cut short by a kill, or edited by hand). */
  readonly badLines: number[] = [];

  constructor(readonly path: string) {
    if (!existsSync(path)) return;
    const text = readFileSync(path, 'utf8');
    text.split('\n').forEach((line, i) => {
      if (line.trim() === '') return;
      try {
        const r = JSON.parse(line) as CachedReply;
        if (typeof r.model !== 'string' || typeof r.id !== 'string' || typeof r.request !== 'string' || typeof r.prediction !== 'string')
          throw new Error('fields');
        // The first reply for a key is kept, as `score` keeps the first prediction of an id.
        const key = keyOf(r.model, r.id, r.request);
        if (!this.replies.has(key)) this.replies.set(key, r);
      } catch {
        // Not a cached reply (a line cut by a killed run, or edited by hand): its number goes to badLines, which eval reports with the file, and the question is asked again.
        this.badLines.push(i + 1);
      }
    });
    if (text.length && !text.endsWith('\n')) appendFileSync(path, '\n');
  }

  get(model: string, id: string, request: string): CachedReply | undefined {
    return this.replies.get(keyOf(model, id, request));
  }

  /** Appends one reply and hands it to the operating system before returning. */
  add(r: CachedReply): void {
    const key = keyOf(r.model, r.id, r.request);
    if (this.replies.has(key)) return;
    this.replies.set(key, r);
    this.fd ??= openSync(this.path, 'a');
    writeSync(this.fd, JSON.stringify(r) + '\n');
  }

  close(): void {
    if (this.fd !== null) closeSync(this.fd);
    this.fd = null;
  }
}
