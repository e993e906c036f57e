// The finished work of one complex, `parts/done/<id>.json`: its question records (sorted by
// id), its rejects (plan and render), draws replaced per task, the sha256 of every image its
// records name, and every version it was made under (pipeline/dataset/versions.ts). Written
// (temp name + rename) only after all those images exist, so its presence means the complex
// is done; a resumed run skips it and the final assembly reads it, refusing a part made
// under other versions. One line of JSON.
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { datasetPaths } from '../dataset/layout.ts';
import type { QaRecord } from '../dataset/question-record.ts';
import type { DatasetReject } from '../dataset/rejects.ts';
import { type Versions, versionDifferences } from '../dataset/versions.ts';
import { RunMismatchError } from './run-identity.ts';
import { writeTextAtomically } from './write-text.ts';

export interface ComplexPart {
  complex: string;
  records: QaRecord[];
  rejects: DatasetReject[];
  replacements: Record<string, number>;
  /** [image path, sha256] for every image the records name, sorted by path. */
  images: [string, string][];
  /** Every version the part was made under (written by writePart; absent in parts of an
   * older misi-gen, which recorded `hbondRules` alone). */
  versions?: Versions;
  /** The H-bond rules version (also in `versions`; kept for readers of older parts). */
  hbondRules?: number;
}

export function partExists(outDir: string, id: string): boolean {
  return existsSync(datasetPaths(outDir).part(id));
}

/** Writes the part with the versions of the run that made it. */
export async function writePart(outDir: string, part: ComplexPart, versions: Versions): Promise<void> {
  await writeTextAtomically(
    datasetPaths(outDir).part(part.complex),
    JSON.stringify({ ...part, versions, hbondRules: versions.hbondRules }) + '\n',
  );
}

/**
 * Reads a finished part; one made under versions other than `expected` (the run's, which
 * the manifest records) is refused, naming each. A part of an older misi-gen, without
 * `versions`, is held to its H-bond rules version (the run identity held the rest).
 */
export async function readPart(outDir: string, id: string, expected: Versions): Promise<ComplexPart> {
  const path = datasetPaths(outDir).part(id);
  const part = JSON.parse(await readFile(path, 'utf8')) as ComplexPart;
  const differences = part.versions
    ? versionDifferences({ ...part.versions }, expected)
    : versionDifferences({ hbondRules: part.hbondRules, renderer: expected.renderer, templates: expected.templates }, expected);
  if (differences.length) throw new RunMismatchError(`${path}: ${differences.join('; ')}; generate into another --out`);
  return part;
}
