// `<out>/errors.log`: the details (stacks) of unexpected exceptions that the failure
// boundary (structures/reject.ts) turned into internal rejects, for a bug report. Appended
// as they happen; not part of the dataset, the manifest, `verify` or any byte comparison.
import { appendFileSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { ErrorSink } from '../../structures/reject.ts';

export const ERRORS_LOG = 'errors.log';

export function errorLog(outDir: string): ErrorSink & { count: () => number } {
  let n = 0;
  const sink = (e: Parameters<ErrorSink>[0]) => {
    n++;
    mkdirSync(outDir, { recursive: true });
    appendFileSync(join(outDir, ERRORS_LOG), `${new Date().toISOString()} ${e.id} (stage ${e.stage}, ${e.path || 'no file'}): ${e.reason}\n${e.detail}\n\n`);
  };
  return Object.assign(sink, { count: () => n });
}
