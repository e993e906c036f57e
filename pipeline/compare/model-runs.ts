// The eval runs a dataset holds (`<dataset>/eval/<name>.<split>.meta.json`, the run headers
// `eval` writes) paired for the comparison: a model's run with the images and its run without
// them (`eval --images none`) on the same split; a run without images of a model that has no
// run with them stands as a text-only model's. The dataset card's "What a model gets without
// looking" shows them (pipeline/export/dataset-card.ts).
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { datasetPaths } from '../dataset/layout.ts';
import { NO_IMAGES_SETTING } from '../eval/image-mode.ts';

export interface ModelRun {
  model: string;
  split: string;
  /** The predictions file. */
  predictions: string;
  images: boolean;
}

export interface ModelPair {
  model: string;
  split: string;
  withImages: string;
  withoutImages: string;
}

/** Every model run (not a baseline's) whose header and predictions are there, sorted by file name. */
export function modelRuns(datasetDir: string): ModelRun[] {
  const dir = datasetPaths(datasetDir).evalDir;
  if (!existsSync(dir)) return [];
  const runs: ModelRun[] = [];
  for (const name of readdirSync(dir).sort()) {
    if (!name.endsWith('.meta.json')) continue;
    let h: Record<string, unknown>;
    try {
      h = JSON.parse(readFileSync(join(dir, name), 'utf8'));
    } catch {
      // Not a run header anyone can read (cut, or not JSON): that file gives no row.
      continue;
    }
    const predictions = join(dir, String(h.predictions));
    if (typeof h.model !== 'string' || typeof h.split !== 'string' || !existsSync(predictions)) continue;
    const settings = (h.settings ?? {}) as Record<string, unknown>;
    runs.push({ model: h.model, split: h.split, predictions, images: settings.images !== NO_IMAGES_SETTING });
  }
  return runs;
}

/** Each model's first run with images beside its first without, per split; and the text-only runs. */
export function pairRuns(runs: ModelRun[]): { pairs: ModelPair[]; textOnly: ModelRun[] } {
  const pairs: ModelPair[] = [];
  const textOnly: ModelRun[] = [];
  for (const r of runs.filter((x) => !x.images)) {
    const seen = runs.find((x) => x.images && x.model === r.model && x.split === r.split);
    if (seen && !pairs.some((p) => p.model === r.model && p.split === r.split))
      pairs.push({ model: r.model, split: r.split, withImages: seen.predictions, withoutImages: r.predictions });
    else if (!runs.some((x) => x.images && x.model === r.model)) textOnly.push(r);
  }
  return { pairs, textOnly };
}
