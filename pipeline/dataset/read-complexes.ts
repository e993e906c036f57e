// A dataset's complexes.jsonl as the readers of a dataset need it: for stats' H-bond chart, each
// complex's id, its side in split.json and its number of ligand-pocket H-bonds; for the browse
// site's 3D views, each complex whole. Part of the
// one reader of a dataset (read-dataset.ts); a bad line is named by file and line.
import { createReadStream, existsSync } from 'node:fs';
import { createInterface } from 'node:readline';
import type { Complex } from '../../structures/model.ts';
import { datasetPaths } from './layout.ts';
import { DatasetReadError, readSplitJson } from './read-dataset.ts';

export interface ComplexBonds {
  id: string;
  /** Its side in split.json (`train`, `test`, `val`, `excluded`); `unknown` when split.json does not name it or cannot be read. */
  split: string;
  /** How many H-bonds the complex has between pocket and ligand. */
  hbonds: number;
}

/** Each complex of `complexes.jsonl` with its side and H-bond count; null when the dataset has no complexes.jsonl. */
export async function readComplexBonds(dir: string): Promise<ComplexBonds[] | null> {
  const file = datasetPaths(dir).complexes;
  if (!existsSync(file)) return null;
  const sideOf = new Map<string, string>();
  try {
    // A split.json from before sides were named held `split`: the reader gives it as `side`.
    for (const c of readSplitJson(dir)?.complexes ?? []) sideOf.set(c.id, c.side);
  } catch {
    // split.json unreadable (`stats` names it): complexes are shown without a side
  }
  const out: ComplexBonds[] = [];
  let n = 0;
  for await (const line of createInterface({ input: createReadStream(file), crlfDelay: Infinity })) {
    n++;
    if (!line.trim()) continue;
    let c: { id?: unknown; hbonds?: unknown };
    try {
      c = JSON.parse(line);
    } catch {
      // Reported: the file and line, and that it is not JSON (the parser's own words add nothing).
      throw new DatasetReadError(`${file}:${n}: not JSON`);
    }
    if (!Array.isArray(c?.hbonds)) throw new DatasetReadError(`${file}:${n}: no 'hbonds' list`);
    out.push({ id: String(c.id), split: sideOf.get(String(c.id)) ?? 'unknown', hbonds: c.hbonds.length });
  }
  return out;
}

/**
 * Every complex of `complexes.jsonl`, whole (atoms, residues, ligand: the browse site's 3D
 * views), one at a time in file order; nothing when the dataset has no complexes.jsonl. A
 * line that is not a complex is given to `onProblem` (file and line named) and skipped.
 */
export async function* readWholeComplexes(dir: string, onProblem: (problem: string) => void): AsyncGenerator<Complex> {
  const file = datasetPaths(dir).complexes;
  if (!existsSync(file)) return;
  let n = 0;
  for await (const line of createInterface({ input: createReadStream(file), crlfDelay: Infinity })) {
    n++;
    if (!line.trim()) continue;
    let c: Partial<Complex>;
    try {
      c = JSON.parse(line);
    } catch {
      // Reported: the file and line, and that it is not JSON.
      onProblem(`${file}:${n}: not JSON`);
      continue;
    }
    if (typeof c?.id !== 'string' || !Array.isArray(c.pocket) || !Array.isArray(c.ligand?.atoms)) {
      onProblem(`${file}:${n}: not a complex (no string 'id', 'pocket' list or 'ligand.atoms')`);
      continue;
    }
    yield c as Complex;
  }
}
