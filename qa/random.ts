// Random draws for question planning. Every draw takes its generator as an argument (a
// seedrandom generator seeded per question, see pipeline/generate/seeds.ts); nothing here
// keeps state of its own, so results never depend on run order.

/** A generator of uniform numbers in [0, 1), such as a seedrandom PRNG. */
export type Rng = () => number;

/** A whole number in [0, n). */
export function drawIndex(rng: Rng, n: number): number {
  if (!(n >= 1)) throw new Error(`cannot draw from ${n} choices`);
  return Math.min(n - 1, Math.floor(rng() * n));
}

/** One element of `items`, uniformly. */
export function drawOne<T>(rng: Rng, items: readonly T[]): T {
  return items[drawIndex(rng, items.length)];
}

/** One element of `items` other than those `excluded` says, uniformly. */
export function drawOther<T>(rng: Rng, items: readonly T[], excluded: (item: T) => boolean): T {
  const left = items.filter((x) => !excluded(x));
  return drawOne(rng, left);
}

/** A shuffled copy (Fisher-Yates, drawing from the end). */
export function shuffled<T>(rng: Rng, items: readonly T[]): T[] {
  const out = items.slice();
  for (let i = out.length - 1; i > 0; i--) {
    const j = drawIndex(rng, i + 1);
    [out[i], out[j]] = [out[j], out[i]];
  }
  return out;
}
