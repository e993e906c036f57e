// What a question says about the labels in its pictures: the `{{label_conventions}}` of the
// conventions partial (qa/templates/partials/conventions.txt), worded from the label style
// the question's images are drawn with (renders/style.ts: which labels, which layout), so
// the text never promises a label the picture leaves out. Every label drawn (`avoid`,
// `anchored`) with every label set keeps the wording of the templates before renderer 11,
// word for word.

import type { LabelStyle } from '../renders/style.ts';

const RESIDUE = 'its name and number (for example "ASN 460")';
const LIGAND_ATOM = 'its atom name (for example "O1B")';
const RESIDUES_PLURAL = 'their names and numbers (for example "ASN 460")';
const LIGAND_ATOMS_PLURAL = 'their atom names (for example "O1B")';

const CHAINS =
  'When the pocket holds residues of more than one protein chain, every residue label also gives the chain after a dot: "ASP 25.B" is residue ASP 25 of chain B, and "_" after the dot stands for a residue without a chain id, as answers write it ("_1", "_2" for the first and second of several chains without ids).';

/** A kind of label: what it is on, one by one and as a group, and the text it shows. */
interface LabelKind {
  each: string;
  all: string;
  text: string;
  texts: string;
}

/** The sentences on labels for pictures drawn with `labels` (set and layout). */
export function labelConventions(labels: Pick<LabelStyle, 'residues' | 'ligandAtoms' | 'layout'>): string {
  const { residues, ligandAtoms, layout } = labels;
  const polar = ligandAtoms === 'polar';
  const kinds: LabelKind[] = [];
  if (residues) kinds.push({ each: 'each pocket residue', all: 'pocket residues', text: RESIDUE, texts: RESIDUES_PLURAL });
  if (ligandAtoms)
    kinds.push({
      each: polar ? 'each nitrogen, oxygen and sulfur atom of the ligand (the atoms a hydrogen bond can join)' : 'each ligand atom',
      all: polar ? "the ligand's nitrogen, oxygen and sulfur atoms" : 'ligand atoms',
      text: LIGAND_ATOM,
      texts: LIGAND_ATOMS_PLURAL,
    });
  const [first, second] = kinds;
  if (!first) return 'Nothing is labelled.';
  const unlabelled = [
    residues ? '' : ' Pocket residues are not labelled.',
    ligandAtoms ? '' : ' Ligand atoms are not labelled.',
    polar ? " The ligand's other atoms are not labelled." : '',
  ].join('');
  const chains = residues ? ` ${CHAINS}` : '';
  if (layout === 'clear') {
    const named = `${capital(first.all)} are labelled with ${first.texts}${second ? ` and ${second.all} with ${second.texts}` : ''}`;
    const some = second ? 'some residues and atoms have' : residues ? 'some residues have' : 'some atoms have';
    return `${named} wherever a label fits without covering the molecule or another label; the other labels are left out, so ${some} none.${unlabelled} A label moved off its atom is joined to that atom by a thin grey line.${chains}`;
  }
  const clearOf = layout === 'prefer-clear' ? 'the molecule and the other labels' : 'the others';
  const moved = `a label moved off its atom to keep it clear of ${clearOf} is joined to that atom by a thin grey line`;
  const named = `${capital(first.each)} is labelled with ${first.text}${second ? ` and ${second.each} with ${second.text}` : ''}`;
  // Both kinds: one sentence, the wording of before renderer 11 when every label is drawn.
  return second ? `${named}; ${moved}.${unlabelled}${chains}` : `${named}.${unlabelled} ${capital(moved)}.${chains}`;
}

const capital = (text: string) => `${text[0].toUpperCase()}${text.slice(1)}`;

/** The `{{label_conventions}}` of a question whose images are `images` (all drawn with one label style: a question's text describes them at once). */
export function labelWordsOf(
  images: readonly { style: { labels: Pick<LabelStyle, 'residues' | 'ligandAtoms' | 'layout'> } }[],
  id: string,
): string {
  const texts = new Set(images.map((s) => labelConventions(s.style.labels)));
  if (texts.size > 1) throw new Error(`${id}: its images are drawn with different labels, which its text cannot describe at once`);
  return [...texts][0] ?? labelConventions({ residues: false, ligandAtoms: false, layout: 'clear' });
}
