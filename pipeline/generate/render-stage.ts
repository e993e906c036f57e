// The render stage: every distinct scene of the planned questions drawn once, named by its
// scene key: `<out>/images/<key>.png` and its annotation, `<out>/annotations/<key>.json`
// (full) or `<key>.json.gz` with the complex's atom table `complex-<id>.json` (compact;
// written before any of its images), or none. A scene whose image and annotation already
// exist is not drawn again; a scene another batch of this run is drawing is waited for, not
// drawn twice. Failures are returned by image path.
import { existsSync } from 'node:fs';
import { mkdir, rename, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { atomTable } from '../../renders/annotation-compact.ts';
import type { PngCompression } from '../../renders/png-encode.ts';
import type { RenderPool } from '../../renders/render-pool.ts';
import { type RenderRequest, renderScenes } from '../../renders/render-scenes.ts';
import { imageFileName } from '../../renders/scene-key.ts';
import type { SceneSpec } from '../../renders/scene-spec.ts';
import { describeThrown } from '../../structures/reject.ts';
import { type AnnotationLayout, annotationPath, atomTablePath, imagePath, temporaryPath } from '../dataset/layout.ts';

/**
 * Paths of a scene's files relative to the output folder (the key behind them is computed
 * once per spec: scene-key.ts); `annotation` null with layout none.
 */
export function scenePaths(spec: SceneSpec, layout: AnnotationLayout = 'full'): { image: string; annotation: string | null } {
  const name = imageFileName(spec);
  const image = imagePath(name);
  return { image, annotation: layout === 'none' ? null : annotationPath(image, layout) };
}

/** What the run writes of each image besides its pixels (generate --annotations, --png-compression). */
export interface RenderFiles {
  annotations: AnnotationLayout;
  pngCompression: PngCompression;
}

/** Atom tables being written by this process, by path (two batches showing one complex write it once). */
const tablesWriting = new Map<string, Promise<void>>();

/** The atom table of each complex the specs show (compact layout), unless already on disk. */
async function writeAtomTables(outDir: string, specs: SceneSpec[]): Promise<void> {
  const writing: Promise<void>[] = [];
  for (const complex of new Set(specs.map((s) => s.complex))) {
    const path = join(outDir, atomTablePath(complex.id));
    let done = tablesWriting.get(path);
    if (!done) {
      if (existsSync(path)) continue;
      done = (async () => {
        await mkdir(dirname(path), { recursive: true });
        const tmp = temporaryPath(path);
        await writeFile(tmp, JSON.stringify(atomTable(complex)) + '\n');
        await rename(tmp, path);
      })().finally(() => tablesWriting.delete(path));
      tablesWriting.set(path, done);
    }
    writing.push(done);
  }
  await Promise.all(writing);
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
export async function renderBatch(
  pool: RenderPool,
  outDir: string,
  specs: SceneSpec[],
  inFlight: InFlight,
  tally: RenderTally,
  onImages: (n: number) => void,
  files: RenderFiles = { annotations: 'full', pngCompression: 'fast' },
): Promise<void> {
  const requests: RenderRequest[] = [];
  const layout = files.annotations;
  const waits: Promise<void>[] = [];
  const mine = new Set<string>();
  for (const spec of specs) {
    const p = scenePaths(spec, layout);
    if (mine.has(p.image) || tally.failed.has(p.image)) continue;
    const other = inFlight.get(p.image);
    if (other) {
      waits.push(other);
      continue;
    }
    mine.add(p.image);
    // Drawn earlier in this run for another complex's batch: shared, not counted again.
    if (tally.drawn?.has(p.image)) continue;
    if (existsSync(join(outDir, p.image)) && (p.annotation === null || existsSync(join(outDir, p.annotation)))) {
      tally.existing++;
      onImages(1);
      continue;
    }
    requests.push({ spec, out: join(outDir, p.image), annotationsOut: p.annotation === null ? null : join(outDir, p.annotation) });
  }
  if (requests.length > 0) {
    // The tables before any image's annotation (an annotation on disk always has its table),
    // inside the promise the other batches wait on: no await between the checks above and
    // marking these scenes in flight below, or another batch would draw them too.
    const tables =
      layout === 'compact'
        ? writeAtomTables(
            outDir,
            requests.map((r) => r.spec),
          )
        : Promise.resolve();
    const drawing = tables
      .then(() =>
        renderScenes(pool, requests, {
          keepAnnotations: false,
          pngCompression: files.pngCompression,
          annotationLayout: layout === 'compact' ? 'compact' : 'full',
        }),
      )
      .then(
        (outcomes) => {
          outcomes.forEach((o, i) => {
            const p = scenePaths(requests[i].spec);
            if (o.status === 'failed') tally.failed.set(p.image, o.reason ?? 'unknown failure');
            else {
              tally.rendered++;
              tally.drawn?.add(p.image);
            }
          });
          onImages(requests.length);
        },
        (e: unknown) => {
          // A throw (not a failed scene, which is an outcome): its scenes count as failed for the
          // other complexes waiting on them; this complex's boundary takes the throw itself.
          for (const r of requests) tally.failed.set(scenePaths(r.spec).image, `drawing failed: ${describeThrown(e)}`);
          throw e;
        },
      );
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
