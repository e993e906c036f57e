// PDB or mmCIF, chosen by the file name: the one place that decides which reader a
// coordinate file goes to.

import { parseMmcif } from './read-mmcif.ts';
import { parsePdb, type StructureRecord } from './read-pdb.ts';

export function parseStructure(text: string, path: string): StructureRecord {
  return /\.(cif|mmcif)(\.gz)?$/i.test(path) ? parseMmcif(text, path) : parsePdb(text, path);
}
