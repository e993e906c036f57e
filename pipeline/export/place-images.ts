// The images an export refers to, placed under <out>/images/ with the same names as in the
// dataset: hard-linked when the two folders share a file system (no second copy on disk),
// else copied; `copy` copies them all (an export to be changed, or moved away on its own).

import { existsSync } from 'node:fs';
import { copyFile, link, mkdir } from 'node:fs/promises';
import { dirname, join } from 'node:path';

/** How the images were placed: hard links, copies, and those already there (left as they are). */
export interface PlacedImages {
  linked: number;
  copied: number;
  present: number;
}

export async function placeImages(datasetDir: string, outDir: string, paths: Iterable<string>, copy = false): Promise<PlacedImages> {
  const placed: PlacedImages = { linked: 0, copied: 0, present: 0 };
  for (const p of new Set(paths)) {
    const to = join(outDir, p);
    if (existsSync(to)) {
      placed.present++;
      continue;
    }
    await mkdir(dirname(to), { recursive: true });
    if (!copy) {
      try {
        await link(join(datasetDir, p), to);
        placed.linked++;
        continue;
      } catch {
        // another file system (or one without hard links): copied
      }
    }
    await copyFile(join(datasetDir, p), to);
    placed.copied++;
  }
  return placed;
}

/** `images: 20 hard-linked (no second copy on disk), 0 copied` for the export's summary. */
export function formatPlaced(p: PlacedImages): string {
  const parts = [`${p.linked} hard-linked to the dataset's (no second copy on disk)`, `${p.copied} copied`];
  if (p.present) parts.push(`${p.present} already there`);
  return `images: ${parts.join(', ')}`;
}
