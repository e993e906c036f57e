// The render stage: every distinct scene of the planned questions drawn once, named by its
// scene key: `<out>/images/<key>.png` and `<out>/annotations/<key>.json`. A scene whose
// image and annotation already exist is not drawn again. Failures are returned by key.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { RenderPool } from '../../renders/render-pool.ts';
import { renderScenes, type RenderRequest } from '../../renders/render-scenes.ts';
import { imageFileName } from '../../renders/scene-key.ts';
import type { SceneSpec } from '../../renders/scene-spec.ts';

/** Paths of a scene's files relative to the output folder. */
export function scenePaths(spec: SceneSpec): { image: string; annotation: string } {
  const name = imageFileName(spec);
  return { image: `images/${name}`, annotation: `annotations/${name.replace(/\.\w+$/, '.json')}` };
}

export interface RenderTally {
  rendered: number;
  existing: number;
  /** Image path -> reason. */
  failed: Map<string, string>;
}

/**
 * Draws the scenes of `specs` that are not yet on disk nor already `claimed` (paths asked
 * for by an earlier batch of this run). Scenes are drawn in batches of one complex's
 * questions so a page loads each scene once and shoots all its views.
 */
export async function renderBatch(pool: RenderPool, outDir: string, specs: SceneSpec[], claimed: Set<string>, tally: RenderTally, onImages: (n: number) => void): Promise<void> {
  const requests: RenderRequest[] = [];
  for (const spec of specs) {
    const p = scenePaths(spec);
    if (claimed.has(p.image)) continue;
    claimed.add(p.image);
    if (existsSync(join(outDir, p.image)) && existsSync(join(outDir, p.annotation))) {
      tally.existing++;
      onImages(1);
      continue;
    }
    requests.push({ spec, out: join(outDir, p.image), annotationsOut: join(outDir, p.annotation) });
  }
  if (requests.length === 0) return;
  const outcomes = await renderScenes(pool, requests);
  outcomes.forEach((o, i) => {
    const p = scenePaths(requests[i].spec);
    if (o.status === 'failed') tally.failed.set(p.image, o.reason ?? 'unknown failure');
    else tally.rendered++;
  });
  onImages(requests.length);
}
