// A file's fingerprint, decided once: the hex sha256 of its bytes (the manifest's digests,
// the parts' and verify's, eval's and the exports' checks). Where files are written and
// under which temporary name: layout.ts.
import { createHash } from 'node:crypto';
import { closeSync, openSync, readFileSync, readSync } from 'node:fs';
import { open, readFile } from 'node:fs/promises';

export function sha256Hex(bytes: Buffer | string): string {
  return createHash('sha256').update(bytes).digest('hex');
}

export async function sha256File(path: string): Promise<string> {
  return sha256Hex(await readFile(path));
}

export function sha256FileSync(path: string): string {
  return sha256Hex(readFileSync(path));
}

/** A file's digest, or why there is none: `missing` (no such file) or another reason it cannot be read. */
export type FileDigest = { sha256: string } | { missing: true } | { unreadable: string };

/** Bytes each reader streams a file through (a 1 MiB buffer per reader, reused). */
const CHUNK = 1 << 20;

/**
 * The digest of every path, in order: `concurrency` files open at once, each streamed
 * through one reused buffer (no file is held whole, however large). `onEach` after each.
 */
export async function digestFiles(paths: readonly string[], concurrency = 16, onEach?: () => void): Promise<FileDigest[]> {
  const out: FileDigest[] = new Array(paths.length);
  let next = 0;
  const reader = async () => {
    const buffer = Buffer.allocUnsafe(CHUNK);
    while (next < paths.length) {
      const i = next++;
      out[i] = await digestOne(paths[i], buffer);
      onEach?.();
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(concurrency, paths.length)) }, reader));
  return out;
}

async function digestOne(path: string, buffer: Buffer): Promise<FileDigest> {
  let handle: Awaited<ReturnType<typeof open>>;
  try {
    handle = await open(path, 'r');
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    return code === 'ENOENT' ? { missing: true } : { unreadable: code ?? (e as Error).message };
  }
  try {
    const hash = createHash('sha256');
    for (;;) {
      const { bytesRead } = await handle.read(buffer, 0, CHUNK, null);
      if (bytesRead === 0) break;
      hash.update(buffer.subarray(0, bytesRead));
    }
    return { sha256: hash.digest('hex') };
  } catch (e) {
    return { unreadable: (e as NodeJS.ErrnoException).code ?? (e as Error).message };
  } finally {
    await handle.close();
  }
}

/** digestFiles, one file at a time (for a caller that cannot wait on promises). */
export function digestFilesSync(paths: readonly string[]): FileDigest[] {
  const buffer = Buffer.allocUnsafe(CHUNK);
  return paths.map((path) => {
    let fd: number;
    try {
      fd = openSync(path, 'r');
    } catch (e) {
      const code = (e as NodeJS.ErrnoException).code;
      return code === 'ENOENT' ? { missing: true } : { unreadable: code ?? (e as Error).message };
    }
    try {
      const hash = createHash('sha256');
      for (let n = readSync(fd, buffer, 0, CHUNK, null); n > 0; n = readSync(fd, buffer, 0, CHUNK, null))
        hash.update(buffer.subarray(0, n));
      return { sha256: hash.digest('hex') };
    } catch (e) {
      return { unreadable: (e as NodeJS.ErrnoException).code ?? (e as Error).message };
    } finally {
      closeSync(fd);
    }
  });
}
