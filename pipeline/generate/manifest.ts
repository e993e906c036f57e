// manifest.json: the dataset's identity, deterministic for the same inputs and options
// (versions, seed, options, complexes with their source hashes, counts per task and
// split, every image with its sha256 and every other file of the dataset with its own). Timings and the machine go to run.json instead.
import type { Manifest } from '../dataset/manifest-type.ts';

export const MANIFEST_FORMAT = 'misi-gen-dataset/1';

/** What the manifest is made of: all of it but the format and the count of distinct images. */
export type ManifestInputs = Omit<Manifest, 'format' | 'distinctImages'>;

export function buildManifest(m: ManifestInputs): Manifest {
  return {
    format: MANIFEST_FORMAT,
    versions: m.versions,
    seed: m.seed,
    options: m.options,
    complexes: m.complexes,
    ...(m.splitSha256 !== undefined ? { splitSha256: m.splitSha256 } : {}),
    counts: m.counts,
    replacements: m.replacements,
    questions: m.questions,
    imageReferences: m.imageReferences,
    distinctImages: m.images.length,
    rejects: m.rejects,
    images: m.images,
    ...(m.files !== undefined ? { files: m.files } : {}),
  };
}
