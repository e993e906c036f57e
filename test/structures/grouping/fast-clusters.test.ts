// The exact engine of the split by protein (one-pass identity kernel, worker threads,
// joined pairs skipped) against today's method: the traceback alignment of
// sequence-identity.ts on every pair, single linkage by union-find, written out here.

import assert from 'node:assert/strict';
import { readdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { test } from 'node:test';
import { generatorFor } from '../../../pipeline/generate/seeds.ts';
import { clusterProteins } from '../../../pipeline/split/protein-clusters.ts';
import { type ComplexSequences, complexSequences } from '../../../pipeline/split/protein-sequences.ts';
import { encodeSequence, identityCount, lastAlignment } from '../../../structures/grouping/identity-kernel.ts';
import { alignSequences, sequenceIdentity } from '../../../structures/grouping/sequence-identity.ts';
import { ingestEach } from '../../../structures/ingest.ts';
import { NEEDS_SHARED, SHARED } from '../../shared-structures.ts';

/** Today's clusters: every pair not yet joined aligned with alignSequences, in id order. */
function allPairsClusters(items: ComplexSequences[], threshold: number, minLength = 30): Map<string, string> {
  const sorted = [...items].sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  const long = (l: string[] | null) => (l ?? []).filter((s) => s.length >= minLength);
  const parent = sorted.map((_, i) => i);
  const find = (i: number): number => (parent[i] === i ? i : (parent[i] = find(parent[i])));
  const linked = (a: string[], b: string[]) => a.some((x) => b.some((y) => sequenceIdentity(x, y) >= threshold));
  for (let i = 0; i < sorted.length; i++) {
    for (let j = i + 1; j < sorted.length; j++) {
      const ri = find(i),
        rj = find(j);
      if (ri === rj) continue;
      const wi = long(sorted[i].whole),
        wj = long(sorted[j].whole);
      if (wi.length && wj.length ? linked(wi, wj) : linked(long(sorted[i].pocket), long(sorted[j].pocket)))
        parent[Math.max(ri, rj)] = Math.min(ri, rj);
    }
  }
  return new Map(sorted.map((s, i) => [s.id, sorted[find(i)].id]));
}

const ALPHABET = 'ARNDCQEGHILKMFPSTWYV';
function sequences(seed: string) {
  const rnd = generatorFor([0, seed]);
  const random = (n: number) => Array.from({ length: n }, () => ALPHABET[Math.floor(rnd() * 20)]).join('');
  // Substitutions (with X now and then), deletions and insertions at the given rate.
  const mutate = (s: string, rate: number) =>
    [...s]
      .map((c) => {
        const r = rnd();
        if (r < rate * 0.7) return rnd() < 0.05 ? 'X' : ALPHABET[Math.floor(rnd() * 20)];
        if (r < rate * 0.85) return '';
        if (r < rate) return c + ALPHABET[Math.floor(rnd() * 20)];
        return c;
      })
      .join('');
  return { rnd, random, mutate };
}

test('the one-pass kernel counts the identities and score of the traceback, pair by pair', () => {
  const { rnd, random, mutate } = sequences('kernel');
  let checked = 0;
  for (let k = 0; k < 1000; k++) {
    const a = random(1 + Math.floor(rnd() * 90));
    const b = rnd() < 0.6 ? mutate(a, 0.2 + rnd() * 0.7) : random(1 + Math.floor(rnd() * 90));
    for (const [gapOpen, gapExtend] of [
      [11, 1],
      [1, 1],
      [4, 3],
    ]) {
      const ref = alignSequences(a, b, { gapOpen, gapExtend });
      const count = identityCount(encodeSequence(a), encodeSequence(b), gapOpen, gapExtend);
      assert.equal(count, ref.identities, `${a} / ${b} (gaps ${gapOpen}/${gapExtend})`);
      assert.equal(lastAlignment.score, ref.score, `${a} / ${b} (gaps ${gapOpen}/${gapExtend})`);
      checked++;
    }
  }
  assert.equal(checked, 3000);
});

test('threshold set: fast clusters equal all-pairs clusters just at, above and below identities that occur', async () => {
  const { rnd, random, mutate } = sequences('threshold');
  // Families of related chains at ~25-40 % identity, some items with whole chains too.
  const items: ComplexSequences[] = [];
  for (let f = 0; f < 6; f++) {
    const root = random(40 + Math.floor(rnd() * 40));
    const whole = random(70);
    for (let k = 0; k < 8; k++) {
      items.push({
        id: `f${f}-${k}`,
        pocket: [mutate(root, 0.3 + rnd() * 0.3), ...(rnd() < 0.3 ? [random(35)] : [])],
        whole: rnd() < 0.3 ? [mutate(whole, 0.3 + rnd() * 0.3)] : null,
      });
    }
  }
  // Thresholds equal to identities some pairs have exactly, and the neighbouring doubles.
  const observed = new Set<number>();
  for (let i = 0; i < 40 && i + 1 < items.length; i++) observed.add(sequenceIdentity(items[i].pocket[0], items[i + 1].pocket[0]));
  const sitting = [...observed]
    .filter((t) => t > 0.25 && t < 0.5)
    .sort()
    .filter((_, k, all) => k % Math.ceil(all.length / 5) === 0);
  assert.ok(sitting.length >= 2, `identities seen: ${[...observed].join(' ')}`);
  let differ = 0;
  for (const t of sitting) {
    const at = allPairsClusters(items, t);
    for (const threshold of [t, t + Number.EPSILON, t - Number.EPSILON]) {
      const expected = allPairsClusters(items, threshold);
      if (new Set(expected.values()).size !== new Set(at.values()).size) differ++;
      const fast = await clusterProteins(items, { threshold, workers: 1 });
      assert.deepEqual(fast.clusterOf, expected, `threshold ${threshold}`);
      if (threshold === sitting[0]) {
        // Threads claim rows in whatever order they run; the clusters stay the same.
        const threaded = await clusterProteins(items, { threshold, workers: 3 });
        assert.deepEqual(threaded.clusterOf, expected, `threshold ${threshold}, 3 workers`);
      }
    }
  }
  // The set does sit at the threshold: a hair above some identity, links are lost.
  assert.ok(differ > 0, 'no threshold in the set changed the clusters');
});

test('../shared: fast clusters (2 workers) equal all-pairs clusters at 30 %', { skip: NEEDS_SHARED }, async (t) => {
  const items: ComplexSequences[] = [];
  await ingestEach([SHARED], {}, async (c) => {
    items.push(await complexSequences(c));
  });
  assert.ok(items.length > readdirSync(resolve(SHARED, 'pdbbind')).length);
  const fast = await clusterProteins(items, { threshold: 0.3, workers: 2 });
  const expected = allPairsClusters(items, 0.3);
  t.diagnostic(`${items.length} complexes, ${new Set(expected.values()).size} clusters; fast path: ${JSON.stringify(fast.compared)}`);
  assert.deepEqual(fast.clusterOf, expected);
});
