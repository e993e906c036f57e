// The canonical pocket-ligand answer (docs/hbond-tasks.md, docs/tasks.md): each (residue atom, ligand atom)
// pair once, whichever side donates, sorted by chain, residue number, insertion code,
// residue atom, ligand atom; `ARG 221 NH2 A, O22; ASP 227A OD1 _, N3`.
import type { HBond, HBondEnd } from '../model.ts';

export interface CanonicalPair {
  chain: string;
  residueName: string;
  residueNumber: number;
  insertionCode: string;
  residueAtom: string;
  ligandAtom: string;
}

const cmp = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

export function compareCanonicalPairs(a: CanonicalPair, b: CanonicalPair): number {
  return (
    cmp(a.chain, b.chain) ||
    a.residueNumber - b.residueNumber ||
    cmp(a.insertionCode, b.insertionCode) ||
    cmp(a.residueAtom, b.residueAtom) ||
    cmp(a.ligandAtom, b.ligandAtom)
  );
}

function pairOf(h: HBond): CanonicalPair {
  const pocket: HBondEnd = h.donorSide === 'pocket' ? h.donor : h.acceptor;
  const ligand: HBondEnd = h.donorSide === 'pocket' ? h.acceptor : h.donor;
  return {
    chain: pocket.chain,
    residueName: pocket.residueName,
    residueNumber: pocket.residueNumber,
    insertionCode: pocket.insertionCode,
    residueAtom: pocket.atomName,
    ligandAtom: ligand.atomName,
  };
}

/** The distinct pocket-ligand atom pairs of `hbonds`, in canonical order. */
export function canonicalPairs(hbonds: HBond[]): CanonicalPair[] {
  const seen = new Map<string, CanonicalPair>();
  for (const h of hbonds) {
    const p = pairOf(h);
    const key = [p.chain, p.residueNumber, p.insertionCode, p.residueName, p.residueAtom, p.ligandAtom].join('\u0000');
    if (!seen.has(key)) seen.set(key, p);
  }
  return [...seen.values()].sort(compareCanonicalPairs);
}

/** `ARG 221 NH2 A, O22` (blank chain written `_`, insertion code after the number). */
export function formatCanonicalPair(p: CanonicalPair): string {
  return `${p.residueName} ${p.residueNumber}${p.insertionCode} ${p.residueAtom} ${p.chain || '_'}, ${p.ligandAtom}`;
}

/** The whole answer: pairs joined by `; `; '' when there are none. */
export function formatHBondList(hbonds: HBond[]): string {
  return canonicalPairs(hbonds).map(formatCanonicalPair).join('; ');
}
