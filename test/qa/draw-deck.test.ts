// deckEntry (qa/draw-deck.ts): a shuffled copy of the space per (seed, task, complex,
// purpose), the same whatever order it is asked in, a permutation of the space, and
// undefined past its end.

import assert from 'node:assert/strict';
import { test } from 'node:test';
import { complexGenerator } from '../../qa/complex-generator.ts';
import { deckEntry } from '../../qa/draw-deck.ts';
import { shuffled } from '../../qa/random.ts';

const SPACE = Array.from({ length: 24 }, (_, i) => `p${i}`);
const deck = (seed: number, complex: string, purpose = 'x', space: readonly string[] = SPACE) =>
  Array.from({ length: space.length }, (_, i) => deckEntry(seed, 'translation', complex, purpose, space, i));

test('a permutation of the space: every entry once, undefined past either end', () => {
  for (const seed of [0, 1, 2, 99])
    for (const c of ['1abc', '2xyz', '3mht']) {
      const d = deck(seed, c);
      assert.deepEqual(d.slice().sort(), SPACE.slice().sort());
      assert.equal(deckEntry(seed, 'translation', c, 'x', SPACE, SPACE.length), undefined);
      assert.equal(deckEntry(seed, 'translation', c, 'x', SPACE, -1), undefined);
      assert.equal(deckEntry(seed, 'translation', c, 'x', SPACE, 1.5), undefined);
    }
  assert.equal(deckEntry(0, 't', 'c', 'p', [], 0), undefined);
  assert.equal(deckEntry(0, 't', 'c', 'p', ['only'], 0), 'only');
});

test('the shuffle is complexGenerator(seed, task, complex, purpose) through shuffled', () => {
  for (const seed of [0, 5])
    for (const purpose of ['x', 'y']) {
      assert.deepEqual(deck(seed, '1hpv', purpose), shuffled(complexGenerator(seed, 'translation', '1hpv', purpose), SPACE));
    }
});

test('deterministic and independent of the order positions are asked in, and of other keys asked between', () => {
  const forward = deck(3, '1pgp');
  const backward: (string | undefined)[] = [];
  for (let i = SPACE.length - 1; i >= 0; i--) {
    deckEntry(3, 'rotation', '1pgp', 'x', SPACE, i); // another task's deck in between
    backward[i] = deckEntry(3, 'translation', '1pgp', 'x', SPACE.slice(), i); // a copy of the space: same deck
  }
  assert.deepEqual(backward, forward);
  // Past the cache's bound (256 decks): recomputed, still the same.
  for (let k = 0; k < 600; k++) deckEntry(k, 'translation', `c${k}`, 'x', SPACE, 0);
  assert.deepEqual(deck(3, '1pgp'), forward);
});

test('different keys give different decks; a space of objects keeps its objects', () => {
  const decks = new Set([deck(0, 'a'), deck(1, 'a'), deck(0, 'b'), deck(0, 'a', 'other')].map((d) => d.join()));
  assert.equal(decks.size, 4);
  const objects = [{ v: 1 }, { v: 2 }, { v: 3 }];
  const got = [0, 1, 2].map((i) => deckEntry(0, 't', 'c', 'p', objects, i)!);
  assert.ok(got.every((o) => objects.includes(o)));
  assert.equal(new Set(got).size, 3);
});
