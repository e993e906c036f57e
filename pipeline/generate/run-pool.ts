// The render pool's lifetime within one run of `generate`: the pages start (browser,
// shaders, a warm-up scene) while the rest is prepared and the input ingested on the other
// core; whatever stops the run before the streaming stage closes the pool first (`abandon`),
// and the streaming stage's end closes it (`close`). Each image handed on is counted
// (`onImage`, set once the run knows what to report).

import type { Style } from '../../renders/style.ts';
import { warmUpJob } from '../../renders/warm-up.ts';
import { CountingPool } from './counting-pool.ts';

export interface RunPool {
  pool: CountingPool;
  /** Closes the pool after the warm-up settles, then throws `e`. */
  abandon: (e: unknown) => Promise<never>;
  /** Waits for the warm-up (it never rejects) and closes the pool. */
  close: () => Promise<void>;
  /** Called after each image is handed on; replace to count. */
  onImage: () => void;
}

export function startRunPool(executablePath: string, pages: number | undefined, style: Style, warmUpSize: number): RunPool {
  const run: RunPool = {
    pool: new CountingPool({ pages, executablePath }, () => run.onImage()),
    abandon: async (e) => {
      await run.close();
      throw e;
    },
    close: async () => {
      await warming; // it never rejects
      await run.pool.close();
    },
    onImage: () => undefined,
  };
  const warming = run.pool.warmUp(warmUpJob(style, warmUpSize));
  return run;
}
