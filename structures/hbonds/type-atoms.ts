// Assigns IDATM types to every atom of the graph: templates first (so groups bonded to
// them see their neighbours' types), then geometry for everything else.
import type { AtomGraph } from './atom-graph.ts';
import { typeByGeometry } from './geometric-typing.ts';
import { typeTemplateGroup } from './residue-typing.ts';

export function typeAtomGraph(g: AtomGraph): void {
  for (const group of g.groups) if (group.template) typeTemplateGroup(g, group);
  for (const group of g.groups) {
    if (group.template) continue;
    if (group.side === 'metal') {
      for (const i of group.atoms) g.atoms[i].type = g.atoms[i].element;
      continue;
    }
    typeByGeometry(g, group.atoms);
  }
}
