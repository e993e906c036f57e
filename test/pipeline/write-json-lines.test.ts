// The JSON-lines writer streams: records add up to far more bytes than it ever holds, and
// the file read back line by line is every record, in order, byte for byte.

import assert from 'node:assert/strict';
import { createReadStream, existsSync } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { test } from 'node:test';
import { JsonLinesWriter, writeJsonLines } from '../../pipeline/write-json-lines.ts';

const record = (k: number) => ({ id: `c${k}`, k, text: `${k % 10}`.repeat(2000 + (k % 7) * 300), nested: { ok: k % 3 === 0 } });

test('records streamed through the writer add up to far more than it ever buffers', async () => {
  const dir = await mkdtemp(join(tmpdir(), 'jsonl-'));
  try {
    const path = join(dir, 'big.jsonl');
    const n = 12_000; // ~33 MB in all
    async function* records() {
      for (let k = 0; k < n; k++) yield record(k);
    }
    const stats = await writeJsonLines(path, records());
    assert.equal(stats.records, n);
    assert.ok(stats.bytes > 30e6, `${stats.bytes} bytes`);
    assert.ok(stats.largestBuffered * 200 < stats.bytes, `buffered up to ${stats.largestBuffered} of ${stats.bytes} bytes`);
    assert.ok(!existsSync(`${path}.tmp-${process.pid}`), 'temporary file left behind');
    let k = 0;
    let bytes = 0;
    for await (const line of createInterface({ input: createReadStream(path), crlfDelay: Infinity })) {
      assert.equal(line, JSON.stringify(record(k)), `line ${k + 1}`);
      bytes += Buffer.byteLength(line) + 1;
      k++;
    }
    assert.equal(k, n);
    assert.equal(bytes, stats.bytes);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
});

test('the file appears only when closed; no records: an empty file', async () => {
  const dir = await mkdtemp(join(tmpdir(), 'jsonl-'));
  try {
    const path = join(dir, 'a.jsonl');
    const w = await JsonLinesWriter.open(path);
    await w.write({ a: 1 });
    await w.write('two');
    assert.ok(!existsSync(path));
    await w.close();
    assert.equal(await readFile(path, 'utf8'), '{"a":1}\n"two"\n');
    await writeJsonLines(join(dir, 'empty.jsonl'), []);
    assert.equal(await readFile(join(dir, 'empty.jsonl'), 'utf8'), '');
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
});
