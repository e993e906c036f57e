// Why a pair is found by one side of the interactions cross-check only: each class is a
// documented difference between PLIP 2.2's rules (its source: plip/structure/preparation.py,
// detection.py) and structures/interactions/, or a measure at a limit. The class names are
// the rows of the table in docs/interactions.md.
import type { AtomGraph } from '../structures/hbonds/atom-graph.ts';
import { cross, distance, normalize, sub } from '../structures/hbonds/vector-math.ts';
import { decideCationPi, decideStacking } from '../structures/interactions/decide-pair.ts';
import { interactionSites } from '../structures/interactions/find-interactions.ts';
import { type Ring, ringIsPlanar } from '../structures/interactions/rings.ts';
import { isHydrophobicCarbon } from '../structures/interactions/roles.ts';
import type { Complex } from '../structures/model.ts';
import type { Pair } from './plip-interactions-compare.ts';

const heavy = (g: AtomGraph, i: number) => g.atoms[i].nbrs.filter((j) => !g.atoms[j].isH);
const ligandAtom = (g: AtomGraph, name: string) => g.atoms.findIndex((a) => a.side === 'ligand' && a.name === name);

/** What a ligand N, O or S bound to a metal is, in words. */
function metalTarget(g: AtomGraph, i: number): string {
  const a = g.atoms[i];
  const h = heavy(g, i);
  const nb = h.map((j) => g.atoms[j]);
  if (a.element === 'N')
    return nb.some((x) => x.element === 'S')
      ? 'sulfonamide N'
      : h.length === 2
        ? 'N with two heavy neighbours'
        : `N with ${h.length} heavy neighbour(s)`;
  if (a.element === 'S') return 'S';
  if (h.length === 2) return 'ether or ester O';
  const c = nb[0];
  const hydroxy = a.nbrs.length > h.length;
  const partnerO = heavy(g, c.index).filter((j) => j !== i && g.atoms[j].element === 'O' && heavy(g, j).length === 1).length;
  const nOnPartner = heavy(g, c.index).some(
    (j) => g.atoms[j].element === 'N' && heavy(g, j).some((k) => g.atoms[k].element === 'O' && k !== i),
  );
  if (c.element === 'C' && nOnPartner) return 'hydroxamate O';
  if (c.element === 'N') return 'hydroxamate/N-O O';
  if (c.element === 'S') return 'sulfonyl O';
  if (c.element === 'P') return 'phosphoryl O';
  if (c.element === 'C' && partnerO) return 'carboxylate O';
  return hydroxy ? 'hydroxyl O' : 'carbonyl O';
}

/** The class of a pair found here only. */
export function whyHereOnly(c: Complex, g: AtomGraph, p: Pair, plipAll: Pair[]): string {
  const i = p.ours!;
  if (p.kind === 'salt-bridge' || p.kind === 'cation-pi') {
    const group = i.group ?? '';
    const ligandCharged = i.positiveSide === 'ligand' || p.kind === 'salt-bridge';
    if (ligandCharged && group === 'amine') {
      const n = ligandAtom(g, i.ligandAtoms[0]);
      const k = heavy(g, n).length;
      if (k < 3)
        return `ligand ${k === 1 ? 'primary' : 'secondary'} amine: PLIP reads the ligand without hydrogens and takes only tertiary and quaternary N as cations`;
    }
    if (ligandCharged && group === 'amidinium') return 'ligand amidinium: PLIP has no amidine rule (its guanidine needs a C with three N)';
    if (ligandCharged && group === 'cationic N')
      return 'ligand N with a positive formal charge (RDKit: iminium, aromatic N+): PLIP has no such rule';
    if (group === 'phosphate' && i.ligandAtoms.length) {
      const pAtom = ligandAtom(g, i.ligandAtoms[0]);
      if (heavy(g, pAtom).some((j) => g.atoms[j].element !== 'O'))
        return 'ligand phosphonate / phosphinate: PLIP needs a P bonded to O only';
    }
  }
  if (p.kind === 'pi-stacking' || (p.kind === 'cation-pi' && i.positiveSide === 'pocket')) {
    const ring = i.ligandAtoms.map((n) => ligandAtom(g, n));
    if (!ringIsPlanar(g, ring))
      return 'ligand ring aromatic (RDKit) but not planar within 5 deg: PLIP, reading bond orders from a PDB, took it as no aromatic ring';
    if (p.kind === 'pi-stacking') {
      const { rings } = interactionSites(c, g);
      const a = rings.find((r) => r.side === 'pocket' && sameAtoms(r.atoms, pocketAtoms(g, i.pocket)));
      const b = rings.find((r) => r.side === 'ligand' && sameAtoms(r.atoms, ring));
      if (a && b) {
        const v = decideStacking(plipStyle(g, a), plipStyle(g, b));
        if (!v.found) return `stacking at a limit: with PLIP's ring normal (through three ring atoms) ${v.reason}`;
      }
    }
  }
  if (p.kind === 'hydrophobic') return whyHydrophobicHereOnly(c, g, p, plipAll);
  if (p.kind === 'metal') {
    const what = metalTarget(g, ligandAtom(g, i.ligandAtoms[0]));
    if (['carboxylate O', 'phosphoryl O', 'N with two heavy neighbours'].includes(what))
      return `metal bound by a ligand ${what}, one of PLIP's groups: PLIP's fit of a coordination geometry left it out (targets past the best-fitting geometry are dropped)`;
  }
  if (p.kind === 'metal')
    return `metal bound by a ligand ${metalTarget(g, ligandAtom(g, i.ligandAtoms[0]))}: not among PLIP's ligand metal-binding groups (its alcohol test never matches; no hydroxamate, carbonyl, sulfonamide)`;
  return 'unexplained';
}

