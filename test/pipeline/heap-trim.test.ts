// The generate loop's periodic full collection really collects: large objects that nothing
// holds are gone from the heap after the trimmer's Nth call, not before.

import assert from 'node:assert/strict';
import { test } from 'node:test';
import { heapTrimmer } from '../../pipeline/generate/heap-trim.ts';

test('heapTrimmer runs a full collection on every Nth image', () => {
  const trim = heapTrimmer(3);
  trim();
  trim();
  trim(); // settle: the first collection
  const base = process.memoryUsage().heapUsed;
  // ~30 MB of large arrays (each in V8's large-object space), dropped at once.
  let junk: number[][] | null = Array.from({ length: 60 }, (_, i) => new Array(65536).fill(i + 0.5));
  assert.equal(junk.length, 60);
  junk = null;
  trim();
  trim();
  const before = process.memoryUsage().heapUsed;
  trim(); // the third call collects
  const after = process.memoryUsage().heapUsed;
  assert.ok(
    before - base > 20e6,
    `the arrays should still be on the heap before the collection (${((before - base) / 1e6).toFixed(1)} MB)`,
  );
  assert.ok(
    after - base < 5e6,
    `after the collection the heap should be back near its start (${((after - base) / 1e6).toFixed(1)} MB over)`,
  );
});
