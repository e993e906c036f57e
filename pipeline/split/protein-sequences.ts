// The sequences a complex is compared by in the split by protein: its pocket chains (always)
// and, when the complex came with the whole protein (a PDBbind `_protein.pdb`, or a whole
// PDB entry), the full sequence of every chain of that file. Pocket sequences are fragments
// (every residue within ~10 A of the ligand, concatenated), so unrelated families can reach
// 30 % local identity on them; whole chains do not have that problem.

import { wholeResiduesOf } from '../../structures/build-complex.ts';
import { chainSequences, pocketSequence } from '../../structures/grouping/pocket-sequence.ts';
import type { Complex } from '../../structures/model.ts';
import { parseStructure } from '../../structures/parse-structure.ts';
import { readInputFile } from '../../structures/read-input-file.ts';

export interface ComplexSequences {
  id: string;
  /** Pocket sequence per chain. */
  pocket: string[];
  /** Whole-chain sequences from the protein or entry file; null when the complex has none. */
  whole: string[] | null;
}

/** Full chain sequences of a structure file (amino acids only, in file order); null when unreadable. */
export async function wholeChainSequences(path: string): Promise<string[] | null> {
  const file = await readInputFile(path);
  if (!file.ok) return null;
  const record = parseStructure(file.text, path);
  if (record.errors.length) return null;
  return chainSequences(record.residues).map((c) => c.sequence);
}

export async function complexSequences(complex: Complex): Promise<ComplexSequences> {
  const pocket = pocketSequence(complex).map((c) => c.sequence);
  const source = complex.sources.find((s) => s.role === 'protein') ?? complex.sources.find((s) => s.role === 'entry');
  // The file as ingest parsed it, when this complex was just read (else read it again).
  const parsed = wholeResiduesOf(complex);
  const whole = !source ? null : parsed ? chainSequences(parsed).map((c) => c.sequence) : await wholeChainSequences(source.path);
  return { id: complex.id, pocket, whole: whole?.length ? whole : null };
}
