// Which part of a complex a scene draws: `full` (pocket + ligand), `pocket`, `ligand`, or
// `residue:CHAIN:NUMBER[ICODE]` (that pocket residue + the ligand). A blank chain is `_`.
import type { Residue } from '../structures/model.ts';

export type Subset =
  | { kind: 'full' }
  | { kind: 'pocket' }
  | { kind: 'ligand' }
  | { kind: 'residue'; chain: string; number: number; insertionCode: string };

export function parseSubset(text: string): Subset {
  const t = text.trim();
  if (t === 'full' || t === 'pocket' || t === 'ligand') return { kind: t };
  const m = /^residue:([^:\s]*):(-?\d+)([A-Za-z]?)$/.exec(t);
  if (!m) {
    throw new Error(`bad subset '${text}' (expected full, pocket, ligand or residue:CHAIN:NUMBER[ICODE])`);
  }
  const chain = m[1] === '_' ? '' : m[1];
  return { kind: 'residue', chain, number: Number(m[2]), insertionCode: m[3] };
}

export function formatSubset(s: Subset): string {
  if (s.kind !== 'residue') return s.kind;
  return `residue:${s.chain || '_'}:${s.number}${s.insertionCode}`;
}

/** True when `r` is the residue a `residue:` subset names. */
export function isSubsetResidue(s: Subset, r: Residue): boolean {
  return s.kind === 'residue' && r.chain === s.chain && r.number === s.number && r.insertionCode === s.insertionCode;
}
