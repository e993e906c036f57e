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
  // Atoms of one residue mostly come together: a key is built only when the residue changes.
  const groups = new Map<string, Group>();
  let altGroups = 0;
  let group: Group | null = null;
  let prev: RawAtom | null = null;
  const withAlt = new Set<Group>();
  for (const a of raw) {
    if (
      group === null ||
      prev === null ||
      a.residueName !== prev.residueName ||
      a.residueNumber !== prev.residueNumber ||
      a.chain !== prev.chain ||
      a.insertionCode !== prev.insertionCode
    ) {
      const key = `${a.chain}|${a.residueNumber}|${a.insertionCode}|${a.residueName}`;
      group = groups.get(key) ?? null;
      if (!group) groups.set(key, (group = { key, atoms: [] }));
    }
    group.atoms.push(a);
    if (a.altLoc && !withAlt.has(group)) {
      withAlt.add(group);
      altGroups++;
    }
    prev = a;
  }
  // Microheterogeneity: two names at one position, told apart by alternate locations.
  const dropped = new Set<Group>();
  if (altGroups >= 2) {
    const byPosition = new Map<string, Group[]>();
    for (const g of groups.values()) {
      const a = g.atoms[0];
      const pos = `${a.chain}|${a.residueNumber}|${a.insertionCode}`;
      const at = byPosition.get(pos);
      if (at) at.push(g);
      else byPosition.set(pos, [g]);
    }
    for (const gs of byPosition.values()) {
      if (gs.length < 2 || !gs.every((g) => withAlt.has(g))) continue;
      const best = gs.reduce((b, g) => (meanOccupancy(g.atoms) > meanOccupancy(b.atoms) ? g : b));
      for (const g of gs) {
        if (g === best) continue;
        dropped.add(g);
        const a = g.atoms[0];
        warnings.push({
          file,
          line: a.line,
          message: `residue ${a.residueName} ${a.residueNumber}${a.insertionCode} chain '${a.chain}' has two versions; kept ${best.atoms[0].residueName} (higher occupancy)`,
          kind: 'altlocs-chosen',
        });
      }
    }
  }
  const residues: Residue[] = [];
  for (const g of groups.values()) {
    if (dropped.has(g)) continue;
    const first = g.atoms[0];
    const atoms = !withAlt.has(g) && !repeatsName(g.atoms) ? g.atoms.map(stripRaw) : resolveGroup(g, file, warnings);
    residues.push({
      chain: first.chain,
      name: first.residueName,
      number: first.residueNumber,
      insertionCode: first.insertionCode,
      hetero: first.hetero,
      atoms,
    });
  }
  return residues;
}

/** True when two atoms of the list share a name. */
function repeatsName(atoms: readonly RawAtom[]): boolean {
  if (atoms.length > 24) return new Set(atoms.map((a) => a.name)).size < atoms.length;
  for (let i = 1; i < atoms.length; i++) {
    for (let j = 0; j < i; j++) if (atoms[i].name === atoms[j].name) return true;
  }
  return false;
}

/** One residue with alternate locations or a repeated atom name: one atom per name, said. */
function resolveGroup(g: Group, file: string, warnings: Diagnostic[]): Atom[] {
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
      // Two atoms with one name and no alternate location: keep both, renamed apart (a hydrogen
      // renamed is no change a user sees: no kind, structures/model.ts).
      const renamed = `${a.name}_${a.serial}`;
      kept.set(renamed, { ...a, name: renamed });
      order.push(renamed);
      warnings.push({
        file,
        line: a.line,
        message: `atom name ${a.name} repeats in residue ${a.residueName} ${a.residueNumber}; renamed ${renamed}`,
        ...(a.isHydrogen ? {} : { kind: 'atoms-renamed' as const }),
      });
    }
  }
  for (const n of order) chosen.add(kept.get(n)!.altLoc ?? '');
  const first = g.atoms[0];
  if (hadAlt) {
    warnings.push({
      file,
      line: first.line,
      message: `alternate locations in ${first.residueName} ${first.residueNumber}${first.insertionCode} chain '${first.chain}': kept the highest occupancy per atom (${[...chosen].filter(Boolean).sort().join(', ')})`,
      kind: 'altlocs-chosen',
    });
  }
  return order.map((n) => stripRaw(kept.get(n)!));
}

function stripRaw(a: RawAtom): Atom {
  const atom: Atom = { name: a.name, element: a.element, xyz: a.xyz, occupancy: a.occupancy, serial: a.serial, isHydrogen: a.isHydrogen };
  if (a.altLoc) atom.altLoc = a.altLoc;
  if (a.formalCharge !== undefined) atom.formalCharge = a.formalCharge;
  return atom;
}
