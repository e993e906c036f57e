// The parts of `eval` that need no server: Retry-After and the backoff, the reply readers
// (one JSON body, a stream of server-sent events), the cache after a kill cut its last line
// short, the TSV quoting read back, and the endpoint URL.

import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { redact } from '../../pipeline/eval/chat-client.ts';
import { requestBody, requestKey } from '../../pipeline/eval/chat-request.ts';
import { chatCompletionsUrl } from '../../pipeline/eval/eval-settings.ts';
import { readJsonReply, readStreamedReply } from '../../pipeline/eval/reply-body.ts';
import { ReplyCache } from '../../pipeline/eval/reply-cache.ts';
import { retryAfterMs, retryDelayMs } from '../../pipeline/eval/retry-delay.ts';
import { parseTsv, TsvReader, tsvLine } from '../../pipeline/export/tsv.ts';

test('Retry-After in seconds or as a date; backoff doubles with jitter in [0.5, 1), capped, never under Retry-After', () => {
  assert.equal(retryAfterMs('2'), 2000);
  assert.equal(retryAfterMs(null), undefined);
  assert.equal(retryAfterMs('soon'), undefined);
  const now = Date.parse('2026-12-01T12:00:00Z');
  assert.equal(retryAfterMs('Tue, 01 Dec 2026 12:00:30 GMT', now), 30000);
  assert.equal(retryAfterMs('99999'), 300000);
  assert.equal(
    retryDelayMs(0, 1000, undefined, () => 0),
    500,
  );
  assert.equal(retryDelayMs(3, 1000, undefined, () => 0.999999) < 8000, true);
  assert.equal(
    retryDelayMs(3, 1000, undefined, () => 0),
    4000,
  );
  assert.equal(
    retryDelayMs(20, 1000, undefined, () => 0),
    30000,
  );
  assert.equal(
    retryDelayMs(0, 1000, 7000, () => 0.5),
    7000,
  );
});

test('reply readers: text, usage and model; not JSON is malformed; no text is empty; a stream must end with [DONE]', () => {
  const ok = readJsonReply(
    JSON.stringify({ model: 'm-1', choices: [{ message: { content: 'move x 3' } }], usage: { prompt_tokens: 10, completion_tokens: 3 } }),
  );
  assert.deepEqual(ok, { kind: 'text', text: 'move x 3', usage: { promptTokens: 10, completionTokens: 3 }, servedModel: 'm-1' });
  assert.equal(readJsonReply('<html>502 Bad Gateway</html>').kind, 'malformed');
  assert.equal(readJsonReply('{"error": {"message": "overloaded"}}').kind, 'malformed');
  assert.equal(readJsonReply('{"choices": [{"message": {"content": null}, "finish_reason": "length"}]}').kind, 'empty');
  const sse = [
    'data: {"choices":[{"delta":{"role":"assistant"}}]}',
    'data: {"choices":[{"delta":{"content":"roll "}}]}',
    'data: {"choices":[{"delta":{"content":"y 15"},"finish_reason":"stop"}]}',
    'data: {"choices":[],"usage":{"prompt_tokens":5,"completion_tokens":2}}',
    'data: [DONE]',
  ];
  assert.deepEqual(readStreamedReply(sse.join('\n\n') + '\n\n'), {
    kind: 'text',
    text: 'roll y 15',
    usage: { promptTokens: 5, completionTokens: 2 },
    servedModel: undefined,
  });
  assert.equal(readStreamedReply(sse.slice(0, 3).join('\n\n')).kind, 'malformed');
  assert.equal(readStreamedReply('data: {"choices": [{"delta"\n\ndata: [DONE]\n').kind, 'malformed');
});

test('the cache skips a line cut short by a kill, mends the file, and keeps the first reply per key', () => {
  const dir = mkdtempSync(join(tmpdir(), 'misi-cache-'));
  const path = join(dir, 'p.cache.jsonl');
  const line = (id: string, prediction: string) => JSON.stringify({ model: 'm', id, request: 'k', prediction });
  writeFileSync(path, `${line('a', 'A')}\n${line('a', 'B')}\n{"model": "m", "id": "b", "requ`);
  const cache = new ReplyCache(path);
  assert.deepEqual(cache.badLines, [3]);
  assert.equal(cache.get('m', 'a', 'k')?.prediction, 'A');
  assert.equal(cache.get('m', 'b', 'k'), undefined);
  assert.equal(cache.get('other', 'a', 'k'), undefined);
  cache.add({ model: 'm', id: 'b', request: 'k', prediction: 'C' });
  cache.close();
  const again = new ReplyCache(path);
  assert.equal(again.get('m', 'b', 'k')?.prediction, 'C');
  assert.deepEqual(again.badLines, [3]);
  assert.ok(readFileSync(path, 'utf8').endsWith(`\n${line('b', 'C')}\n`));
  rmSync(dir, { recursive: true });
});

