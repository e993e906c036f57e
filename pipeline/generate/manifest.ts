// manifest.json: the dataset's identity, deterministic for the same inputs and options
// (versions, seed, options, complexes with their source hashes, counts per task and
// split, every image with its sha256). Timings and the machine go to run.json instead.
import { sha256File } from '../dataset/files.ts';
import { join } from 'node:path';
import type { Versions } from '../dataset/versions.ts';
import type { Manifest, ManifestOptions } from '../dataset/manifest-type.ts';

export const MANIFEST_FORMAT = 'misi-gen-dataset/1';


export { sha256File };

/** sha256 of every image, in path order, a few at a time. */
export async function hashImages(outDir: string, paths: string[]): Promise<{ path: string; sha256: string }[]> {
  const sorted = [...new Set(paths)].sort();
  const out: { path: string; sha256: string }[] = new Array(sorted.length);
  let next = 0;
  await Promise.all(Array.from({ length: 8 }, async () => {
    while (next < sorted.length) {
      const i = next++;
      out[i] = { path: sorted[i], sha256: await sha256File(join(outDir, sorted[i])) };
    }
  }));
  return out;
}

export interface ManifestInputs {
  seed: number;
  /** Every version the files depend on (pipeline/dataset/versions.ts). */
  versions: Versions;
  options: ManifestOptions;
  complexes: { id: string; split: string; sources: string[] }[];
  counts: Record<string, { train: number; test: number }>;
  replacements: Record<string, number>;
  questions: number;
  imageReferences: number;
  rejects: number;
  images: { path: string; sha256: string }[];
}

export function buildManifest(m: ManifestInputs): Manifest {
  return {
    format: MANIFEST_FORMAT,
    versions: m.versions,
    seed: m.seed,
    options: m.options,
    complexes: m.complexes,
    counts: m.counts,
    replacements: m.replacements,
    questions: m.questions,
    imageReferences: m.imageReferences,
    distinctImages: m.images.length,
    rejects: m.rejects,
    images: m.images,
  };
}
