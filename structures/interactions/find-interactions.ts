// The finder: every pocket-ligand interaction of a complex, of every kind. H-bonds come from
// the H-bond finder (structures/hbonds/, ChimeraX criteria); the other kinds from the one
// decision per kind of decide-pair.ts, over the candidates roles.ts, rings.ts and
// charged-groups.ts name, with PLIP's reductions (Salentin et al. 2015) applied after:
//  - a hydrophobic contact between two rings that stack is not reported (the stacking is);
//  - per ligand carbon and residue, only the closest hydrophobic contact is kept; per pocket
//    carbon, only the closest of the ligand carbons bonded together (one patch) is kept;
//  - a ligand ring stacked on a His ring has no cation-pi with any cation (His is both).

import type { AtomGraph, GraphAtom } from '../hbonds/atom-graph.ts';
import { DEFAULT_TOLERANCES } from '../hbonds/criteria.ts';
import { findInGraph, typedGraph } from '../hbonds/find-hbonds.ts';
import type { Complex, HBond } from '../model.ts';
import { type ChargedGroup, findChargedGroups } from './charged-groups.ts';
import { HALOGEN_DISTANCE, HYDROPHOBIC_DISTANCE, METAL_DISTANCE } from './criteria.ts';
import { decideCationPi, decideHalogenBond, decideHydrophobic, decideMetal, decideSaltBridge, decideStacking } from './decide-pair.ts';
import { findRings, type Ring } from './rings.ts';
import { halogenAcceptorPartner, halogenCarbon, isHydrophobicCarbon, isMetalIon, isMetalLigandAtom } from './roles.ts';

/** The kinds, in the order they are listed. */
export const INTERACTION_KINDS = ['hbond', 'salt-bridge', 'pi-stacking', 'cation-pi', 'halogen-bond', 'hydrophobic', 'metal'] as const;
export type InteractionKind = (typeof INTERACTION_KINDS)[number];

/** The pocket end: a residue (a metal ion for `metal`) and the atoms of it that take part. */
export interface PocketEnd {
  chain: string;
  residueName: string;
  residueNumber: number;
  insertionCode: string;
  /** Atom names: one atom, a ring's atoms, a charged group's atoms. */
  atoms: string[];
}

export interface Interaction {
  kind: InteractionKind;
  pocket: PocketEnd;
  /** Ligand atom names taking part (one atom, a ring, a charged group). */
  ligandAtoms: string[];
  /** Angstrom: donor-acceptor, carbon-carbon, centre-centre, halogen-acceptor, metal-atom. */
  distance: number;
  /** Degrees: between ring planes (pi-stacking), C-X...A (halogen bond). */
  angle?: number;
  /** Angstrom: ring offset (pi-stacking, cation-pi). */
  offset?: number;
  /** pi-stacking only. */
  geometry?: 'face-to-face' | 'edge-to-face';
  /** salt-bridge, cation-pi: the side of the positive charge. hbond: the donor's side. */
  positiveSide?: 'pocket' | 'ligand';
  donorSide?: 'pocket' | 'ligand';
  /** salt-bridge, cation-pi: the ligand group in words (`carboxylate`, `amine`); for a pocket cation its residue. */
  group?: string;
}

function pocketEnd(g: AtomGraph, atoms: number[]): PocketEnd {
  const r = g.atoms[atoms[0]].residue;
  return {
    chain: r.chain,
    residueName: r.name,
    residueNumber: r.number,
    insertionCode: r.insertionCode,
    atoms: atoms.map((i) => g.atoms[i].name),
  };
}
const names = (g: AtomGraph, atoms: number[]) => atoms.map((i) => g.atoms[i].name);

function fromHBond(h: HBond): Interaction {
  const p = h.donorSide === 'pocket' ? h.donor : h.acceptor;
  const l = h.donorSide === 'pocket' ? h.acceptor : h.donor;
  return {
    kind: 'hbond',
    pocket: {
      chain: p.chain,
      residueName: p.residueName,
      residueNumber: p.residueNumber,
      insertionCode: p.insertionCode,
      atoms: [p.atomName],
    },
    ligandAtoms: [l.atomName],
    distance: h.distanceDA,
    donorSide: h.donorSide,
  };
}

