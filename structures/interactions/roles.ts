// Which single atoms can take part in the atom-to-atom kinds (structures/interactions/criteria.ts
// gives the geometry; these are PLIP's atom selections, Salentin et al. 2015):
//  - hydrophobic: a carbon whose neighbours are all carbon or hydrogen (pocket and ligand);
//  - halogen-bond donor: a ligand F, Cl, Br or I bonded to exactly one carbon;
//  - halogen-bond acceptor: a pocket O, N or S with exactly one neighbour among C, N, P, S
//    (backbone O, Ser/Thr/Tyr O, Asp/Glu O, Lys NZ, Met SD is not: two carbons);
//  - metal: an ion of the complex's metals (ChimeraX's list, structures/hbonds/metals.ts) and a
//    ligand N, O or S.
import type { AtomGraph } from '../hbonds/atom-graph.ts';
import { isMetal } from '../hbonds/metals.ts';

const HALOGENS = new Set(['F', 'Cl', 'Br', 'I']);
const ACCEPTOR_ELEMENTS = new Set(['O', 'N', 'S']);
const ACCEPTOR_PARTNERS = new Set(['C', 'N', 'P', 'S']);

export function isHydrophobicCarbon(g: AtomGraph, i: number): boolean {
  const a = g.atoms[i];
  return a.element === 'C' && a.nbrs.every((j) => g.atoms[j].element === 'C' || g.atoms[j].isH);
}

/** The carbon a ligand halogen is bonded to, or -1 when the atom is no halogen-bond donor. */
export function halogenCarbon(g: AtomGraph, i: number): number {
  const a = g.atoms[i];
  if (a.side !== 'ligand' || !HALOGENS.has(a.element)) return -1;
  const carbons = a.nbrs.filter((j) => g.atoms[j].element === 'C');
  return carbons.length === 1 ? carbons[0] : -1;
}

/** The one C/N/P/S neighbour of a pocket halogen-bond acceptor, or -1 when the atom is none. */
export function halogenAcceptorPartner(g: AtomGraph, i: number): number {
  const a = g.atoms[i];
  if (a.side !== 'pocket' || !ACCEPTOR_ELEMENTS.has(a.element)) return -1;
  const partners = a.nbrs.filter((j) => ACCEPTOR_PARTNERS.has(g.atoms[j].element));
  return partners.length === 1 ? partners[0] : -1;
}

export function isMetalIon(g: AtomGraph, i: number): boolean {
  return g.atoms[i].side === 'metal' && isMetal(g.atoms[i].element);
}

export function isMetalLigandAtom(g: AtomGraph, i: number): boolean {
  const a = g.atoms[i];
  return a.side === 'ligand' && ACCEPTOR_ELEMENTS.has(a.element);
}
