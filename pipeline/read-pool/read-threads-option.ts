// `--read-threads N`: how many worker threads read structures (ingest, split, generate's
// ingest stage). Default: one per core; 1 reads in the main thread, as before there were any.

import { availableParallelism } from 'node:os';
import type { Argv } from 'yargs';

export function readThreadsOption<T>(y: Argv<T>) {
  return y
    .option('read-threads', {
      type: 'number',
      default: Math.max(1, availableParallelism()),
      describe: 'worker threads reading structures, results in id order (1: read in the main thread)',
    })
    .check((a) => {
      if (!(Number.isInteger(a['read-threads']) && a['read-threads'] >= 1)) throw new Error('--read-threads must be a whole number >= 1');
      return true;
    });
}
