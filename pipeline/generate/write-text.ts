// Writing a whole text file safely: under a temporary name, renamed when complete.
import { mkdir, rename, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import { temporaryPath } from '../dataset/layout.ts';

export async function writeTextAtomically(path: string, text: string): Promise<void> {
  await mkdir(dirname(path), { recursive: true });
  const tmp = temporaryPath(path);
  await writeFile(tmp, text);
  await rename(tmp, path);
}

/** Pretty JSON with a final newline. */
export async function writeJsonFile(path: string, value: unknown): Promise<void> {
  await writeTextAtomically(path, JSON.stringify(value, null, 2) + '\n');
}