/** The candidates of a typed graph, found once: rings, charged groups. */
export interface InteractionSites {
  rings: Ring[];
  charges: ChargedGroup[];
}

export function interactionSites(complex: Complex, g: AtomGraph): InteractionSites {
  const ligandIndex = new Map<number, number>();
  g.atoms.filter((a) => a.side === 'ligand').forEach((a, k) => ligandIndex.set(a.index, k));
  const formalCharge = (i: number) => {
    const k = ligandIndex.get(i);
    return k === undefined ? 0 : (complex.ligand.atoms[k]?.formalCharge ?? 0);
  };
  return { rings: findRings(g), charges: findChargedGroups(g, formalCharge) };
}

/** Every interaction of the complex, H-bonds (complex.hbonds when ingest stored them) included. */
export function findInteractions(complex: Complex): Interaction[] {
  const g = typedGraph(complex);
  const hbonds = complex.hbonds ?? findInGraph(g, DEFAULT_TOLERANCES);
  return sortInteractions([...hbonds.map(fromHBond), ...interactionsInGraph(complex, g)]);
}

/** The kinds past the H-bond, on a typed graph. */
export function interactionsInGraph(complex: Complex, g: AtomGraph): Interaction[] {
  const { rings, charges } = interactionSites(complex, g);
  const out: Interaction[] = [];
  const pocketRings = rings.filter((r) => r.side === 'pocket');
  const ligandRings = rings.filter((r) => r.side === 'ligand');

  const stacked: [Ring, Ring][] = [];
  for (const p of pocketRings)
    for (const l of ligandRings) {
      const v = decideStacking(p, l);
      if (!v.found) continue;
      stacked.push([p, l]);
      out.push({
        kind: 'pi-stacking',
        pocket: pocketEnd(g, p.atoms),
        ligandAtoms: names(g, l.atoms),
        distance: v.distance,
        angle: v.angle,
        offset: v.offset,
        geometry: v.geometry,
      });
    }

  for (const pos of charges.filter((c) => c.sign === 'positive'))
    for (const neg of charges.filter((c) => c.sign === 'negative')) {
      if (pos.side === neg.side) continue;
      const v = decideSaltBridge(pos, neg);
      if (!v.found) continue;
      const [p, l] = pos.side === 'pocket' ? [pos, neg] : [neg, pos];
      out.push({
        kind: 'salt-bridge',
        pocket: pocketEnd(g, p.atoms),
        ligandAtoms: names(g, l.atoms),
        distance: v.distance,
        positiveSide: pos.side,
        group: l.label,
      });
    }

  const onHis = new Set(stacked.filter(([p]) => g.groups[p.group].template === 'HIS').map(([, l]) => l));
  for (const ring of rings)
    for (const cation of charges) {
      if (cation.side === ring.side || cation.sign !== 'positive') continue;
      if (ring.side === 'ligand' && onHis.has(ring)) continue;
      const v = decideCationPi(g, ring, cation);
      if (!v.found) continue;
      const [p, l] = ring.side === 'pocket' ? [ring.atoms, cation.atoms] : [cation.atoms, ring.atoms];
      out.push({
        kind: 'cation-pi',
        pocket: pocketEnd(g, p),
        ligandAtoms: names(g, l),
        distance: v.distance,
        offset: v.offset,
        positiveSide: cation.side,
        group: cation.label,
      });
    }

  const pocketAtoms = g.atoms.filter((a) => a.side === 'pocket' && !a.isH);
  const ligandAtoms = g.atoms.filter((a) => a.side === 'ligand' && !a.isH);
  // A box test first: an atom outside the cube of half-side r is no closer than r.
  const near = (a: GraphAtom, b: GraphAtom, r: number) =>
    Math.abs(a.xyz[0] - b.xyz[0]) < r && Math.abs(a.xyz[1] - b.xyz[1]) < r && Math.abs(a.xyz[2] - b.xyz[2]) < r;

  for (const x of ligandAtoms) {
    const c = halogenCarbon(g, x.index);
    if (c < 0) continue;
    for (const a of pocketAtoms) {
      if (!near(x, a, HALOGEN_DISTANCE)) continue;
      const y = halogenAcceptorPartner(g, a.index);
      if (y < 0) continue;
      const v = decideHalogenBond(g, x.index, c, a.index, y);
      if (v.found)
        out.push({ kind: 'halogen-bond', pocket: pocketEnd(g, [a.index]), ligandAtoms: [x.name], distance: v.distance, angle: v.angle });
    }
  }

  for (const m of g.atoms.filter((a) => isMetalIon(g, a.index)))
    for (const l of ligandAtoms) {
      if (!isMetalLigandAtom(g, l.index) || !near(m, l, METAL_DISTANCE)) continue;
      const v = decideMetal(g, m.index, l.index);
      if (v.found) out.push({ kind: 'metal', pocket: pocketEnd(g, [m.index]), ligandAtoms: [l.name], distance: v.distance });
    }

  out.push(...hydrophobicContacts(g, pocketAtoms, ligandAtoms, stacked));
  return out;
}

