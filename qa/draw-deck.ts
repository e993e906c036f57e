// Draws without replacement: a task's parameter space for one complex as a deck, shuffled
// once per (seed, task, complex, purpose) with that key's own generator
// (qa/complex-generator.ts), so question i of a complex takes entry i (or, per axis, entry
// floor(i / axes)) and two questions of the complex never share parameters. The deck depends
// on nothing else (not the split, the question index, run order or workers): every
// question recomputes, or finds cached, the same permutation.
import { complexGenerator } from './complex-generator.ts';
import { shuffled } from './random.ts';

/** Shuffled decks kept, least recently used dropped first (a deck is small: <= 72 entries
 * for the built-in tasks; one complex's questions ask the same few keys in a row). */
const MAX_DECKS = 256;
const decks = new Map<string, number[]>();

/** The positions 0..length-1 in the order of their shuffled copy for this key (Fisher-Yates
 * draws depend on the length only, so this is the order of `space` shuffled itself). */
function deckOrder(seed: number, task: string, complex: string, purpose: string, length: number): number[] {
  const key = JSON.stringify([seed, task, complex, purpose, length]);
  const hit = decks.get(key);
  if (hit) {
    decks.delete(key);
    decks.set(key, hit);
    return hit;
  }
  const order = shuffled(
    complexGenerator(seed, task, complex, purpose),
    Array.from({ length }, (_, i) => i),
  );
  decks.set(key, order);
  if (decks.size > MAX_DECKS) decks.delete(decks.keys().next().value!);
  return order;
}

/**
 * The entry at `position` of `space` shuffled with complexGenerator(seed, task, complex,
 * purpose) and qa/random.ts's `shuffled`; undefined past the end (or before the start).
 * Positions 0..space.length-1 give every entry of `space` once.
 */
export function deckEntry<T>(
  seed: number,
  task: string,
  complex: string,
  purpose: string,
  space: readonly T[],
  position: number,
): T | undefined {
  if (!Number.isInteger(position) || position < 0 || position >= space.length) return undefined;
  return space[deckOrder(seed, task, complex, purpose, space.length)[position]];
}
