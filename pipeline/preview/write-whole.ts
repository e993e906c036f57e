// Writing a preview file whole: under a temporary name, renamed when complete, so a reader
// never sees half a PNG or page.
import { renameSync, writeFileSync } from 'node:fs';

export function writeWhole(path: string, bytes: string | Buffer): void {
  const tmp = `${path}.tmp-${process.pid}`;
  writeFileSync(tmp, bytes);
  renameSync(tmp, path);
}
