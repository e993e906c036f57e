// The render stage: every distinct scene of the planned questions drawn once, named by its
// scene key: `<out>/images/<key>.png` and `<out>/annotations/<key>.json`. A scene whose
// image and annotation already exist is not drawn again; a scene another batch of this run
// is drawing is waited for, not drawn twice. Failures are returned by image path.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { RenderPool } from '../../renders/render-pool.ts';
import { renderScenes, type RenderRequest } from '../../renders/render-scenes.ts';
import { imageFileName } from '../../renders/scene-key.ts';
import type { SceneSpec } from '../../renders/scene-spec.ts';
import { describeThrown } from '../../structures/reject.ts';
import { annotationPath, imagePath } from '../dataset/layout.ts';

/** Paths of a scene's files relative to the output folder (the key behind them is computed once per spec: scene-key.ts). */
export function scenePaths(spec: SceneSpec): { image: string; annotation: string } {
  const name = imageFileName(spec);
  const image = imagePath(name);
  return { image, annotation: annotationPath(image) };
}

export interface RenderTally {
  /** Images this run drew. */
  rendered: number;
  /** Images found on disk from before this run (a resumed run, or a shared scene of an earlier one). */
  existing: number;
  /** Image paths this run drew: found on disk again later, they are neither drawn nor "already there". */
  drawn?: Set<string>;
  /** Image path -> reason. */
  failed: Map<string, string>;
}

/** Image paths being drawn by some batch of this run -> settles when their files exist (or failed). */
export type InFlight = Map<string, Promise<void>>;

/**
 * Draws the scenes of `specs` that are not on disk, waits for those another batch is
 * drawing, and resolves when every image of `specs` exists or has failed (see tally.failed).
 * Scenes are drawn in one call per batch (one complex's questions) so a page loads each
 * scene once and shoots all its views.
 */
export async function renderBatch(pool: RenderPool, outDir: string, specs: SceneSpec[], inFlight: InFlight, tally: RenderTally, onImages: (n: number) => void): Promise<void> {
  const requests: RenderRequest[] = [];
  const waits: Promise<void>[] = [];
  const mine = new Set<string>();
  for (const spec of specs) {
    const p = scenePaths(spec);
    if (mine.has(p.image) || tally.failed.has(p.image)) continue;
    const other = inFlight.get(p.image);
    if (other) {
      waits.push(other);
      continue;
    }
    mine.add(p.image);
    // Drawn earlier in this run for another complex's batch: shared, not counted again.
    if (tally.drawn?.has(p.image)) continue;
    if (existsSync(join(outDir, p.image)) && existsSync(join(outDir, p.annotation))) {
      tally.existing++;
      onImages(1);
      continue;
    }
    requests.push({ spec, out: join(outDir, p.image), annotationsOut: join(outDir, p.annotation) });
  }
  if (requests.length > 0) {
    const drawing = renderScenes(pool, requests, { keepAnnotations: false }).then((outcomes) => {
      outcomes.forEach((o, i) => {
        const p = scenePaths(requests[i].spec);
        if (o.status === 'failed') tally.failed.set(p.image, o.reason ?? 'unknown failure');
        else {
          tally.rendered++;
          tally.drawn?.add(p.image);
        }
      });
      onImages(requests.length);
    }, (e: unknown) => {
      // A throw (not a failed scene, which is an outcome): its scenes count as failed for the
      // other complexes waiting on them; this complex's boundary takes the throw itself.
      for (const r of requests) tally.failed.set(scenePaths(r.spec).image, `drawing failed: ${describeThrown(e)}`);
      throw e;
    });
    const settled = drawing.catch(() => {});
    for (const r of requests) inFlight.set(scenePaths(r.spec).image, settled);
    try {
      await drawing;
    } finally {
      // Done (files on disk, or failed): later batches look at the disk and the tally.
      for (const r of requests) inFlight.delete(scenePaths(r.spec).image);
    }
  }
  await Promise.all(waits);
}
