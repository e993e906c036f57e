// IDATM types for residues with a template (docs/hbond-criteria.md section 1): the template
// type per atom name, with the per-residue exceptions ChimeraX applies.
import type { AtomGraph, AtomGroup } from './atom-graph.ts';
import { residueTemplate, templateHeavyDegree } from './residue-templates.ts';

/** Carboxyl hydrogen names that turn Asp/Glu oxygens into a protonated acid. */
const ACID_PROTON: Record<string, Record<string, string>> = {
  ASP: { HD1: 'OD1', HD2: 'OD2' },
  GLU: { HE1: 'OE1', HE2: 'OE2' },
};
const ACID_PAIR: Record<string, [string, string, string]> = {
  ASP: ['OD1', 'OD2', 'CG'],
  GLU: ['OE1', 'OE2', 'CD'],
};

export function typeTemplateGroup(g: AtomGraph, group: AtomGroup): void {
  const template = residueTemplate(group.template ?? group.residue.name);
  if (!template) return;
  const heavyByName = new Map<string, number>();
  const hNames = new Set<string>();
  for (const i of group.atoms) {
    const a = g.atoms[i];
    if (a.isH) hNames.add(a.templateAtomName);
    else heavyByName.set(a.templateAtomName, i);
  }
  const degree = templateHeavyDegree(template);
  for (const i of group.atoms) {
    const a = g.atoms[i];
    a.templated = true;
    if (a.isH) {
      a.type = a.nbrs.some((j) => g.atoms[j].element === 'C') ? 'HC' : 'H';
      continue;
    }
    a.type = template.types[a.templateAtomName] ?? '';
    const intra = a.nbrs.filter((j) => !g.atoms[j].isH && g.atoms[j].group === a.group).length;
    if (intra < (degree.get(a.templateAtomName) ?? 0)) a.truncated = true;
  }
  const set = (name: string, type: string) => {
    const i = heavyByName.get(name);
    if (i !== undefined) g.atoms[i].type = type;
  };
  if (group.template === 'HOH') return;

  // Backbone N with no real bond to another residue: a fragment start, typed N3+.
  const n = heavyByName.get('N');
  if (n !== undefined && !g.atoms[n].nbrs.some((j) => g.atoms[j].group !== g.atoms[n].group)) {
    set('N', 'N3+');
  }
  // C-terminal carboxylate only when OXT is present.
  if (heavyByName.has('OXT')) {
    set('C', 'Cac');
    set('O', 'O2-');
    set('OXT', 'O2-');
  }
  // Protonated Asp/Glu, keyed on the hydrogen's name, not on where it sits: the H itself is
  // bonded by distance (build-graph.ts), so the O3 may have no H and the O2 may carry it.
  const acid = group.template ? ACID_PROTON[group.template] : undefined;
  if (acid) {
    const protonated = Object.keys(acid).find((h) => hNames.has(h));
    if (protonated) {
      const [o1, o2, c] = ACID_PAIR[group.template!];
      const oh = acid[protonated];
      set(oh, 'O3');
      set(oh === o1 ? o2 : o1, 'O2');
      set(c, 'C2');
    }
  }
}