/**
 * PLIP's per-pocket-atom reduction keeps, for a pocket carbon with several ligand contacts, the
 * closest of each bonded patch of ligand carbons, but a contact bonded to none of the others
 * forms no patch and is dropped; ours keeps it as a patch of one.
 */
function whyHydrophobicHereOnly(_c: Complex, g: AtomGraph, p: Pair, plipAll: Pair[]): string {
  const i = p.ours!;
  const l = ligandAtom(g, i.ligandAtoms[0]);
  const pk = pocketAtoms(g, i.pocket)[0];
  const plipKeys = new Set(plipAll.filter((q) => q.kind === 'hydrophobic').map((q) => `${q.residue}|${q.ligand[0]}`));
  const stackedInPlip = plipAll.some(
    (q) =>
      q.kind === 'pi-stacking' && q.residue === p.residue && q.ligand.includes(g.atoms[l].name) && (q.plipAtoms?.pocket ?? []).includes(pk),
  );
  if (stackedInPlip) return 'hydrophobic between two rings that stack in PLIP (not here): PLIP drops contacts between stacked rings';
  const sameNumber = plipAll.some(
    (q) =>
      q.kind === 'hydrophobic' &&
      q.ligand[0] === g.atoms[l].name &&
      q.residue !== p.residue &&
      q.residue.split(' ')[1].replace(/\D+$/, '') === String(i.pocket.residueNumber),
  );
  if (sameNumber)
    return 'hydrophobic: PLIP keeps one contact per ligand carbon and residue number (chain and insertion code not told apart)';
  // The ligand carbons whose closest hydrophobic contact in this residue is this pocket carbon.
  const residueCarbons = g.atoms.filter((a) => a.group === g.atoms[pk].group && isHydrophobicCarbon(g, a.index));
  const closestIsPk = (lig: number) => {
    const near = residueCarbons.map((a) => ({ a: a.index, d: distance(a.xyz, g.atoms[lig].xyz) })).filter((x) => x.d < 4);
    return near.length > 0 && near.reduce((x, y) => (y.d < x.d ? y : x)).a === pk;
  };
  const others = g.atoms.filter((a) => a.side === 'ligand' && a.index !== l && isHydrophobicCarbon(g, a.index) && closestIsPk(a.index));
  if (others.length && !others.some((o) => g.atoms[l].nbrs.includes(o.index)))
    return "hydrophobic: the pocket carbon touches other ligand carbons, none bonded to this one: PLIP's patch reduction drops a patch of one";
  if (g.atoms[l].nbrs.some((j) => plipKeys.has(`${p.residue}|${g.atoms[j].name}`)))
    return 'hydrophobic: PLIP kept a neighbouring ligand carbon of the same patch (closest-per-patch choice)';
  return 'hydrophobic: unexplained';
}

const sameAtoms = (a: number[], b: number[]) => a.length === b.length && a.every((x) => b.includes(x));

