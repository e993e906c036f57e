// What rejects.jsonl (and a part's `rejects`) holds: one line per thing that could not be
// made, in one of these shapes, each naming its stage. Never dropped silently: every reject
// of a run is listed, and the run's summary counts them by stage.

import type { Split } from '../../qa/task.ts';
import type { Reject as InputReject } from '../../structures/reject.ts';

/** A question that could not be made, with where it stopped: its plan failed a check
 * (`plan`), its record could not be built (`records`) or one of its images was not drawn
 * (`render`). `internal`: the cause was an unexpected exception (a bug, not bad input). */
export interface QuestionReject {
  stage: 'plan' | 'records' | 'render';
  /** The question id. */
  id: string;
  task: string;
  complex: string;
  split: Split;
  index: number;
  reason: string;
  internal?: true;
}

/** Every reject shape: an input that could not be read (ingest, H-bonds: `structures/reject.ts`,
 * which names the file), or a question. */
export type DatasetReject = InputReject | QuestionReject;