test('TSV fields with tabs, new lines and quotes survive; plain fields are written bare', () => {
  const values = ['1', 'say "ASN 460"', 'two\nlines', 'a\tb', '', "['x', 'y']"];
  const text = tsvLine(['h1', 'h2', 'h3', 'h4', 'h5', 'h6']) + tsvLine(values);
  assert.deepEqual(parseTsv(text), [['h1', 'h2', 'h3', 'h4', 'h5', 'h6'], values]);
  assert.equal(tsvLine(['1', "['x']"]), "1\t['x']\n");
  // Fed in chunks of every small size (a quote pair or a separator split across chunks).
  for (const size of [1, 2, 3, 5, 7, 11]) {
    const rows: string[][] = [];
    const reader = new TsvReader((r) => rows.push(r));
    for (let i = 0; i < text.length; i += size) reader.push(text.slice(i, i + size));
    reader.end();
    assert.deepEqual(rows, [['h1', 'h2', 'h3', 'h4', 'h5', 'h6'], values], `chunks of ${size}`);
  }
});

test('endpoint URLs and redaction', () => {
  assert.equal(chatCompletionsUrl('http://localhost:8000/v1/'), 'http://localhost:8000/v1/chat/completions');
  assert.equal(chatCompletionsUrl('https://api.example.com/v1/chat/completions'), 'https://api.example.com/v1/chat/completions');
  assert.equal(redact('bad key sk-123 given', 'sk-123'), 'bad key [API key] given');
  assert.equal(redact('nothing', undefined), 'nothing');
});

test('request body: system message, the images in order then the question; the key ignores stream and follows image bytes', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'misi-req-'));
  writeFileSync(join(dir, 'a.png'), 'AAA');
  writeFileSync(join(dir, 'b.png'), 'BBB');
  const q = { id: 'translation-x-000', task: 'translation', question: 'Which move?', images: ['a.png', 'b.png'] };
  const g = { model: 'm', temperature: 0, maxTokens: 64, systemPrompt: 'Be brief.', seed: 3 };
  const { createHash } = await import('node:crypto');
  const sha = async (p: string) =>
    createHash('sha256')
      .update(readFileSync(join(dir, p)))
      .digest('hex');
  const src = { datasetDir: dir, sha256: sha };
  const body: any = await requestBody(q, g, src, false);
  assert.deepEqual(body, {
    model: 'm',
    temperature: 0,
    max_tokens: 64,
    seed: 3,
    messages: [
      { role: 'system', content: 'Be brief.' },
      {
        role: 'user',
        content: [
          { type: 'image_url', image_url: { url: `data:image/png;base64,${Buffer.from('AAA').toString('base64')}` } },
          { type: 'image_url', image_url: { url: `data:image/png;base64,${Buffer.from('BBB').toString('base64')}` } },
          { type: 'text', text: 'Which move?' },
        ],
      },
    ],
  });
  const streamed: any = await requestBody(q, g, src, true);
  assert.equal(streamed.stream, true);
  assert.deepEqual(streamed.stream_options, { include_usage: true });
  const key = await requestKey(q, g, src);
  assert.match(key, /^[0-9a-f]{64}$/);
  assert.notEqual(await requestKey({ ...q, images: ['b.png', 'a.png'] }, g, src), key, 'image order is part of the key');
  assert.notEqual(await requestKey(q, { ...g, maxTokens: 65 }, src), key, 'settings are part of the key');
  const urls: any = await requestBody(q, g, { ...src, urlPrefix: 'http://host:9000/ds/' }, false);
  assert.equal(urls.messages[1].content[1].image_url.url, 'http://host:9000/ds/b.png');
  rmSync(dir, { recursive: true });
});
