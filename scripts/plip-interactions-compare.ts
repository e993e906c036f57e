// One complex's interactions here and in PLIP's report, as pairs per kind, for the
// cross-check (scripts/plip-crosscheck-interactions.ts) and its test. A pair is a pocket
// residue (a metal ion for `metal`) and the ligand atom or group: one atom for hydrophobic,
// halogen-bond and metal; a ring or a charged group for pi-stacking, cation-pi and salt-bridge,
// where two groups are the same when they share atoms (three for rings: fused rings share two).
import type { AtomGraph } from '../structures/hbonds/atom-graph.ts';
import { typedGraph } from '../structures/hbonds/find-hbonds.ts';
import { type Interaction, type InteractionKind, interactionsInGraph } from '../structures/interactions/find-interactions.ts';
import type { Complex } from '../structures/model.ts';
import { ligandSite, type WrittenAtom, xmlTag } from './plip-run.ts';

export const COMPARED_KINDS = [
  'salt-bridge',
  'pi-stacking',
  'cation-pi',
  'halogen-bond',
  'hydrophobic',
  'metal',
] as const satisfies readonly InteractionKind[];
export type ComparedKind = (typeof COMPARED_KINDS)[number];

export interface Pair {
  kind: ComparedKind;
  /** `RES NUM CHAIN` of the pocket end. */
  residue: string;
  /** Ligand atom names. */
  ligand: string[];
  /** PLIP's words for the pair (its ligand group, stacking type), or ours. */
  note: string;
  /** The P or S of a phosphate or sulfonate group: two such groups are the same when their centres are (a diphosphate's bridging O is in both of its groups). */
  centre?: string;
  /** Our record, for pairs found here. */
  ours?: Interaction;
  /** Graph indices PLIP named (pocket atoms first, then ligand atoms), for PLIP's pairs. */
  plipAtoms?: { pocket: number[]; ligand: number[] };
}

export interface Compared {
  kind: ComparedKind;
  both: Pair[];
  onlyHere: Pair[];
  onlyPlip: Pair[];
}

const resKey = (chain: string, name: string, number: number, icode: string) => `${name} ${number}${icode} ${chain || '_'}`;

/** Shared atoms two groups of this kind need to be the same group. */
const overlapNeeded = (kind: ComparedKind, a: string[], b: string[]) =>
  kind === 'pi-stacking' || (kind === 'cation-pi' && a.length >= 5 && b.length >= 5) ? 3 : 1;

function samePair(a: Pair, b: Pair): boolean {
  if (a.residue !== b.residue) return false;
  if (a.centre && b.centre) return a.centre === b.centre;
  const shared = a.ligand.filter((x) => b.ligand.includes(x)).length;
  return shared >= Math.min(overlapNeeded(a.kind, a.ligand, b.ligand), a.ligand.length, b.ligand.length);
}

