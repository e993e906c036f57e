// One interaction as one line of text, tab-separated: kind, pocket residue (`ARG 221 A`; a blank
// chain is `_`), its atoms, the ligand's atoms, then the measures (angstrom, degrees).
import type { Interaction } from './find-interactions.ts';

const residue = (i: Interaction) => `${i.pocket.residueName} ${i.pocket.residueNumber}${i.pocket.insertionCode} ${i.pocket.chain || '_'}`;

function measures(i: Interaction): string {
  const parts = [`${i.distance.toFixed(2)} A`];
  if (i.geometry) parts.unshift(i.geometry);
  if (i.kind === 'pi-stacking' && i.angle !== undefined) parts.push(`planes ${i.angle.toFixed(0)} deg`);
  if (i.kind === 'halogen-bond' && i.angle !== undefined) parts.push(`C-X...A ${i.angle.toFixed(0)} deg`);
  if (i.offset !== undefined) parts.push(`offset ${i.offset.toFixed(2)} A`);
  if (i.positiveSide) parts.push(`cation: ${i.positiveSide === 'ligand' ? `ligand ${i.group ?? ''}`.trim() : 'pocket'}`);
  else if (i.group) parts.push(i.group);
  if (i.donorSide) parts.push(`donor: ${i.donorSide}`);
  return parts.join(', ');
}

export function formatInteraction(i: Interaction): string {
  return [i.kind, residue(i), i.pocket.atoms.join(' '), i.ligandAtoms.join(' '), measures(i)].join('\t');
}
