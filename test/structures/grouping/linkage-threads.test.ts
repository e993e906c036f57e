// The split's worker threads start in both forms of the code: the sources (tsx) and the
// compiled package (dist/, built by `npm test`, where there is no .ts to import and, once
// installed, no tsx). They once crashed in dist/. Two threads must give one thread's clusters.

import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { test } from 'node:test';
import { pathToFileURL } from 'node:url';
import { complexSequences } from '../../../pipeline/split/protein-sequences.ts';
import { type LinkageItem, linkBySequence } from '../../../structures/grouping/protein-linkage.ts';
import { ingestEach } from '../../../structures/ingest.ts';
import { REPO, SAMPLE } from '../../shared-structures.ts';

const COMPILED = resolve(REPO, 'dist/structures/grouping/protein-linkage.js');

async function sampleItems(): Promise<LinkageItem[]> {
  const items: LinkageItem[] = [];
  await ingestEach([SAMPLE], {}, async (c) => {
    const s = await complexSequences(c);
    const long = (l: string[] | null) => (l ?? []).filter((x) => x.length >= 30);
    items.push({ pocket: long(s.pocket), whole: long(s.whole) });
  });
  // Copies with one residue changed, so that some pairs link and some do not.
  return [...items, ...items.map((it) => ({ pocket: it.pocket.map((p) => `A${p.slice(1)}`), whole: it.whole }))];
}

test('two worker threads from the sources give the clusters of the calling thread', async () => {
  const items = await sampleItems();
  const one = await linkBySequence(items, { threshold: 0.3, workers: 1 });
  const two = await linkBySequence(items, { threshold: 0.3, workers: 2 });
  assert.equal(two.stats.workers, 2);
  assert.deepEqual([...two.root], [...one.root]);
  assert.ok(new Set(one.root).size < items.length, 'no pair linked: the test shows nothing');
});

test('two worker threads from the compiled package (dist/) give the same clusters', {
  skip: existsSync(COMPILED) ? false : 'dist/ not built (npm test builds it)',
}, async () => {
  const compiled = (await import(pathToFileURL(COMPILED).href)) as typeof import('../../../structures/grouping/protein-linkage.ts');
  const items = await sampleItems();
  const one = await linkBySequence(items, { threshold: 0.3, workers: 1 });
  const two = await compiled.linkBySequence(items, { threshold: 0.3, workers: 2 });
  assert.equal(two.stats.workers, 2);
  assert.deepEqual([...two.root], [...one.root]);
});
