// What a run says when its split leaves too little to test on: a test side with fewer than a
// handful of complexes (a score over it says little), and tasks left with no test question
// at all. Also how the test share is written for people: the default as the fraction it
// comes from, `490/3993 = 0.123` (MiSI-Bench's 490 test complexes of 3993), any other
// value as given.

import type { SideCounts } from '../qa/split-names.ts';
import { DEFAULT_TEST_SHARE } from './generate/split.ts';

/** Fewer test complexes than this draws a warning. */
export const FEW_TEST_COMPLEXES = 5;

/** The default share as written in the paper's counts (DEFAULT_TEST_SHARE is this fraction). */
export const DEFAULT_TEST_SHARE_FRACTION = [490, 3993] as const;

/** `490/3993 = 0.123` for the default; other values as numbers (`0.2`). */
export function formatTestShare(share: number): string {
  if (share === DEFAULT_TEST_SHARE) return `${DEFAULT_TEST_SHARE_FRACTION[0]}/${DEFAULT_TEST_SHARE_FRACTION[1]} = ${share.toFixed(3)}`;
  return String(share);
}

/**
 * The warnings for a split of `complexes` (test and train counts) and, when questions were
 * made, their count per task and side. Empty when the test side is big enough.
 */
export function splitWarnings(complexes: SideCounts, testShare: number, perTask?: Record<string, SideCounts>): string[] {
  const out: string[] = [];
  const total = complexes.train + complexes.test;
  if (total > 0 && complexes.test < FEW_TEST_COMPLEXES) {
    out.push(
      `the test side holds ${complexes.test} of ${total} complexes (fewer than ${FEW_TEST_COMPLEXES}), so a score on it says little: ` +
        `give more structures or a larger --test-share (now ${formatTestShare(testShare)})`,
    );
  }
  if (perTask) {
    const none = Object.entries(perTask)
      .filter(([, c]) => c.test === 0)
      .map(([t]) => t);
    if (none.length)
      out.push(
        `no test question for ${none.length === Object.keys(perTask).length ? 'any task' : `task${none.length === 1 ? '' : 's'} ${none.join(', ')}`}${complexes.test > 0 ? ' (the test complexes could not give one: see rejects.jsonl)' : ''}`,
      );
  }
  return out;
}
