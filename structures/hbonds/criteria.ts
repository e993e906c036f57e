// The numbers of every acceptor and donor class, and the one place where relaxing shifts them
// (docs/hbond-criteria.md section 3). Class tables hold the published (unrelaxed) numbers; the
// finder relaxes each rule once with `relaxRule` before any test sees it.

/** Options that set the tolerances. Defaults: relax on, +0.4 A, -20 degrees. */
export interface Tolerances {
  relax: boolean;
  /** Added to every distance limit, angstrom. */
  distSlop: number;
  /** Taken off every lower-bound angle and added to every upper bound, degrees. */
  angleSlop: number;
}

export const DEFAULT_TOLERANCES: Tolerances = { relax: true, distSlop: 0.4, angleSlop: 20 };

/** A tau limit: "le" = some substituent within t degrees; "ge" = all at least t degrees away. */
export interface Tau {
  t: number;
  mode: 'le' | 'ge';
}

/** Acceptor-side numbers of PHI: r = D-A limit, phi and theta lower bounds (phi null = no test). */
export interface PhiNumbers {
  r: number;
  phi: number | null;
  theta: number;
}
export interface UpsNumbers {
  r: number;
  lo: number;
  hi: number;
  theta: number;
}
export interface GenNumbers {
  r: number;
  alpha: number;
}

/** Distance limits: shifted by +distSlop. */
const DISTANCE_KEYS = new Set(['r', 'rH']);
/** Lower-bound angles: shifted by -angleSlop, floored at 0. */
const LOWER_ANGLE_KEYS = new Set(['phi', 'theta', 'lo', 'alpha', 'upsN']);
/** Upper-bound angles: shifted by +angleSlop, capped at 180. */
const UPPER_ANGLE_KEYS = new Set(['hi']);

/**
 * A copy of `rule` with every criterion shifted by the tolerances. Keys decide what a
 * number is (see the sets above, and `tau`); other fields (atom indices, names, the
 * unrelaxed `tauFixed`) are copied unchanged.
 */
export function relaxRule<T>(rule: T, tol: Tolerances): T {
  const d = tol.relax ? tol.distSlop : 0;
  const a = tol.relax ? tol.angleSlop : 0;
  const walk = (value: unknown, key: string): unknown => {
    if (typeof value === 'number') {
      if (DISTANCE_KEYS.has(key)) return value > 0 && value < 7.5 ? value + d : value;
      if (LOWER_ANGLE_KEYS.has(key)) return Math.max(0, value - a);
      if (UPPER_ANGLE_KEYS.has(key)) return Math.min(180, value + a);
      return value;
    }
    if (value === null || typeof value !== 'object' || Array.isArray(value)) return value;
    if (key === 'tau') {
      const t = value as Tau;
      return { mode: t.mode, t: t.mode === 'le' ? t.t + a : Math.max(0, t.t - a) };
    }
    if (key === 'tauFixed') return value;
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) out[k] = walk(v, k);
    return out;
  };
  return walk(rule, '') as T;
}

/** Not relaxed: a metal marks acceptors within this distance, angstrom. */
export const METAL_DISTANCE = 4.0;
/** Not relaxed: an H-bond to a metal-marked acceptor needs angle(D, A, metal) >= this, degrees. */
export const METAL_ANGLE = 45;
/** Not relaxed: added to distance limits when sulfur is involved, angstrom. */
export const SULFUR_EXTRA = 0.35;
/** Not relaxed: X-H length used to place inferred hydrogens, angstrom. */
export const INFERRED_XH = 0.91;
/** Donor-acceptor pairs farther apart than this are never tested, angstrom. */
export const SEARCH_RADIUS = 5.0;
