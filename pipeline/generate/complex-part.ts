// The finished work of one complex, `parts/done/<id>.json`: its question records (sorted by
// id), its rejects (plan and render), draws replaced per task, and the sha256 of every
// image its records name. Written (temp name + rename) only after all those images exist,
// so its presence means the complex is done; a resumed run skips it and the final assembly
// reads it. One line of JSON.
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import type { QaRecord } from '../dataset/question-record.ts';
import type { DatasetReject } from '../dataset/rejects.ts';
import { RunMismatchError } from './run-identity.ts';
import { datasetPaths } from '../dataset/layout.ts';
import { HBOND_RULES_VERSION } from '../../structures/hbonds/rules-version.ts';
import { writeTextAtomically } from './write-text.ts';

export interface ComplexPart {
  complex: string;
  records: QaRecord[];
  rejects: DatasetReject[];
  replacements: Record<string, number>;
  /** [image path, sha256] for every image the records name, sorted by path. */
  images: [string, string][];
  /** The H-bond rules version the answers were made under (written by writePart). */
  hbondRules?: number;
}

export function partExists(outDir: string, id: string): boolean {
  return existsSync(datasetPaths(outDir).part(id));
}

export async function writePart(outDir: string, part: ComplexPart): Promise<void> {
  await writeTextAtomically(datasetPaths(outDir).part(part.complex), JSON.stringify({ ...part, hbondRules: HBOND_RULES_VERSION }) + '\n');
}

/** Reads a finished part; one made under another H-bond rules version is refused, naming it. */
export async function readPart(outDir: string, id: string): Promise<ComplexPart> {
  const path = datasetPaths(outDir).part(id);
  const part = JSON.parse(await readFile(path, 'utf8')) as ComplexPart;
  if (part.hbondRules !== HBOND_RULES_VERSION) {
    throw new RunMismatchError(`${path}: made under H-bond rules version ${part.hbondRules ?? '1 (not recorded)'}, this misi-gen uses ${HBOND_RULES_VERSION} (versions.hbondRules); generate into another --out`);
  }
  return part;
}
