// Grouping atoms into residues and resolving alternate locations: for each atom name the
// location with the highest occupancy is kept (a tie keeps the first in the file), and the
// choice is recorded as a warning. A residue given in two versions with different names
// (microheterogeneity) keeps the version with the higher mean occupancy.
import type { Atom, Diagnostic, Residue } from './model.ts';

/** An atom as a reader sees it, with the residue fields it came with. */
export interface RawAtom extends Atom {
  line: number;
  chain: string;
  residueName: string;
  residueNumber: number;
  insertionCode: string;
  hetero: boolean;
}

interface Group {
  key: string;
  atoms: RawAtom[];
}

const meanOccupancy = (atoms: RawAtom[]) => atoms.reduce((s, a) => s + a.occupancy, 0) / atoms.length;

export function resolveAltLocs(raw: RawAtom[], file: string, warnings: Diagnostic[]): Residue[] {
  const groups = new Map<string, Group>();
  for (const a of raw) {
    const key = `${a.chain}|${a.residueNumber}|${a.insertionCode}|${a.residueName}`;
    let g = groups.get(key);
    if (!g) groups.set(key, (g = { key, atoms: [] }));
    g.atoms.push(a);
  }
  // Microheterogeneity: two names at one position, told apart by alternate locations.
  const byPosition = new Map<string, Group[]>();
  for (const g of groups.values()) {
    const a = g.atoms[0];
    const pos = `${a.chain}|${a.residueNumber}|${a.insertionCode}`;
    byPosition.set(pos, [...(byPosition.get(pos) ?? []), g]);
  }
  const dropped = new Set<Group>();
  for (const gs of byPosition.values()) {
    if (gs.length < 2 || !gs.every((g) => g.atoms.some((a) => a.altLoc))) continue;
    const best = gs.reduce((b, g) => (meanOccupancy(g.atoms) > meanOccupancy(b.atoms) ? g : b));
    for (const g of gs) {
      if (g === best) continue;
      dropped.add(g);
      const a = g.atoms[0];
      warnings.push({
        file, line: a.line,
        message: `residue ${a.residueName} ${a.residueNumber}${a.insertionCode} chain '${a.chain}' has two versions; kept ${best.atoms[0].residueName} (higher occupancy)`,
      });
    }
  }
  const residues: Residue[] = [];
  for (const g of groups.values()) {
    if (dropped.has(g)) continue;
    const kept = new Map<string, RawAtom>();
    const order: string[] = [];
    let hadAlt = false;
    const chosen = new Set<string>();
    for (const a of g.atoms) {
      if (a.altLoc) hadAlt = true;
      const prev = kept.get(a.name);
      if (!prev) {
        kept.set(a.name, a);
        order.push(a.name);
      } else if (a.altLoc && a.occupancy > prev.occupancy) {
        kept.set(a.name, a);
      } else if (!a.altLoc && !prev.altLoc) {
        // Two atoms with one name and no alternate location: keep both, renamed apart.
        const renamed = `${a.name}_${a.serial}`;
        kept.set(renamed, { ...a, name: renamed });
        order.push(renamed);
        warnings.push({ file, line: a.line, message: `atom name ${a.name} repeats in residue ${a.residueName} ${a.residueNumber}; renamed ${renamed}` });
      }
    }
    for (const n of order) chosen.add(kept.get(n)!.altLoc ?? '');
    const first = g.atoms[0];
    if (hadAlt) {
      warnings.push({
        file, line: first.line,
        message: `alternate locations in ${first.residueName} ${first.residueNumber}${first.insertionCode} chain '${first.chain}': kept the highest occupancy per atom (${[...chosen].filter(Boolean).sort().join(', ')})`,
      });
    }
    residues.push({
      chain: first.chain,
      name: first.residueName,
      number: first.residueNumber,
      insertionCode: first.insertionCode,
      hetero: first.hetero,
      atoms: order.map((n) => stripRaw(kept.get(n)!)),
    });
  }
  return residues;
}

function stripRaw(a: RawAtom): Atom {
  const atom: Atom = { name: a.name, element: a.element, xyz: a.xyz, occupancy: a.occupancy, serial: a.serial, isHydrogen: a.isHydrogen };
  if (a.altLoc) atom.altLoc = a.altLoc;
  if (a.formalCharge !== undefined) atom.formalCharge = a.formalCharge;
  return atom;
}
