// How the dataset's files are written and fingerprinted, decided once: a file is written
// under a temporary name beside it (`<name>.tmp-<pid>`) and renamed when complete, so a
// reader never sees half of it; a killed run's leftovers match TEMPORARY_NAME (also the
// renderer's `<name>.<pid>.<n>.tmp`) and are removed before a resume; a file's fingerprint
// is the hex sha256 of its bytes.
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { readdir, readFile, rm } from 'node:fs/promises';
import { join } from 'node:path';

/** Names of files left under a temporary name: `*.tmp` and `*.tmp-<pid>`. */
export const TEMPORARY_NAME = /\.tmp(-\d+)?$/;

/** The temporary name a file is written under before it is renamed to `path`. */
export function temporaryPath(path: string): string {
  return `${path}.tmp-${process.pid}`;
}

export function sha256Hex(bytes: Buffer | string): string {
  return createHash('sha256').update(bytes).digest('hex');
}

export async function sha256File(path: string): Promise<string> {
  return sha256Hex(await readFile(path));
}

export function sha256FileSync(path: string): string {
  return sha256Hex(readFileSync(path));
}

/** Removes the files a killed run left under temporary names in these folders of `outDir`. */
export async function removeTemporaryFiles(outDir: string, folders: readonly string[]): Promise<void> {
  for (const sub of folders) {
    let names: string[];
    try {
      names = await readdir(join(outDir, sub));
    } catch {
      continue;
    }
    for (const n of names) if (TEMPORARY_NAME.test(n)) await rm(join(outDir, sub, n), { force: true });
  }
}
