// The eight-lane kernel (identity-simd.ts) against the scalar one-pass kernel (identity-kernel.ts,
// itself checked against the traceback in fast-clusters.test.ts), pair by pair, both ways
// round (one query against eight subjects, and eight queries against one subject): identity
// counts and scores equal on synthetic chains (related, unrelated, with X, of very different
// lengths in one batch), on every chain of the bundled sample and of ../shared, and past the
// length where 16-bit lanes would overflow (the pair goes to the scalar kernel); and the
// bound of bounds() (sixteen lanes of bytes) never below the identity count, yet below 30 %
// for unrelated chains, and none where a byte would be cut.

import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { resolve } from 'node:path';
import { test } from 'node:test';
import { generatorFor } from '../../../pipeline/generate/seeds.ts';
import { complexSequences } from '../../../pipeline/split/protein-sequences.ts';
import { encodeSequence, identityCount, lastAlignment } from '../../../structures/grouping/identity-kernel.ts';
import { BatchAligner, BOUND_LANES, LANES, NO_BOUND, simdAvailable } from '../../../structures/grouping/identity-simd.ts';
import { ingestEach } from '../../../structures/ingest.ts';
import { NEEDS_SHARED, REPO, SAMPLE, SHARED } from '../../shared-structures.ts';

const ALPHABET = 'ARNDCQEGHILKMFPSTWYVX';

/** Aligns `query` with `subjects` in batches of eight, and bounds them in batches of sixteen; returns how many pairs were checked. */
function compareWithScalar(aligner: BatchAligner, query: Uint8Array, subjects: Uint8Array[], what: string): number {
  const counts = new Int32Array(LANES),
    scores = new Int32Array(LANES),
    bounds = new Int32Array(BOUND_LANES);
  const expectedScores: number[] = [];
  const expected = subjects.map((b) => {
    const count = identityCount(query, b, aligner.gapOpen, aligner.gapExtend);
    expectedScores.push(lastAlignment.score);
    return count;
  });
  aligner.setQuery(query);
  for (let k = 0; k < subjects.length; k += LANES) {
    const batch = subjects.slice(k, k + LANES);
    aligner.align(batch, counts, scores);
    batch.forEach((b, lane) => {
      assert.equal(counts[lane], expected[k + lane], `${what}: identities, subject ${k + lane} (${query.length} x ${b.length})`);
      assert.equal(scores[lane], expectedScores[k + lane], `${what}: score, subject ${k + lane} (${query.length} x ${b.length})`);
    });
  }
  // The other way round: each subject as the query, the query as their subject.
  for (let k = 0; k < subjects.length; k += LANES) {
    const batch = subjects.slice(k, k + LANES);
    aligner.alignReversed(batch, counts, scores);
    batch.forEach((b, lane) => {
      const reversed = identityCount(b, query, aligner.gapOpen, aligner.gapExtend);
      assert.equal(counts[lane], reversed, `${what}: identities reversed, subject ${k + lane} (${b.length} x ${query.length})`);
      assert.equal(scores[lane], lastAlignment.score, `${what}: score reversed, subject ${k + lane}`);
    });
  }
  for (let k = 0; k < subjects.length; k += BOUND_LANES) {
    const batch = subjects.slice(k, k + BOUND_LANES);
    aligner.bounds(batch, bounds);
    batch.forEach((b, lane) => {
      assert.ok(
        bounds[lane] >= expected[k + lane],
        `${what}: bound ${bounds[lane]} below the ${expected[k + lane]} identities, subject ${k + lane} (${query.length} x ${b.length})`,
      );
    });
  }
  return subjects.length;
}

test('this Node runs WebAssembly SIMD, and the committed .wasm is the compilation of the .wat', () => {
  assert.ok(simdAvailable(), 'WebAssembly SIMD is not available: the split would use the scalar kernel');
  const check = spawnSync(process.execPath, [resolve(REPO, 'scripts/build-wasm.mjs'), '--check'], { encoding: 'utf8' });
  assert.equal(check.status, 0, check.stderr);
});

test("synthetic chains: eight lanes give the scalar kernel's identities and scores, whatever the batch", () => {
  const rnd = generatorFor([0, 'identity-simd']);
  const letter = () => ALPHABET[Math.floor(rnd() * (rnd() < 0.03 ? 21 : 20))];
  const random = (n: number) => Array.from({ length: n }, letter).join('');
  const mutate = (s: string, rate: number) =>
    [...s]
      .map((c) => {
        const r = rnd();
        if (r < rate * 0.7) return letter();
        if (r < rate * 0.85) return '';
        return r < rate ? c + letter() : c;
      })
      .join('');
  let checked = 0;
  for (const [open, extend, bonus] of [
    [11, 1, 6],
    [1, 1, 1],
    [4, 3, 3],
  ]) {
    const aligner = new BatchAligner(open, extend, bonus);
    for (let k = 0; k < 300; k++) {
      const q = random(Math.floor(rnd() * 140));
      const subjects = Array.from({ length: 1 + Math.floor(rnd() * 11) }, () => {
        const r = rnd();
        if (r < 0.5) return mutate(q, rnd());
        if (r < 0.55) return ''; // an empty chain in the batch
        if (r < 0.6) return q + q; // a repeat: the longest score of the batch
        return random(Math.floor(rnd() * (rnd() < 0.2 ? 400 : 120)));
      });
      checked += compareWithScalar(aligner, encodeSequence(q), subjects.map(encodeSequence), `gaps ${open}/${extend}, batch ${k}`);
    }
  }
  assert.ok(checked > 4000, `${checked} pairs`);
});

