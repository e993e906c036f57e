// Parameter ranges, bins, balance and decoy schemes, checked against the numbers of
// docs/tasks.md ("How the spatial tasks draw their parameters") written out here (not taken from the code under test).

import assert from 'node:assert/strict';
import { test } from 'node:test';
import seedrandom from 'seedrandom';
import { DECOY_SCHEMES, draftChoice, makeDecoy } from '../../qa/choice.ts';
import { drawRotation, drawTranslation, drawZoom, undoCommands } from '../../qa/parameters.ts';
import type { Command } from '../../renders/commands.ts';

const N = 6000;
const histogram = (values: number[]) => {
  const h = new Map<number, number>();
  for (const v of values) h.set(v, (h.get(v) ?? 0) + 1);
  return h;
};
const sortedKeys = (h: Map<number, number>) => [...h.keys()].sort((a, b) => a - b);

/** Every bin holds between 75 % and 125 % of an even share. */
function assertBalanced(h: Map<number, number>, total: number) {
  const even = total / h.size;
  for (const [bin, n] of h) assert.ok(n > 0.75 * even && n < 1.25 * even, `bin ${bin}: ${n} of ${total} (even share ${even.toFixed(0)})`);
}

test('translation: whole 1-4 A either sign on the asked axis, never 0, bins balanced', () => {
  const rng = seedrandom('t');
  const draws = Array.from({ length: N }, () => drawTranslation(rng, 'y'));
  assert.ok(draws.every((c) => c.kind === 'move' && c.axis === 'y'));
  const h = histogram(draws.map((c) => c.amount));
  assert.deepEqual(sortedKeys(h), [-4, -3, -2, -1, 1, 2, 3, 4]);
  assertBalanced(h, N);
});

test('rotation: 15-degree bins from -90 to 90, never 0, balanced', () => {
  const rng = seedrandom('r');
  const h = histogram(Array.from({ length: N }, () => drawRotation(rng, 'z').amount));
  assert.deepEqual(sortedKeys(h), [-90, -75, -60, -45, -30, -15, 15, 30, 45, 60, 75, 90]);
  assertBalanced(h, N);
});

test('zooming: every whole 40-60 A along z, balanced', () => {
  const rng = seedrandom('z');
  const draws = Array.from({ length: N }, () => drawZoom(rng));
  assert.ok(draws.every((c) => c.kind === 'move' && c.axis === 'z'));
  const h = histogram(draws.map((c) => c.amount));
  assert.deepEqual(
    sortedKeys(h),
    Array.from({ length: 21 }, (_, i) => 40 + i),
  );
  assertBalanced(h, N);
});

test('undo of a sequence reverses the order and negates each command', () => {
  const seq: Command[] = [
    { kind: 'move', axis: 'x', amount: 14 },
    { kind: 'roll', axis: 'x', amount: -75 },
  ];
  assert.deepEqual(undoCommands(seq), [
    { kind: 'roll', axis: 'x', amount: 75 },
    { kind: 'move', axis: 'x', amount: -14 },
  ]);
});

test('decoy schemes change exactly what the spec says', () => {
  const rng = seedrandom('d');
  for (let i = 0; i < 500; i++) {
    const f1 = i % 2 ? drawTranslation(rng, i % 4 < 2 ? 'x' : 'y') : drawRotation(rng, 'x');
    const f2 = drawRotation(rng, i % 2 ? 'z' : 'y');
    const [m1, m2] = makeDecoy(rng, 'magnitude_both', [f1, f2]);
    assert.ok(m1.axis === f1.axis && Math.sign(m1.amount) === Math.sign(f1.amount) && m1.amount !== f1.amount);
    assert.ok(m2.axis === f2.axis && Math.sign(m2.amount) === Math.sign(f2.amount) && m2.amount !== f2.amount);
    const [s1, s2] = makeDecoy(rng, 'sign_f1_magnitude_f2', [f1, f2]);
    assert.ok(s1.axis === f1.axis && s1.amount === -f1.amount);
    assert.ok(s2.axis === f2.axis && Math.sign(s2.amount) === Math.sign(f2.amount) && s2.amount !== f2.amount);
    const [a1, a2] = makeDecoy(rng, 'axis_f1_magnitude_f2', [f1, f2]);
    assert.ok(a1.amount === f1.amount && a1.axis !== f1.axis && a1.kind === f1.kind);
    if (f1.kind === 'move') assert.ok(a1.axis === 'x' || a1.axis === 'y', 'a translation stays in the screen plane');
    else assert.notEqual(a1.axis, f2.axis, 'two rolls stay on different axes');
    assert.ok(a2.axis === f2.axis && a2.amount !== f2.amount);
  }
});

test('choice drafts: one truth, one decoy per scheme, the correct letter spread evenly over A-D', () => {
  const rng = seedrandom('c');
  const letters = new Map<string, number>();
  for (let i = 0; i < 4000; i++) {
    const truth: [Command, Command] = [drawTranslation(rng, 'x'), drawRotation(rng, 'y')];
    const d = draftChoice(rng, truth);
    assert.deepEqual(
      d.options.map((o) => o.letter),
      ['A', 'B', 'C', 'D'],
    );
    const right = d.options.filter((o) => o.scheme === 'truth');
    assert.equal(right.length, 1);
    assert.equal(right[0].letter, d.letter);
    assert.deepEqual(right[0].commands, truth);
    assert.deepEqual(
      d.options
        .map((o) => o.scheme)
        .filter((s) => s !== 'truth')
        .sort(),
      [...DECOY_SCHEMES].sort(),
    );
    letters.set(d.letter, (letters.get(d.letter) ?? 0) + 1);
  }
  for (const l of ['A', 'B', 'C', 'D']) {
    const n = letters.get(l) ?? 0;
    assert.ok(n > 850 && n < 1150, `letter ${l}: ${n} of 4000`);
  }
});
