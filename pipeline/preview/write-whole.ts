// Writing a preview file whole: under a temporary name, renamed when complete, so a reader
// never sees half a PNG or page.
import { renameSync, writeFileSync } from 'node:fs';
import { temporaryPath } from '../dataset/layout.ts';

export function writeWhole(path: string, bytes: string | Buffer): void {
  const tmp = temporaryPath(path);
  writeFileSync(tmp, bytes);
  renameSync(tmp, path);
}
