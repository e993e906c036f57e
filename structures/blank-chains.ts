// Chains without a chain id told apart. A PDB file may give no chain id at all (PDBbind's
// pocket of 10gs, a dimer: columns 22 blank throughout); read by (chain, number, insertion
// code, name) alone, residue 70 of one chain and residue 70 of the other were one residue,
// its atoms renamed (N_483). Among the atoms with a blank chain id, a new chain starts at a
// polymer residue (an ATOM record) that follows a TER record, or whose number is lower than
// the polymer residue before it (numbering restarted or running backward); hetero groups
// (HETATM: waters, ions, modified residues) stay in the chain they follow. When that gives
// more than one chain, each is named `_1`, `_2`, ... in file order (the `_` answers already
// write for a blank chain id, then its place), with a warning of kind `chains-named`; one
// chain keeps its blank id, so a file with one chain reads as before. ChimeraX's reader does
// not merge them either (it starts a new residue whenever the residue changes from one record
// to the next) but keeps the blank id for both: docs/ingest.md#chains-without-ids.

import type { RawAtom } from './alt-locs.ts';
import type { Diagnostic } from './model.ts';

/** The id of the n-th (1-based) chain without a chain id, when a file has several. */
export const blankChainId = (n: number) => `_${n}`;

/**
 * Gives the atoms of blank-chain residues the id of their chain when there are several
 * (in place). `terAt`: for each TER record of the first model, how many atoms came before it.
 */
export function nameBlankChains(raw: RawAtom[], terAt: readonly number[], file: string, warnings: Diagnostic[]): void {
  const ters = new Set(terAt);
  const chainOf = new Array<number>(raw.length).fill(0);
  let chain = 0;
  let terSince = false;
  let lastPolymerNumber: number | null = null;
  let prev: RawAtom | null = null;
  const firstLine: number[] = [];
  const why = new Set<string>();
  for (let i = 0; i < raw.length; i++) {
    if (ters.has(i)) terSince = true;
    const a = raw[i];
    if (a.chain !== '') continue;
    const newResidue =
      prev === null ||
      a.residueNumber !== prev.residueNumber ||
      a.insertionCode !== prev.insertionCode ||
      a.residueName !== prev.residueName;
    if (newResidue && !a.hetero) {
      const backward = lastPolymerNumber !== null && a.residueNumber < lastPolymerNumber;
      if (chain === 0 || ((terSince || backward) && lastPolymerNumber !== null)) {
        if (chain > 0) why.add(terSince ? 'a TER record' : 'residue numbers running backward');
        chain++;
        firstLine.push(a.line);
      }
      terSince = false;
      lastPolymerNumber = a.residueNumber;
    }
    chainOf[i] = Math.max(chain, 1);
    prev = a;
  }
  if (chain < 2) return;
  const spans: string[] = [];
  for (let i = 0; i < raw.length; i++) {
    if (raw[i].chain !== '') continue;
    raw[i].chain = blankChainId(chainOf[i]);
  }
  for (let n = 1; n <= chain; n++) {
    const atoms = raw.filter((a) => a.chain === blankChainId(n) && !a.hetero);
    const first = atoms[0];
    const last = atoms[atoms.length - 1];
    spans.push(
      `${blankChainId(n)} ${first.residueName} ${first.residueNumber}${first.insertionCode} to ${last.residueName} ${last.residueNumber}${last.insertionCode}`,
    );
  }
  warnings.push({
    file,
    line: firstLine[1],
    message: `${chain} chains without a chain id told apart (${[...why].join(' and ')}) and named ${spans.join(', ')}; hetero groups belong to the chain they follow`,
    kind: 'chains-named',
  });
}
