// Metal rules (docs/hbond-criteria.md section 4): which elements are metals, and which acceptors a
// metal marks: those within 4.0 A of a metal of the same model (source file). An H-bond to a
// marked acceptor needs angle(D, A, metal) >= 45 degrees; a planar N that is itself a marked
// acceptor cannot donate (decide-pair.ts).
import type { Vec3 } from '../model.ts';
import type { AtomGraph } from './atom-graph.ts';
import { METAL_ANGLE, METAL_DISTANCE } from './criteria.ts';
import { angle, distance } from './vector-math.ts';

const ATOMIC_NUMBER: Record<string, number> = {
  Li: 3,
  Be: 4,
  Na: 11,
  Mg: 12,
  Al: 13,
  K: 19,
  Ca: 20,
  Sc: 21,
  Ti: 22,
  V: 23,
  Cr: 24,
  Mn: 25,
  Fe: 26,
  Co: 27,
  Ni: 28,
  Cu: 29,
  Zn: 30,
  Ga: 31,
  Ge: 32,
  Rb: 37,
  Sr: 38,
  Y: 39,
  Zr: 40,
  Nb: 41,
  Mo: 42,
  Tc: 43,
  Ru: 44,
  Rh: 45,
  Pd: 46,
  Ag: 47,
  Cd: 48,
  In: 49,
  Sn: 50,
  Sb: 51,
  Cs: 55,
  Ba: 56,
  La: 57,
  Ce: 58,
  Pr: 59,
  Nd: 60,
  Sm: 62,
  Eu: 63,
  Gd: 64,
  Tb: 65,
  Dy: 66,
  Ho: 67,
  Er: 68,
  Tm: 69,
  Yb: 70,
  Lu: 71,
  Hf: 72,
  Ta: 73,
  W: 74,
  Re: 75,
  Os: 76,
  Ir: 77,
  Pt: 78,
  Au: 79,
  Hg: 80,
  Tl: 81,
  Pb: 82,
  Bi: 83,
  Po: 84,
  Fr: 87,
  Ra: 88,
  U: 92,
};

/** Metals as ChimeraX counts them: Z 3-4, 11-13, 19-32, 37-51, 55-84, >= 87. */
export function isMetal(element: string): boolean {
  const z = ATOMIC_NUMBER[element];
  if (z === undefined) return false;
  return z <= 4 || (z >= 11 && z <= 13) || (z >= 19 && z <= 32) || (z >= 37 && z <= 51) || (z >= 55 && z <= 84) || z >= 87;
}

/** The metals of a graph, by model, and the ones near each atom. */
export class MetalMarks {
  private metals: { xyz: Vec3; model: number }[];
  private cache = new Map<number, Vec3[]>();

  constructor(private g: AtomGraph) {
    this.metals = g.atoms.filter((a) => !a.isH && isMetal(a.element)).map((a) => ({ xyz: a.xyz, model: a.model }));
  }

  /** Positions of the metals of atom i's own model within METAL_DISTANCE of it. */
  near(i: number): Vec3[] {
    let found = this.cache.get(i);
    if (!found) {
      const a = this.g.atoms[i];
      found = this.metals.filter((m) => m.model === a.model && distance(m.xyz, a.xyz) <= METAL_DISTANCE).map((m) => m.xyz);
      this.cache.set(i, found);
    }
    return found;
  }

  /** The metal angle: angle(D, A, metal) >= 45 degrees for every metal marking acceptor ai. */
  angleOk(d: Vec3, ai: number): boolean {
    const a = this.g.atoms[ai].xyz;
    return this.near(ai).every((m) => angle(d, a, m) >= METAL_ANGLE);
  }
}
