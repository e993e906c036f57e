// The stats histograms (TaskModule.statsHistograms) of a task that asks a yes/no question
// about one residue and records the verdict and the residue's least distance to the ligand in
// its params (`verdict`, `minDistance`): residue_ligand's and interaction_kind's.
import type { StatsQuestion } from './task.ts';

/** Verdicts per split (`verdict train`), and the least residue-ligand distance of each
 * verdict's questions in 1 A bins, by their lower edge (`distance yes`). */
export function verdictHistograms({ split, params: p }: StatsQuestion): [string, string][] {
  if (typeof p.verdict !== 'string') return [];
  const distance: [string, string][] =
    typeof p.minDistance === 'number' ? [[`distance ${p.verdict}`, String(Math.floor(p.minDistance))]] : [];
  return [[`verdict ${split}`, p.verdict], ...distance];
}
