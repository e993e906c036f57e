// The sanity check every reader applies to a coordinate triple.

/** Coordinates beyond this many angstrom from the origin are taken as corrupt. */
export const MAX_ABS_COORDINATE = 1e4;

/** Returns why a coordinate triple is unusable, or null when it is fine. */
export function checkCoordinates(xyz: readonly number[]): string | null {
  if (xyz.some((v) => !Number.isFinite(v))) return `coordinates are not numbers (${xyz.join(', ')})`;
  if (xyz.some((v) => Math.abs(v) > MAX_ABS_COORDINATE))
    return `coordinates are absurdly large (${xyz.join(', ')}; limit ${MAX_ABS_COORDINATE} A)`;
  return null;
}

/** Atoms closer than this (angstrom) count as sitting at one point. */
export const COINCIDENT_DISTANCE = 0.01;

/**
 * Returns why a molecule's atoms are unusable as a whole: every atom at one point (several
 * atoms, coordinates zeroed or never filled in), or null. Serves every ligand reader.
 */
export function checkCoincident(points: readonly (readonly number[])[]): string | null {
  if (points.length < 2) return null;
  const [x, y, z] = points[0];
  for (const p of points) {
    if (Math.hypot(p[0] - x, p[1] - y, p[2] - z) >= COINCIDENT_DISTANCE) return null;
  }
  return `all ${points.length} atoms sit at one point (${x}, ${y}, ${z}): coordinates missing or zeroed`;
}
