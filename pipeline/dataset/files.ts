// A file's fingerprint, decided once: the hex sha256 of its bytes (the manifest's image
// hashes, the parts' and verify's, eval's and the exports' checks). Where files are written
// and under which temporary name: layout.ts.
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';

export function sha256Hex(bytes: Buffer | string): string {
  return createHash('sha256').update(bytes).digest('hex');
}

export async function sha256File(path: string): Promise<string> {
  return sha256Hex(await readFile(path));
}

export function sha256FileSync(path: string): string {
  return sha256Hex(readFileSync(path));
}
