// The sanity check every reader applies to a coordinate triple.

/** Coordinates beyond this many angstrom from the origin are taken as corrupt. */
export const MAX_ABS_COORDINATE = 1e4;

/** Returns why a coordinate triple is unusable, or null when it is fine. */
export function checkCoordinates(xyz: readonly number[]): string | null {
  if (xyz.some((v) => !Number.isFinite(v))) return `coordinates are not numbers (${xyz.join(', ')})`;
  if (xyz.some((v) => Math.abs(v) > MAX_ABS_COORDINATE)) return `coordinates are absurdly large (${xyz.join(', ')}; limit ${MAX_ABS_COORDINATE} A)`;
  return null;
}
