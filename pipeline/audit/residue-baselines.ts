// The residue_ligand baselines that never look at a picture: the verdict from the residue's
// least heavy-atom distance to the ligand alone (a threshold fitted on train: Yes below it),
// and from the residue's name alone (the verdict most frequent for that name on train). Both
// read what the record's meta.params says of the question (residue `ASP B:30`, minDistance,
// verdict); a record without them is left out of these two.
import type { QaRecord } from '../dataset/question-record.ts';
import { MajorityTable } from './text-majority.ts';

export interface ResidueFacts {
  name: string;
  distance: number;
  yes: boolean;
}

export function residueFacts(r: QaRecord): ResidueFacts | null {
  const p = (r.meta?.params ?? {}) as Record<string, unknown>;
  if (typeof p.residue !== 'string' || typeof p.minDistance !== 'number') return null;
  return { name: p.residue.split(' ')[0], distance: p.minDistance, yes: /^\s*yes/i.test(r.answer) };
}

/** The threshold that gets the most train verdicts right with "Yes below it" (midpoints between distances). */
export function fitDistanceThreshold(train: readonly { distance: number; yes: boolean }[]): number {
  const sorted = [...train].sort((a, b) => a.distance - b.distance);
  const yesTotal = sorted.filter((f) => f.yes).length;
  // Threshold below every distance: all No, right for every No.
  let right = sorted.length - yesTotal;
  let best = { right, threshold: (sorted[0]?.distance ?? 0) - 1 };
  for (let i = 0; i < sorted.length; i++) {
    right += sorted[i].yes ? 1 : -1;
    if (i + 1 < sorted.length && sorted[i + 1].distance === sorted[i].distance) continue;
    const threshold = i + 1 < sorted.length ? (sorted[i].distance + sorted[i + 1].distance) / 2 : sorted[i].distance + 1;
    if (right > best.right) best = { right, threshold };
  }
  return best.threshold;
}

/** The verdict most frequent per residue name on train. */
export function nameVerdicts(train: readonly ResidueFacts[]): MajorityTable {
  const t = new MajorityTable();
  for (const f of train) t.add(f.name, f.yes ? 'yes' : 'no');
  return t.freeze();
}