/** The pairs of every kind PLIP's report lists for the ligand's site. */
export function plipPairs(xml: string, g: AtomGraph, serials: Map<number, WrittenAtom>): Pair[] {
  const site = ligandSite(xml);
  const ligAtoms = g.atoms.filter((x) => x.side === 'ligand').map((x) => x.index);
  const metalGroups = g.groups.filter((x) => x.side === 'metal');
  const toGraph = (serial: number) => {
    const s = serials.get(serial);
    if (!s) return -1;
    if (s.side === 'ligand') return ligAtoms[s.atom];
    if (s.side === 'metal') return metalGroups[s.res!].atoms[s.atom];
    return g.groups[s.res!].atoms[s.atom];
  };
  const idxList = (b: string, tag: string) =>
    [...(new RegExp(`<${tag}>([\\s\\S]*?)</${tag}>`).exec(b)?.[1] ?? '').matchAll(/<idx id="\d+">(\d+)<\/idx>/g)].map((m) =>
      toGraph(Number(m[1])),
    );
  const nameOf = (i: number) => g.atoms[i].name;
  const out: Pair[] = [];
  const each = (tag: string, visit: (b: string) => void) => {
    for (const m of site.matchAll(new RegExp(`<${tag} id="\\d+">([\\s\\S]*?)</${tag}>`, 'g'))) visit(m[1]);
  };
  const residueOf = (b: string) => resKey(xmlTag(b, 'reschain'), xmlTag(b, 'restype'), Number(xmlTag(b, 'resnr')), '');
  const residueAt = (i: number) => {
    const r = g.atoms[i].residue;
    return resKey(r.chain, r.name, r.number, r.insertionCode);
  };
  each('hydrophobic_interaction', (b) => {
    const p = toGraph(Number(xmlTag(b, 'protcarbonidx')));
    const l = toGraph(Number(xmlTag(b, 'ligcarbonidx')));
    if (p >= 0 && l >= 0)
      out.push({
        kind: 'hydrophobic',
        residue: residueAt(p),
        ligand: [nameOf(l)],
        note: xmlTag(b, 'dist'),
        plipAtoms: { pocket: [p], ligand: [l] },
      });
  });
  each('salt_bridge', (b) => {
    const l = idxList(b, 'lig_idx_list').filter((i) => i >= 0);
    const p = idxList(b, 'prot_idx_list').filter((i) => i >= 0);
    const group = xmlTag(b, 'lig_group');
    const centre = ['Phosphate', 'Sulfonicacid', 'Sulfate'].includes(group) && l.length ? nameOf(l[0]) : undefined;
    out.push({
      kind: 'salt-bridge',
      residue: p.length ? residueAt(p[0]) : residueOf(b),
      ligand: l.map(nameOf),
      note: group,
      centre,
      plipAtoms: { pocket: p, ligand: l },
    });
  });
  each('pi_stack', (b) => {
    const l = idxList(b, 'lig_idx_list').filter((i) => i >= 0);
    const p = idxList(b, 'prot_idx_list').filter((i) => i >= 0);
    out.push({
      kind: 'pi-stacking',
      residue: p.length ? residueAt(p[0]) : residueOf(b),
      ligand: l.map(nameOf),
      note: xmlTag(b, 'type'),
      plipAtoms: { pocket: p, ligand: l },
    });
  });
  each('pi_cation_interaction', (b) => {
    const l = idxList(b, 'lig_idx_list').filter((i) => i >= 0);
    const p = idxList(b, 'prot_idx_list').filter((i) => i >= 0);
    out.push({
      kind: 'cation-pi',
      residue: p.length ? residueAt(p[0]) : residueOf(b),
      ligand: l.map(nameOf),
      note: xmlTag(b, 'lig_group') || 'ligand ring',
      plipAtoms: { pocket: p, ligand: l },
    });
  });
  each('halogen_bond', (b) => {
    const x = toGraph(Number(xmlTag(b, 'don_idx')));
    const a = toGraph(Number(xmlTag(b, 'acc_idx')));
    if (x >= 0 && a >= 0)
      out.push({
        kind: 'halogen-bond',
        residue: residueAt(a),
        ligand: [nameOf(x)],
        note: `${xmlTag(b, 'dist')} A`,
        plipAtoms: { pocket: [a], ligand: [x] },
      });
  });
  each('metal_complex', (b) => {
    if (xmlTag(b, 'location') !== 'ligand') return;
    const m = toGraph(Number(xmlTag(b, 'metal_idx')));
    const t = toGraph(Number(xmlTag(b, 'target_idx')));
    if (m >= 0 && t >= 0 && g.atoms[t].side === 'ligand')
      out.push({
        kind: 'metal',
        residue: residueAt(m),
        ligand: [nameOf(t)],
        note: `${xmlTag(b, 'dist')} A`,
        plipAtoms: { pocket: [m], ligand: [t] },
      });
  });
  return dedupe(out);
}

/** One pair per (kind, residue, ligand group): PLIP lists a Trp's two rings, we may list a group twice. */
function dedupe(list: Pair[]): Pair[] {
  const kept: Pair[] = [];
  for (const p of list) if (!kept.some((k) => k.kind === p.kind && samePair(k, p))) kept.push(p);
  return kept;
}

export function ourPairs(list: Interaction[]): Pair[] {
  return dedupe(
    list
      .filter((i): i is Interaction & { kind: ComparedKind } => (COMPARED_KINDS as readonly string[]).includes(i.kind))
      .map((i) => ({
        kind: i.kind,
        residue: resKey(i.pocket.chain, i.pocket.residueName, i.pocket.residueNumber, i.pocket.insertionCode),
        ligand: i.ligandAtoms,
        note: i.group ?? i.geometry ?? `${i.distance.toFixed(2)} A`,
        centre: i.kind === 'salt-bridge' && (i.group === 'phosphate' || i.group === 'sulfonate') ? i.ligandAtoms[0] : undefined,
        ours: i,
      })),
  );
}

/** Both sides of one complex, matched per kind. */
export function compareComplex(c: Complex, xml: string, serials: Map<number, WrittenAtom>): { graph: AtomGraph; compared: Compared[] } {
  const g = typedGraph(c);
  const ours = ourPairs(interactionsInGraph(c, g));
  const theirs = plipPairs(xml, g, serials);
  const compared = COMPARED_KINDS.map((kind) => {
    const o = ours.filter((p) => p.kind === kind);
    const t = theirs.filter((p) => p.kind === kind);
    const both = t.filter((p) => o.some((q) => samePair(p, q)));
    return { kind, both, onlyPlip: t.filter((p) => !both.includes(p)), onlyHere: o.filter((q) => !t.some((p) => samePair(p, q))) };
  });
  return { graph: g, compared };
}
