// Option sets with no tell (the default of the choice tasks 5, 6 and 8; `--decoys paper` keeps
// the paper's construction). The paper makes each decoy by changing one or two features of the
// truth, so the truth is the option that shares the most with the other three: a rule that
// never looks at a picture finds it (docs/tasks.md, "Option sets").
//
// Here a hidden anchor is drawn one change away from the truth, and the three decoys are drawn
// one change away from the anchor, by the same kinds of change. When the change is reversible
// with respect to how the truth is distributed (P(t) K(t, a) = P(a) K(a, t): true of the
// paper's schemes on the uniform command ranges of tasks 5 and 6, and of task 8's
// Metropolis steps, qa/centring-move.ts), the truth and the three decoys are four draws of the
// same kind from the anchor, so nothing computed from the option set alone (which option is
// the centre of the others, which looks most typical) tells the truth from a decoy better than
// chance. The anchor is never shown and never an option's answer. Exported for tasks written
// outside the package (docs/add-task.md).
import { LETTERS } from './choice.ts';
import type { Rng } from './random.ts';
import type { TaskOption } from './task.ts';

/** One step of a kind of change: the changed value and the name of the change (recorded as the option's scheme). */
export interface Changed<T> {
  value: T;
  scheme: string;
}

/** Draws one change of `from`; must be reversible with respect to the truth's distribution (see above). */
export type Change<T> = (rng: Rng, from: T) => Changed<T>;

export interface AnchoredOption<T> {
  letter: string;
  value: T;
  /** `truth`, or `anchor:` and the change that made the decoy from the anchor. */
  scheme: string;
}

export interface AnchoredSet<T> {
  options: AnchoredOption<T>[];
  /** The hidden anchor (recorded in the question's params, never shown). */
  anchor: T;
  /** The change that links the truth and the anchor (either way round). */
  truthScheme: string;
}

/**
 * Four options under A-D, the truth under `letters[at]`: an anchor one change from the truth,
 * then each decoy one change from the anchor. Returns null when the four are not distinct by
 * `key` (the caller draws again: redrawing a whole set keeps the four exchangeable).
 */
export function anchoredOptions<T>(rng: Rng, truth: T, change: Change<T>, at: number, key: (v: T) => string): AnchoredSet<T> | null {
  const toAnchor = change(rng, truth);
  const anchor = toAnchor.value;
  const options = LETTERS.map((letter, i): AnchoredOption<T> => {
    if (i === at) return { letter, value: truth, scheme: 'truth' };
    const d = change(rng, anchor);
    return { letter, value: d.value, scheme: `anchor:${d.scheme}` };
  });
  if (new Set(options.map((o) => key(o.value))).size < options.length) return null;
  return { options, anchor, truthScheme: toAnchor.scheme };
}

/** How the choice tasks build their option sets: `anchored` (default) or `paper`. */
export type DecoyMode = 'anchored' | 'paper';
export const DECOY_MODES: readonly DecoyMode[] = ['anchored', 'paper'];

/** `--decoys`: an option of each choice task (the same flag for all three; recorded in the manifest). */
export const DECOYS_OPTION = {
  key: 'decoys',
  choices: DECOY_MODES,
  default: 'anchored',
  // The paper's: each decoy changes one or two features of the truth.
  paper: 'paper',
  describe:
    'how the four options of a choice question are made: anchored (truth and decoys drawn alike around a hidden anchor: no option is the centre of the others) or paper (each decoy changes one or two features of the truth, as the paper did)',
} as const satisfies TaskOption;

/** The run's decoy mode as a task sees it. */
export function decoyMode(options: Readonly<Record<string, string>> | undefined): DecoyMode {
  return (options?.decoys ?? DECOYS_OPTION.default) as DecoyMode;
}
