// How far the docking task moves the ligand: the least whole number of angstrom along x
// (toward `side`) after which the ligand, in its final pose, lies entirely beside the
// pocket in the front view, judged by the projected x extents of the drawn atoms.
import type { Command } from '../renders/commands.ts';
import type { Style } from '../renders/style.ts';
import { annotationOf } from './option-separation.ts';
import { move } from './parameters.ts';
import { scene } from './scenes.ts';
import type { PreparedComplex } from './task.ts';

/** Give up beyond this distance (angstrom); no real pocket comes near it. */
export const MAX_CLEARING_DISTANCE = 500;

function extents(xs: number[]): [number, number] {
  return [Math.min(...xs), Math.max(...xs)];
}

/**
 * The least whole d >= 1 such that, after `move x side*d` then `after` (commands for the
 * ligand alone), every drawn ligand atom projects beyond the pocket's drawn atoms: to the
 * right of the rightmost for side +1, to the left of the leftmost for side -1.
 */
export function clearingDistance(c: PreparedComplex, style: Style, side: 1 | -1, after: Command[]): number {
  const pocket = annotationOf(scene(c, style, { subset: { kind: 'pocket' } }));
  const [pocketMin, pocketMax] = extents(pocket.atoms.map((a) => a.x));
  for (let d = 1; d <= MAX_CLEARING_DISTANCE; d++) {
    const lig = annotationOf(scene(c, style, { subset: { kind: 'ligand' }, ligandTransform: [move('x', side * d), ...after] }));
    const [ligMin, ligMax] = extents(lig.atoms.map((a) => a.x));
    if (side > 0 ? ligMin > pocketMax : ligMax < pocketMin) return d;
  }
  throw new Error(`${c.complex.id}: the ligand does not clear the pocket within ${MAX_CLEARING_DISTANCE} A`);
}
