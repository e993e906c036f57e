// IDATM typing from geometry alone, for the ligand and for groups without a template
// (docs/hbond-criteria.md section 1: Meng & Lewis 1991 as extended in ChimeraX). File bond
// orders and SYBYL types are not used; RDKit's aromaticity flag, when present, decides which
// planar rings are aromatic (ChimeraX decides that by assigning ring bond orders).
import type { AtomGraph, GraphAtom } from './atom-graph.ts';
import { add, angle, cross, distance, dot, length, normalize, sub } from './vector-math.ts';

export function typeByGeometry(g: AtomGraph, indices: number[]): void {
  const atoms = g.atoms;
  const inSet = new Set(indices);
  const heavy = indices.filter((i) => !atoms[i].isH);
  for (const i of indices) if (atoms[i].isH) atoms[i].type = atoms[i].nbrs.some((j) => atoms[j].element === 'C') ? 'HC' : 'H';
  for (const i of heavy) atoms[i].type = firstGuess(g, atoms[i]);
  for (const i of heavy)
    if (atoms[i].element === 'N' && atoms[i].nbrs.length === 2 && atoms[i].type !== 'N1+') atoms[i].type = twoNeighbourN(g, atoms[i]);
  for (const i of heavy) if (atoms[i].nbrs.length === 1) atoms[i].type = oneNeighbourType(g, atoms[i]);
  aromaticRings(g, inSet);
  for (const i of heavy) if (atoms[i].type === 'C2' && !hasDoubleBondPartner(g, atoms[i])) atoms[i].type = 'C3';
  for (const i of heavy) {
    const a = atoms[i];
    if (a.type === 'N3' && a.nbrs.some((j) => !atoms[j].isH) && a.nbrs.every((j) => atoms[j].isH || atoms[j].type === 'C3')) a.type = 'N3+';
  }
  for (const i of heavy) if (atoms[i].type === 'C2') guanidineLike(g, atoms[i]);
}

const terminalO = (g: AtomGraph, a: GraphAtom) => a.nbrs.filter((j) => g.atoms[j].element === 'O' && g.atoms[j].nbrs.length === 1).length;

function meanAngle(g: AtomGraph, a: GraphAtom): number {
  const n = a.nbrs.map((j) => g.atoms[j].xyz);
  let sum = 0;
  let count = 0;
  for (let x = 0; x < n.length; x++)
    for (let y = x + 1; y < n.length; y++) {
      sum += angle(n[x], a.xyz, n[y]);
      count++;
    }
  return count ? sum / count : 0;
}

/** Pass 1: by element, neighbour count (H included) and bond angles. */
function firstGuess(g: AtomGraph, a: GraphAtom): string {
  const n = a.nbrs.length;
  const ang = meanAngle(g, a);
  switch (a.element) {
    case 'C':
      if (n >= 4) return 'C3';
      if (n === 3) return ang < 113.5 ? 'C3' : terminalO(g, a) >= 2 ? 'Cac' : 'C2';
      if (n === 2) return ang < 115 ? 'C3' : ang < 160 ? 'C2' : 'C1';
      if (n === 1) {
        const d = distance(a.xyz, g.atoms[a.nbrs[0]].xyz);
        return d <= 1.22 ? 'C1' : d <= 1.41 ? 'C2' : 'C3';
      }
      return 'C3';
    case 'N':
      if (n >= 4) return 'N3+';
      if (n === 3) return ang < 115 ? 'N3' : terminalO(g, a) >= 2 ? 'Ntr' : 'Npl';
      if (n === 2) return ang < 115 ? 'N3' : ang < 160 ? 'Npl' : 'N1+';
      return 'N3';
    case 'O':
      return 'O3';
    case 'S':
      if (n >= 4) {
        const o = terminalO(g, a);
        return o >= 3 ? 'Sac' : o >= 1 ? 'Son' : 'S';
      }
      if (n === 3) return a.nbrs.some((j) => g.atoms[j].element === 'O') ? 'Sxd' : 'S3+';
      return 'S3';
    case 'P':
      if (n >= 4) {
        const o = terminalO(g, a);
        return o >= 2 ? 'Pac' : o === 1 ? 'Pox' : 'P3+';
      }
      return 'P';
    default:
      return a.element;
  }
}

/** A C bonded to a terminal O at double-bond length (a carbonyl carbon). */
function isCarbonylC(g: AtomGraph, c: GraphAtom): boolean {
  return (
    c.element === 'C' &&
    c.nbrs.some((j) => g.atoms[j].element === 'O' && g.atoms[j].nbrs.length === 1 && distance(g.atoms[j].xyz, c.xyz) <= 1.3)
  );
}

/** Pass 2 (bond lengths) and the ring settling of N2/Npl for two-neighbour nitrogen. */
function twoNeighbourN(g: AtomGraph, a: GraphAtom): string {
  const double = a.nbrs.some((j) => {
    const b = g.atoms[j];
    const d = distance(a.xyz, b.xyz);
    return (b.element === 'C' && !isCarbonylC(g, b) && d <= 1.38) || (b.element === 'N' && d <= 1.32);
  });
  if (double) return 'N2';
  return a.type;
}

