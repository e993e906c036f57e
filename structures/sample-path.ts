// The bundled sample: the default input of every command that reads structures.
import { fileURLToPath } from 'node:url';

export const SAMPLE_DIR = fileURLToPath(new URL('./sample', import.meta.url));
/** Ligand selectors for the sample's whole entries. */
export const SAMPLE_LIGANDS = fileURLToPath(new URL('./sample/pdb-entries/ligands.tsv', import.meta.url));
