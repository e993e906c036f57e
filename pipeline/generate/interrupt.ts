// Ctrl-C (SIGINT) or SIGTERM during `generate`: the run stops where it is, as a killed run
// would (so a rerun resumes it, byte for byte: test/pipeline/interrupt-resume.test.ts), but
// tidily: the browsers are killed, the temporary files removed, and the caller is told how
// far the run got. Everything here is synchronous, so no step of the run (a part written
// from images a dying browser failed to draw) runs between the signal and the exit.
import { killAllBrowsers } from '../../renders/browser.ts';
import { removeTemporaryFilesSync } from '../dataset/layout.ts';

export type StopSignal = 'SIGINT' | 'SIGTERM';

/** The exit status of a process stopped by the signal: 128 + its number. */
export const SIGNAL_EXIT: Record<StopSignal, number> = { SIGINT: 130, SIGTERM: 143 };

export interface Interruption {
  signal: StopSignal;
  /** 130 or 143. */
  code: number;
  /** How far the run got: `after 1 of 3 complexes`, `while reading the structures (2 of 3 read)`. */
  progress: string;
  /** The output folder, holding what was done. */
  out: string;
}

/**
 * Until the returned function is called, SIGINT and SIGTERM stop the run writing into `out`:
 * browsers killed, temporary files removed, then `stop` (which should exit). The listeners
 * come before any other (renders/browser.ts has its own, which exits at once).
 */
export function stopOnSignals(out: string, progress: () => string, stop: (i: Interruption) => void): () => void {
  const listeners = (Object.keys(SIGNAL_EXIT) as StopSignal[]).map((signal) => {
    const listener = () => {
      killAllBrowsers();
      removeTemporaryFilesSync(out);
      stop({ signal, code: SIGNAL_EXIT[signal], progress: progress(), out });
    };
    process.prependListener(signal, listener);
    return [signal, listener] as const;
  });
  return () => {
    for (const [signal, listener] of listeners) process.removeListener(signal, listener);
  };
}
