// The images an export refers to, placed under <out>/images/ with the same names as in the
// dataset: hard-linked when the two folders share a file system (no copy), else copied.
import { copyFile, link, mkdir } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';

export async function placeImages(datasetDir: string, outDir: string, paths: Iterable<string>): Promise<number> {
  let placed = 0;
  for (const p of new Set(paths)) {
    const to = join(outDir, p);
    if (existsSync(to)) continue;
    await mkdir(dirname(to), { recursive: true });
    try {
      await link(join(datasetDir, p), to);
    } catch {
      await copyFile(join(datasetDir, p), to);
    }
    placed++;
  }
  return placed;
}
