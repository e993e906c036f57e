// A count with its noun, singular for one: `1 reject`, `6 rejects`, `1 distinct image`.
// The plural is the noun's last word with an `s` unless given (`1 complex`, `3 complexes`).

export function count(n: number, singular: string, plural = `${singular}s`): string {
  return `${n} ${n === 1 ? singular : plural}`;
}

/** `complex` / `complexes`, the one noun here whose plural is not an added `s`. */
export const complexes = (n: number) => count(n, 'complex', 'complexes');
