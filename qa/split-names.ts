// The split vocabulary, declared once: the sides a complex can fall on, the splits that hold
// questions, and the order every listing, file and table uses. It lives in qa/, the lowest
// layer that needs it (a task is asked for one split); pipeline/ imports it from here.
// Nothing else in the repository spells these names as string literals.

/** The splits a question can belong to, in the order every listing uses. `val` exists only
 * with `--buffer val` (the split by protein's excluded complexes made a validation split). */
export const SPLIT_ORDER = ['train', 'test', 'val'] as const;
export type Split = (typeof SPLIT_ORDER)[number];

export const TRAIN = 'train' satisfies Split;
export const TEST = 'test' satisfies Split;
export const VAL = 'val' satisfies Split;

/** The two splits every dataset has, as a type. */
export type BaseSplit = typeof TRAIN | typeof TEST;

/** The two splits every dataset has. */
export const BASE_SPLITS: readonly Split[] = [TRAIN, TEST];

/** The splits scored as held out (a model never trains on them), in order. */
export const HELD_OUT_SPLITS: readonly Split[] = [TEST, VAL];

/** A complex's side: a split, or (split by protein) excluded, which gets no questions. */
export const SIDE_ORDER = ['train', 'test', 'val', 'excluded'] as const;
export type Side = (typeof SIDE_ORDER)[number];
export const EXCLUDED = 'excluded' satisfies Side;

/** The fixed subset of test that `--tiny` marks (its own qa file, `<task>.tiny.jsonl`). */
export const TINY = 'tiny' as const;

/** The splits a dataset's qa/ files may hold, in order: tiny is a subset of test. */
export const QA_SPLIT_ORDER = ['train', 'test', 'val', 'tiny'] as const;
export type QaSplit = (typeof QA_SPLIT_ORDER)[number];

/** The held-out splits a model is asked (eval, export for evaluation kits): test, tiny, and val where there is one. */
export const EVAL_SPLIT_ORDER = ['test', 'tiny', 'val'] as const;
export type EvalSplit = (typeof EVAL_SPLIT_ORDER)[number];

/** Counts per side: train and test always, val and excluded when the run has them. */
export type SideCounts = { train: number; test: number; val?: number; excluded?: number };

export function isSplit(x: unknown): x is Split {
  return typeof x === 'string' && (SPLIT_ORDER as readonly string[]).includes(x);
}

export function isQaSplit(x: unknown): x is QaSplit {
  return typeof x === 'string' && (QA_SPLIT_ORDER as readonly string[]).includes(x);
}

export function isSide(x: unknown): x is Side {
  return typeof x === 'string' && (SIDE_ORDER as readonly string[]).includes(x);
}

/** Sorts side names (or any of the vocabulary's names) in the vocabulary's order; names outside it last, by name. */
export function compareSides(a: string, b: string): number {
  const order = QA_SPLIT_ORDER as readonly string[];
  const rank = (s: string) => (s === EXCLUDED ? SIDE_ORDER.length : order.includes(s) ? order.indexOf(s) : order.length + 1);
  return rank(a) - rank(b) || (a < b ? -1 : a > b ? 1 : 0);
}
