// Rows of the exact identity (complex-identity.ts) on worker threads (identity-rows.ts):
// the same bounds and identities on 1 and 3 threads, with the workers doing part of the
// work, from the sources and from the compiled package (dist/, built by `npm test`); and
// every identity a row gives is that of the traceback alignment.

import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { test } from 'node:test';
import { pathToFileURL } from 'node:url';
import { buildSplitCorpus } from '../../../scripts/split-corpus.ts';
import { ComplexIdentity } from '../../../structures/grouping/complex-identity.ts';
import { encodeSequence, identityCount } from '../../../structures/grouping/identity-kernel.ts';
import { type LinkageItem, linkageData } from '../../../structures/grouping/protein-linkage.ts';
import { sequenceIdentity } from '../../../structures/grouping/sequence-identity.ts';
import { REPO } from '../../shared-structures.ts';

const COMPILED = resolve(REPO, 'dist/structures/grouping/complex-identity.js');

/** 300 synthetic complexes (families, near duplicates, multi-chain entries): rows of ~430 chain pairs, enough to wake the workers. */
function corpus() {
  const { items } = buildSplitCorpus(300, 2);
  return items.map((i): LinkageItem => ({ pocket: i.pocket, whole: i.whole }));
}

/** Rows of complexes 0, 7, 14... against all, at floors 0.3 and 0, until the workers (which take a moment to start) have done part of them (at most 60 s). */
function rowsUntilWorkersHelp(ci: ComplexIdentity, n: number) {
  const all = Array.from({ length: n }, (_, j) => j);
  const rows = [];
  const started = Date.now();
  for (let k = 0; Date.now() - started < 60_000; k++) {
    const i = (7 * k) % n;
    rows.push({ i, at30: ci.row(i, all, 0.3), at0: ci.row(i, all, 0) });
    if (
      ci
        .cellsByThread()
        .slice(1)
        .every((c) => c > 0) &&
      rows.length >= 4
    )
      break;
  }
  return rows.slice(-12);
}

function checkAgainstOneThread(make: (threads: number) => ComplexIdentity, n: number) {
  const three = make(3);
  const one = make(1);
  try {
    const rows = rowsUntilWorkersHelp(three, n);
    const cells = three.cellsByThread();
    assert.equal(cells.length, 3);
    assert.ok(
      cells.slice(1).every((c) => c > 0),
      `the workers did nothing: ${cells}`,
    );
    const all = Array.from({ length: n }, (_, j) => j);
    for (const r of rows) {
      const at30 = one.row(r.i, all, 0.3),
        at0 = one.row(r.i, all, 0);
      assert.deepEqual([...r.at30.bound], [...at30.bound], `row ${r.i}: bounds`);
      assert.deepEqual([...r.at30.identity], [...at30.identity], `row ${r.i}: identities at 30 %`);
      assert.deepEqual([...r.at0.identity], [...at0.identity], `row ${r.i}: identities`);
    }
    return rows;
  } finally {
    three.close();
    one.close();
  }
}

test('rows on three threads give the bounds and identities of one thread, and the identities of the traceback', () => {
  const items = corpus();
  const rows = checkAgainstOneThread((threads) => new ComplexIdentity(linkageData(items, { threshold: 0.3 }), { threads }), items.length);
  // Every identity of a row at floor 0 is the best chain pair's traceback identity (whole
  // chains: all have them), the complex first in order giving the first sequence.
  const r = rows[0];
  for (let j = 0; j < items.length; j += 3) {
    if (j === r.i) continue;
    const best = Math.max(
      ...items[r.i].whole!.flatMap((a) => items[j].whole!.map((b) => (r.i < j ? sequenceIdentity(a, b) : sequenceIdentity(b, a)))),
    );
    assert.equal(r.at0.identity[j], best, `complexes ${r.i} and ${j}`);
    assert.ok(r.at0.bound[j] >= best);
    assert.equal(r.at30.identity[j], best >= 0.3 ? best : -1);
  }
});

test('a pair has one identity, whichever complex the row is of, even where the alignment depends on which chain is the query', () => {
  const items = corpus();
  const ci = new ComplexIdentity(linkageData(items, { threshold: 0.3 }), { threads: 1 });
  const single = items.map((it) => ({ pocket: [], whole: [it.whole![0]] }));
  const one = new ComplexIdentity(linkageData(single, { threshold: 0.3 }), { threads: 1 });
  let asymmetric = 0;
  for (let i = 0; i < items.length; i++) {
    for (let j = i + 1; j < items.length; j += 7) {
      const a = encodeSequence(items[i].whole![0]),
        b = encodeSequence(items[j].whole![0]);
      const forward = identityCount(a, b),
        backward = identityCount(b, a);
      if (forward === backward) continue;
      asymmetric++;
      // First chains only: the first complex in order gives the first sequence, from either row.
      const expected = forward / Math.min(a.length, b.length);
      assert.equal(one.row(i, [j], 0).identity[0], expected, `${i}, ${j}`);
      assert.equal(one.row(j, [i], 0).identity[0], expected, `${j}, ${i}`);
      assert.equal(ci.row(i, [j], 0).identity[0], ci.row(j, [i], 0).identity[0]);
    }
    if (asymmetric >= 20) break;
  }
  assert.ok(asymmetric >= 20, `${asymmetric} pairs whose identity depends on the order: the test shows little`);
  ci.close();
  one.close();
});

test('rows on three threads from the compiled package (dist/) give those of one thread', {
  skip: existsSync(COMPILED) ? false : 'dist/ not built (npm test builds it)',
}, async () => {
  const compiled = (await import(pathToFileURL(COMPILED).href)) as typeof import('../../../structures/grouping/complex-identity.ts');
  const items = corpus();
  checkAgainstOneThread(
    (threads) =>
      threads === 1
        ? new ComplexIdentity(linkageData(items, { threshold: 0.3 }), { threads })
        : new compiled.ComplexIdentity(linkageData(items, { threshold: 0.3 }), { threads }),
    items.length,
  );
});