/** Pass 3: terminal atoms, by their neighbour's type and the bond length. */
function oneNeighbourType(g: AtomGraph, a: GraphAtom): string {
  const b = g.atoms[a.nbrs[0]];
  const d = distance(a.xyz, b.xyz);
  if (a.element === 'O') {
    if (['Cac', 'Ntr', 'N1+'].includes(b.type)) return 'O2-';
    if (['Pac', 'Sac', 'Son', 'Sxd', 'Pox', 'N3+'].includes(b.type)) return 'O3-';
    if (b.element === 'C' && d <= 1.3) return 'O2';
    return 'O3';
  }
  if (a.element === 'N') {
    if (b.type === 'C1' && d <= 1.2) return 'N1';
    if ((b.type === 'C2' || b.type === 'C3') && d > 1.38) return 'N3';
    return 'Npl';
  }
  if (a.element === 'S') {
    if (b.element === 'P') return 'S3-';
    if (b.element === 'C' && d <= 1.76) return 'S2';
    return 'S3';
  }
  return a.type;
}

const RING_PLANAR = new Set(['C2', 'Car', 'C3', 'Npl', 'N2', 'N3', 'N3+', 'O3', 'S3', 'Cac']);

/** Aromatic 5- and 6-rings: Car/Oar/Sar, ring N without H -> N2, with H or a substituent -> Npl. */
function aromaticRings(g: AtomGraph, inSet: Set<number>): void {
  for (const ring of g.rings) {
    if ((ring.length !== 5 && ring.length !== 6) || !ring.every((i) => inSet.has(i))) continue;
    const hinted = ring.every((i) => g.atoms[i].aromatic !== undefined);
    const aromatic = hinted ? ring.every((i) => g.atoms[i].aromatic) : looksAromatic(g, ring);
    if (!aromatic) continue;
    for (const i of ring) {
      const a = g.atoms[i];
      if (a.element === 'C') a.type = 'Car';
      else if (a.element === 'O') a.type = 'Oar';
      else if (a.element === 'S') a.type = 'Sar';
      else if (a.element === 'N') a.type = a.nbrs.length === 2 ? 'N2' : 'Npl';
    }
  }
}

/** Without RDKit's flag: a flat ring (atoms within 0.15 A of a plane) of sp2-capable atoms. */
function looksAromatic(g: AtomGraph, ring: number[]): boolean {
  const types = ring.map((i) => g.atoms[i].type);
  if (!types.every((t) => RING_PLANAR.has(t))) return false;
  if (types.some((t) => t === 'C3' || t === 'N3+')) return false;
  if (ring.length === 6 && types.some((t) => t === 'O3' || t === 'S3' || t === 'N3')) return false;
  const pts = ring.map((i) => g.atoms[i].xyz);
  const centre = pts.reduce((s, p) => add(s, p), [0, 0, 0] as [number, number, number]).map((x) => x / pts.length) as [
    number,
    number,
    number,
  ];
  let normal: [number, number, number] = [0, 0, 0];
  for (let k = 0; k < pts.length; k++) normal = add(normal, cross(sub(pts[k], centre), sub(pts[(k + 1) % pts.length], centre)));
  if (length(normal) === 0) return false;
  const n = normalize(normal);
  return pts.every((p) => Math.abs(dot(sub(p, centre), n)) <= 0.15);
}

const DOUBLE_PARTNER = new Set(['C2', 'Car', 'Cac', 'C1', 'N2', 'N1', 'N2+', 'Ng+', 'Npl', 'O2', 'O2-', 'S2', 'Oar', 'Sar']);

function hasDoubleBondPartner(g: AtomGraph, a: GraphAtom): boolean {
  return a.nbrs.some((j) => DOUBLE_PARTNER.has(g.atoms[j].type));
}

/** Amidine/guanidine carbon: two or more N candidates become Ng+, unless one is in a ring. */
function guanidineLike(g: AtomGraph, c: GraphAtom): void {
  if (c.nbrs.some((j) => g.atoms[j].type === 'O2' || g.atoms[j].type === 'S2')) return;
  const candidates = c.nbrs.filter((j) => {
    const n = g.atoms[j];
    if (n.element !== 'N') return false;
    const heavyBonds = n.nbrs.filter((k) => !g.atoms[k].isH);
    if (n.type === 'Npl' || heavyBonds.length === 1) return true;
    if (n.type !== 'N2' || heavyBonds.length !== 2) return false;
    const other = heavyBonds.find((k) => k !== c.index)!;
    return distance(n.xyz, c.xyz) < distance(n.xyz, g.atoms[other].xyz);
  });
  if (candidates.length < 2) return;
  if (candidates.some((j) => g.ringsOf[j].length > 0)) return;
  for (const j of candidates) g.atoms[j].type = 'Ng+';
}
