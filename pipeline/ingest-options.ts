// The options every command that reads structures shares (ingest, hbonds, render...).
import type { Argv } from 'yargs';
import { DEFAULT_POCKET_RADIUS, DEFAULT_POCKET_HYDROGENS } from '../structures/pocket-cut.ts';

export interface IngestArgs {
  ligand?: string;
  ligands?: string;
  'pocket-radius': number;
  'pocket-hydrogens': boolean;
}

export function ingestOptions<T>(y: Argv<T>): Argv<T & IngestArgs> {
  return y
    .option('ligand', { type: 'string', describe: 'ligand of a whole PDB/mmCIF entry, as RES:CHAIN:NUMBER (e.g. STI:A:201)' })
    .option('ligands', { type: 'string', describe: 'TSV of entry id and RES:CHAIN:NUMBER, for many entries' })
    .option('pocket-radius', { type: 'number', default: DEFAULT_POCKET_RADIUS, describe: 'angstrom; residues with any atom this close to the ligand form the pocket when it is cut' })
    .option('pocket-hydrogens', { type: 'boolean', default: DEFAULT_POCKET_HYDROGENS, describe: 'count protein hydrogens when cutting a pocket (ligand: heavy atoms); --no-pocket-hydrogens for heavy atoms only' })
    .check((a) => {
      if (!(a['pocket-radius'] > 0)) throw new Error('--pocket-radius must be a positive number of angstrom');
      return true;
    }) as Argv<T & IngestArgs>;
}