test('chains too long for 16-bit scores go to the scalar kernel and still agree', () => {
  const rnd = generatorFor([0, 'identity-simd-long']);
  const long = Array.from({ length: 3000 }, () => ALPHABET[Math.floor(rnd() * 20)]).join('');
  // Identical 3,000-residue chains score ~15,000 on average but up to 33,000 (all W): over 32,767.
  const ws = 'W'.repeat(3000);
  const aligner = new BatchAligner();
  compareWithScalar(aligner, encodeSequence(ws), [ws, long, 'WWWW', ws.slice(0, 2000)].map(encodeSequence), 'long chains');
  const counts = new Int32Array(LANES);
  aligner.align([encodeSequence(ws)], counts);
  assert.equal(counts[0], 3000);
});

test('the bound stays below 30 % for unrelated chains (so the split can skip their alignment), close to the identities', () => {
  const rnd = generatorFor([0, 'identity-simd-bound']);
  const random = (n: number) => encodeSequence(Array.from({ length: n }, () => ALPHABET[Math.floor(rnd() * 20)]).join(''));
  for (const [length, meanGap] of [
    [300, 15],
    [60, 2],
  ]) {
    const aligner = new BatchAligner();
    const bounds = new Int32Array(BOUND_LANES);
    let below = 0,
      gap = 0;
    for (let k = 0; k < 40; k++) {
      const query = random(length);
      const subjects = Array.from({ length: BOUND_LANES }, () => random(length));
      aligner.setQuery(query);
      aligner.bounds(subjects, bounds);
      bounds.forEach((b, lane) => {
        assert.notEqual(b, NO_BOUND, 'unrelated chains fit a byte');
        if (b < 0.3 * length) below++;
        gap += b - identityCount(query, subjects[lane]);
      });
    }
    assert.equal(below, 40 * BOUND_LANES, `${length} residues: ${below} of ${40 * BOUND_LANES} bounds below 30 %`);
    assert.ok(
      gap / (40 * BOUND_LANES) <= meanGap,
      `${length} residues: the bound is ${gap / (40 * BOUND_LANES)} identities above on average`,
    );
  }
});

test('a lane whose scores may not fit a byte gets no bound, and the others in its batch keep theirs', () => {
  const rnd = generatorFor([0, 'identity-simd-cut']);
  const random = (n: number) => Array.from({ length: n }, () => ALPHABET[Math.floor(rnd() * 20)]).join('');
  const query = random(200);
  // Identical: the best score (~5 per residue) is far above 251; 70 residues of it: M about 350-400; 30: about 150.
  const subjects = [query, query.slice(0, 70), query.slice(0, 30), random(200), random(40)].map(encodeSequence);
  const aligner = new BatchAligner();
  const bounds = new Int32Array(BOUND_LANES);
  aligner.setQuery(encodeSequence(query));
  aligner.bounds(subjects, bounds);
  assert.equal(bounds[0], NO_BOUND);
  assert.equal(bounds[1], NO_BOUND);
  assert.equal(bounds[2], 30, 'identical 30 residues: M - S is exactly the 30 identities');
  for (const lane of [3, 4]) {
    assert.notEqual(bounds[lane], NO_BOUND);
    assert.ok(bounds[lane] >= identityCount(encodeSequence(query), subjects[lane]));
  }
});

async function chainsOf(root: string): Promise<Uint8Array[]> {
  const chains: Uint8Array[] = [];
  await ingestEach([root], {}, async (c) => {
    const s = await complexSequences(c);
    for (const seq of [...s.pocket, ...(s.whole ?? [])]) chains.push(encodeSequence(seq));
  });
  return chains;
}

test('the bundled sample: every chain against every chain', async () => {
  const chains = await chainsOf(SAMPLE);
  assert.ok(chains.length >= 3);
  const aligner = new BatchAligner();
  let checked = 0;
  for (const q of chains) checked += compareWithScalar(aligner, q, chains, 'sample');
  assert.equal(checked, chains.length ** 2);
});

test('../shared: every pocket and whole chain against a seeded draw of the others', { skip: NEEDS_SHARED }, async (t) => {
  const chains = await chainsOf(SHARED);
  const rnd = generatorFor([0, 'identity-simd-shared']);
  const aligner = new BatchAligner();
  let checked = 0;
  for (const q of chains) {
    const others = Array.from({ length: 24 }, () => chains[Math.floor(rnd() * chains.length)]);
    checked += compareWithScalar(aligner, q, others, '../shared');
  }
  t.diagnostic(`${chains.length} chains, ${checked} pairs`);
  assert.ok(checked >= 24 * 300);
});
