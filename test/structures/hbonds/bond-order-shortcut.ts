// The document's bond-order shortcut (docs/hbond-criteria.md section 1, the shortcut from bond orders), used only
// as a cross-check of the geometric typing, for the categories it states without ambiguity.
import type { Ligand } from '../../../structures/model.ts';

/** Expected IDATM type per ligand atom index, for the atoms the shortcut is sure about. */
export function shortcutTypes(lig: Ligand): Map<number, string> {
  const nbrs = lig.atoms.map(() => [] as { j: number; order: number }[]);
  for (const b of lig.bonds) {
    nbrs[b.a].push({ j: b.b, order: b.order });
    nbrs[b.b].push({ j: b.a, order: b.order });
  }
  const el = (i: number) => lig.atoms[i].element;
  const terminalO = (c: number) => nbrs[c].filter((n) => el(n.j) === 'O' && nbrs[n.j].length === 1).length;
  const out = new Map<number, string>();
  lig.atoms.forEach((a, i) => {
    const nb = nbrs[i];
    const hs = nb.filter((n) => el(n.j) === 'H').length;
    if (a.element === 'O' && nb.length === 1 && el(nb[0].j) === 'C') {
      const c = nb[0].j;
      if (terminalO(c) >= 2 && !nbrs[c].some((n) => el(n.j) === 'O' && nbrs[n.j].length > 1)) out.set(i, 'O2-');
      else if (nb[0].order === 2 && terminalO(c) === 1 && !lig.atoms[c].aromatic) out.set(i, 'O2');
    }
    if (a.element === 'O' && hs === 1 && nb.length === 2) out.set(i, 'O3');
    if (a.element === 'N' && nb.some((n) => n.order === 3)) out.set(i, 'N1');
    if (a.element === 'N' && a.aromatic && nb.length === 2 && hs === 0) out.set(i, 'N2');
    if (a.element === 'N' && nb.length === 4) out.set(i, 'N3+');
  });
  return out;
}