function hydrophobicContacts(g: AtomGraph, pocketAtoms: GraphAtom[], ligandAtoms: GraphAtom[], stacked: [Ring, Ring][]): Interaction[] {
  const stackPairs = new Set<string>();
  for (const [p, l] of stacked) for (const i of p.atoms) for (const j of l.atoms) stackPairs.add(`${i}:${j}`);
  const lig = ligandAtoms.filter((a) => isHydrophobicCarbon(g, a.index));
  // Closest contact per (ligand carbon, pocket residue).
  const best = new Map<string, { p: number; l: number; d: number }>();
  for (const p of pocketAtoms) {
    if (!isHydrophobicCarbon(g, p.index)) continue;
    for (const l of lig) {
      if (Math.abs(p.xyz[0] - l.xyz[0]) >= HYDROPHOBIC_DISTANCE) continue;
      if (stackPairs.has(`${p.index}:${l.index}`)) continue;
      const v = decideHydrophobic(g, p.index, l.index);
      if (!v.found) continue;
      const key = `${l.index}:${p.group}`;
      const held = best.get(key);
      if (!held || v.distance < held.d) best.set(key, { p: p.index, l: l.index, d: v.distance });
    }
  }
  // Per pocket carbon, the closest of each bonded patch of ligand carbons.
  const byPocket = new Map<number, { p: number; l: number; d: number }[]>();
  for (const c of best.values()) byPocket.set(c.p, [...(byPocket.get(c.p) ?? []), c]);
  const kept: { p: number; l: number; d: number }[] = [];
  for (const contacts of byPocket.values()) {
    const ligSet = new Set(contacts.map((c) => c.l));
    const seen = new Set<number>();
    for (const start of contacts) {
      if (seen.has(start.l)) continue;
      const patch = new Set<number>([start.l]);
      const stack = [start.l];
      while (stack.length) {
        const i = stack.pop()!;
        for (const j of g.atoms[i].nbrs) {
          if (!ligSet.has(j) || patch.has(j)) continue;
          patch.add(j);
          stack.push(j);
        }
      }
      for (const i of patch) seen.add(i);
      kept.push(contacts.filter((c) => patch.has(c.l)).reduce((a, b) => (b.d < a.d ? b : a)));
    }
  }
  return kept.map((c) => ({ kind: 'hydrophobic', pocket: pocketEnd(g, [c.p]), ligandAtoms: [g.atoms[c.l].name], distance: c.d }));
}

/** Kind order, then chain, residue number, insertion code, then pocket and ligand atoms. */
export function sortInteractions(list: Interaction[]): Interaction[] {
  const rank = (k: InteractionKind) => INTERACTION_KINDS.indexOf(k);
  return [...list].sort(
    (a, b) =>
      rank(a.kind) - rank(b.kind) ||
      a.pocket.chain.localeCompare(b.pocket.chain) ||
      a.pocket.residueNumber - b.pocket.residueNumber ||
      a.pocket.insertionCode.localeCompare(b.pocket.insertionCode) ||
      a.pocket.atoms.join(',').localeCompare(b.pocket.atoms.join(',')) ||
      a.ligandAtoms.join(',').localeCompare(b.ligandAtoms.join(',')),
  );
}
