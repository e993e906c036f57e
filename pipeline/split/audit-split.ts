// The audit of a split by protein (and, for `protein,scaffold`, of shared scaffolds),
// independent of how the split was made (seed and exclude, either cluster engine, or a
// split read from a file): every test complex against every train complex with the exact
// identity (structures/grouping/complex-identity.ts). A train complex at the threshold with
// a test complex is a leak; with `fix` it leaves train for excluded. Then each test
// complex's nearest train complex (highest identity; among equal identities the one first
// in id order) is found by branch and bound: train complexes in order of their bound,
// aligned until the next bound is below the best found.
//
// Every test x train pair is bounded (identity-simd.ts's proven bound), unless a bound of
// that pair is given (`known`: seed and exclude bounded every pair of a test complex
// already); a bound from either side of the pair holds for both, since the bound is the
// same for the two orders of a chain pair (the scores of a local alignment do not change
// when query and subject trade places). Every pair whose bound reaches the threshold is
// aligned with the test complex's chains as queries, so leaks and nearest identities are
// the exact ones whatever the bounds were.
import type { Compared, ComplexIdentity } from '../../structures/grouping/complex-identity.ts';
import { EXCLUDED, TEST, TRAIN } from './seed-exclude.ts';

/** Train complexes aligned at once in the search for the nearest. */
const NEAREST_CHUNK = 16;

/** A proven upper bound on the identity of complexes i and j, when one is known. */
export type KnownBound = (i: number, j: number) => number | undefined;

export interface Leak {
  test: number;
  train: number;
  /** Exact identity when at the threshold, else -1 (a leak by scaffold only). */
  identity: number;
  /** `protein,scaffold`: the two share a scaffold. */
  scaffold?: boolean;
}

export interface NearestTrain {
  /** Index of the nearest train complex. */
  index: number;
  identity: number;
  compared: Compared;
}

export interface Audit {
  /** Every (test, train) pair at the threshold, by test then train index. */
  leaks: Leak[];
  /** Train complexes moved to excluded (with `fix`). */
  moved: number[];
  /** Nearest train complex of every test complex (null: nothing it can be compared with). */
  nearest: Map<number, NearestTrain | null>;
  /** Test x train pairs audited. */
  pairs: number;
}

export function auditSplit(
  ci: ComplexIdentity,
  side: Uint8Array,
  threshold: number,
  fix: boolean,
  scaffoldMates?: (i: number) => number[],
  known?: KnownBound,
): Audit {
  const n = side.length;
  const tests: number[] = [],
    train: number[] = [];
  for (let i = 0; i < n; i++)
    if (side[i] === TEST) tests.push(i);
    else if (side[i] === TRAIN) train.push(i);
  const leaks: Leak[] = [];
  const bounds: Float64Array[] = [];
  for (const i of tests) {
    // Bounds of i against every train complex: given, or computed (aligning those at the threshold).
    const bound = new Float64Array(train.length);
    const identity = new Float64Array(train.length).fill(-1);
    const unknown: number[] = [];
    train.forEach((j, k) => {
      const b = known?.(i, j);
      if (b === undefined) unknown.push(k);
      else bound[k] = b;
    });
    const computed = new Set(unknown);
    if (unknown.length) {
      const r = ci.row(
        i,
        unknown.map((k) => train[k]),
        threshold,
      );
      unknown.forEach((k, m) => {
        bound[k] = r.bound[m];
        identity[k] = r.identity[m];
      });
    }
    const reach = train.map((_, k) => k).filter((k) => bound[k] >= threshold && !computed.has(k));
    if (reach.length) {
      const r = ci.row(
        i,
        reach.map((k) => train[k]),
        threshold,
      );
      reach.forEach((k, m) => (identity[k] = r.identity[m]));
    }
    bounds.push(bound);
    const mates = new Set(scaffoldMates ? scaffoldMates(i) : []);
    identity.forEach((f, k) => {
      if (f >= threshold || mates.has(train[k]))
        leaks.push({ test: i, train: train[k], identity: f, ...(mates.has(train[k]) ? { scaffold: true } : {}) });
    });
  }
  const moved = fix ? [...new Set(leaks.map((l) => l.train))].sort((a, b) => a - b) : [];
  for (const j of moved) side[j] = EXCLUDED;
  const nearest = new Map<number, NearestTrain | null>();
  tests.forEach((i, t) => {
    const bound = bounds[t];
    const order = train.map((_, k) => k).filter((k) => side[train[k]] === TRAIN && bound[k] >= 0);
    order.sort((a, b) => bound[b] - bound[a] || a - b);
    // In chunks, until the next bound is below the best; a bound equal to the best may hide a
    // tie with a complex earlier in id order, so it is aligned too.
    let best = null as NearestTrain | null;
    for (let from = 0; from < order.length; from += NEAREST_CHUNK) {
      if (best && bound[order[from]] < best.identity) break;
      const chunk = order.slice(from, from + NEAREST_CHUNK).filter((k) => !best || bound[k] >= best.identity);
      const r = ci.row(
        i,
        chunk.map((k) => train[k]),
        Math.max(0, best ? best.identity : 0),
      );
      chunk.forEach((k, m) => {
        const f = r.identity[m];
        if (f >= 0 && (!best || f > best.identity || (f === best.identity && train[k] < best.index)))
          best = { index: train[k], identity: f, compared: ci.compared(i, train[k]) };
      });
    }
    nearest.set(i, best);
  });
  return { leaks, moved, nearest, pairs: tests.length * train.length };
}
