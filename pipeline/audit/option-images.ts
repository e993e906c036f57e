// The option-images-only baseline: the option whose image is most like the other three
// (least summed mean on-screen displacement of the same atoms, from the images'
// annotations: qa/option-separation.ts), picked without the question or the other images.
import { meanDisplacement } from '../../qa/option-separation.ts';
import type { QaRecord } from '../dataset/question-record.ts';
import type { DatasetFolder } from '../dataset/read-dataset.ts';

/** The letter of the most typical option image, or null when an option has no image or its annotation cannot be read. */
export function mostTypicalOptionImage(r: QaRecord, folder: DatasetFolder): string | null {
  const options = r.options ?? [];
  if (options.length < 2 || options.some((o) => typeof o.image !== 'string')) return null;
  const records = options.map((o) => folder.annotation(o.image!));
  if (records.some((a) => !a || !Array.isArray(a.atoms) || a.atoms.length === 0)) return null;
  const atoms = records.map((a) => ({ atoms: a!.atoms! }));
  if (atoms.some((a) => a.atoms.length !== atoms[0].atoms.length)) return null;
  const sums = atoms.map((a, i) => atoms.reduce((s, b, j) => (i === j ? s : s + meanDisplacement(a, b)), 0));
  return options[sums.indexOf(Math.min(...sums))].letter;
}