/** Graph indices of a pocket end's atoms. */
function pocketAtoms(g: AtomGraph, end: { chain: string; residueNumber: number; insertionCode: string; atoms: string[] }): number[] {
  return end.atoms.map((n) =>
    g.atoms.findIndex(
      (a) =>
        a.side !== 'ligand' &&
        a.name === n &&
        a.residue.number === end.residueNumber &&
        a.residue.chain === end.chain &&
        a.residue.insertionCode === end.insertionCode,
    ),
  );
}

/** A ring with PLIP's normal: through its first, third and fifth atoms in file order. */
function plipStyle(g: AtomGraph, r: Ring): Ring {
  const [p, , q, , s] = [...r.atoms].sort((x, y) => x - y).map((i) => g.atoms[i].xyz);
  return { ...r, normal: normalize(cross(sub(q, p), sub(p, s))) };
}

/** The class of a pair PLIP found and this finder did not. */
export function whyPlipOnly(c: Complex, g: AtomGraph, p: Pair): string {
  const lig = p.plipAtoms?.ligand ?? [];
  const pocket = p.plipAtoms?.pocket ?? [];
  if (p.kind === 'salt-bridge' || p.kind === 'cation-pi') {
    const group = p.note.toLowerCase();
    if (group === 'tertamine') {
      const n = lig[0];
      const nb = heavy(g, n).map((j) => g.atoms[j]);
      if (nb.some((x) => x.element === 'S')) return 'PLIP takes a sulfonamide N (OpenBabel types it sp3) as a tertiary amine cation';
      if (nb.some((x) => x.type === 'C2' || x.type === 'Car' || x.type === 'Cac' || g.atoms[n].type === 'Npl'))
        return 'PLIP takes a planar N (amide, aniline, amidine) as a tertiary amine cation';
    }
    if (group === 'guanidine') {
      const centre = heavy(g, lig[0]).find((j) => lig.every((k) => g.atoms[k].nbrs.includes(j)));
      if (centre !== undefined && g.ringsOf[centre].length)
        return "PLIP's guanidine rule takes a ring C with three N (2-amino-azine / azole), not charged";
    }
    if (group === 'sulfonium') return 'PLIP takes any S with three heavy neighbours (sulfoxide) as a sulfonium cation';
    if (group === 'carboxylate') {
      const o = lig.find((j) => heavy(g, j).length === 2);
      if (o !== undefined) return 'PLIP takes an ester as a carboxylate';
    }
  }
  if (p.kind === 'pi-stacking' || p.kind === 'cation-pi') {
    const { rings, charges } = interactionSites(c, g);
    const ringOf = (atoms: number[]) =>
      rings.find((r) => atoms.filter((a) => r.atoms.includes(a)).length >= 5 && r.atoms.length === atoms.length);
    if (p.kind === 'pi-stacking') {
      const a = ringOf(pocket);
      const b = ringOf(lig);
      if (!a || !b) return `${!b ? 'ligand' : 'pocket'} ring not aromatic here (RDKit says not aromatic, and not planar within 5 deg)`;
      const v = decideStacking(a, b);
      if (decideStacking(plipStyle(g, a), plipStyle(g, b)).found)
        return `stacking at a limit: with PLIP's ring normal (through three ring atoms) found; here ${v.reason}`;
      return `stacking at the limit here (${v.reason}; ring normal fitted to all atoms here, through three atoms in PLIP)`;
    }
    const ringAtoms = lig.length >= 5 ? lig : pocket;
    const ring = ringOf(ringAtoms);
    const cation = charges.find((q) => q.sign === 'positive' && q.atoms.some((x) => (lig.length >= 5 ? pocket : lig).includes(x)));
    if (ring && cation) return `cation-pi at the limit here (${decideCationPi(g, ring, cation).reason})`;
  }
  if (p.kind === 'hydrophobic') {
    const [pk, l] = [pocket[0], lig[0]];
    const { rings } = interactionSites(c, g);
    const stacked = rings.some((a) => a.atoms.includes(pk)) && rings.some((b) => b.atoms.includes(l));
    if (stacked) return 'hydrophobic between two rings that stack here (not in PLIP): stacking takes the place of the contact';
    return 'hydrophobic: PLIP kept another carbon of the patch, or its per-residue choice differs';
  }
  return 'unexplained';
}
