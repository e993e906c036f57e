// `<out>/errors.log`: the details (stacks) of unexpected exceptions that the failure
// boundary (structures/reject.ts) turned into internal rejects, for a bug report. Appended
// as they happen; not part of the dataset, the manifest, `verify` or any byte comparison.
import { appendFileSync, mkdirSync } from 'node:fs';
import type { ErrorSink } from '../../structures/reject.ts';
import { datasetPaths } from '../dataset/layout.ts';

export function errorLog(outDir: string): ErrorSink & { count: () => number } {
  let n = 0;
  const sink = (e: Parameters<ErrorSink>[0]) => {
    n++;
    mkdirSync(outDir, { recursive: true });
    appendFileSync(
      datasetPaths(outDir).errorsLog,
      `${new Date().toISOString()} ${e.id} (stage ${e.stage}, ${e.path || 'no file'}): ${e.reason}\n${e.detail}\n\n`,
    );
  };
  return Object.assign(sink, { count: () => n });
}
