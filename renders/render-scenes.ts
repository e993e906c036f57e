// Rendering a batch of scenes through a pool: scenes that share everything but their
// transform and view are loaded once and shot together; images are named by their scene
// key and an existing file is not drawn again; a failed scene becomes an outcome with its
// reason while the rest goes on. One record per image (image-work.ts) carries it from its
// request to its files.
import { mkdir, rename, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import type { Annotation } from './annotation.ts';
import { drawJobs, type ImageWork, imageWork, layOutImage, SHOTS_PER_JOB } from './image-work.ts';
import { pageScene, pageShot } from './page-payload.ts';
import { pixelRunsToScanlines } from './pixel-runs.ts';
import { encodeScanlinesAsync, type PngCompression } from './png-encode.ts';
import type { RenderPool } from './render-pool.ts';
import type { ImageFormat, SceneSpec } from './scene-spec.ts';

export interface RenderRequest {
  spec: SceneSpec;
  /** Image path; default `<outDir>/<key>.png`. */
  out?: string;
  /** Annotation path; default next to a keyed image as `<key>.json` (compact: `<key>.json.gz`); null writes none. */
  annotationsOut?: string | null;
}

export interface RenderOutcome {
  key: string;
  file: string;
  annotationFile: string | null;
  /** What the image shows. */
  annotation: Annotation;
  status: 'rendered' | 'exists' | 'failed';
  reason?: string;
}

export interface RenderOptions {
  /** Folder for keyed images (requests without `out`). */
  outDir?: string;
  /** How hard the PNG encoder works (default DEFAULT_PNG_COMPRESSION; renders/png-encode.ts). */
  pngCompression?: PngCompression;
  /** A zlib level instead, with renderer 10's Sub-filtered rows (over `pngCompression`). */
  pngLevel?: number;
  /**
   * The annotation files' layout: `full`, one JSON record per image (renders/annotation.ts),
   * or `compact`, the gzipped per-image part of renders/annotation-compact.ts (whose atom
   * table per complex the caller writes). Default full.
   */
  annotationLayout?: 'full' | 'compact';
  /** Image format (default png: lossless, encoded in Node; webp and jpeg are encoded by the page). */
  format?: ImageFormat;
  /** Quality of WebP/JPEG, 0-1 (default 0.9). */
  quality?: number;
}

/**
 * `keepAnnotations: false`: the outcomes come without their annotation records. Each is
 * kept as its JSON text only until its image is written, so a run that needs the files
 * alone holds no per-atom records of the images waiting for a page (in `generate`, most of
 * the heap the garbage collector kept marking).
 */
export type FileRenderOptions = RenderOptions & { keepAnnotations: false };

let tmpSerial = 0;
/** Folders this process has made (or found) already: a recursive mkdir per file cost ~0.2 ms of CPU. */
const madeFolders = new Set<string>();

/** Writes under a temporary name and renames when complete; the file system work runs on libuv's pool. */
async function writeAtomically(path: string, data: string | Buffer): Promise<void> {
  const folder = dirname(path);
  if (!madeFolders.has(folder)) {
    await mkdir(folder, { recursive: true });
    madeFolders.add(folder);
  }
  const tmp = `${path}.${process.pid}.${tmpSerial++}.tmp`;
  await writeFile(tmp, data);
  await rename(tmp, path);
}

export { SHOTS_PER_JOB };

/**
 * Jobs waiting for a page, per page, before a caller lays out its next one (each call of
 * renderScenes may add one more): ~1 s of drawing, against ~0.1 s to lay out a job.
 */
const JOBS_AHEAD_PER_PAGE = 2;

/**
 * Scanline buffers (~0.8 MB for 512 x 512) given back once their PNG is deflated, for the
 * next images: a new one per image was garbage the collector kept sweeping.
 */
const spareScanlines: Uint8Array[] = [];
const MAX_SPARE_SCANLINES = 8;

/** An outcome without its annotation record (RenderOptions.keepAnnotations false). */
export type FileOutcome = Omit<RenderOutcome, 'annotation'>;

/** Lays out images one after another, with a turn of the event loop every eight (the pages' answers get through). */
function layOutInTurns(keepAnnotations: boolean, compact: boolean) {
  let laidOut = 0;
  return async (w: ImageWork): Promise<void> => {
    if (laidOut > 0 && laidOut % 8 === 0) await new Promise((resolve) => setImmediate(resolve));
    laidOut++;
    layOutImage(w, keepAnnotations, compact);
  };
}

/** An image's annotation follows its file (a run stopped between the two draws the scene
 * again); a retried job writes both again. */
async function writeAnnotation(w: ImageWork): Promise<void> {
  if (w.annotationText !== undefined) await writeAtomically(w.outcome.annotationFile!, await w.annotationText); // set only with a file
}

/** One job of laid-out images of one loaded scene handed to the pool: each image's file and
 * annotation written as it comes; settles when the job is done (failed images marked). */
function drawJob(pool: RenderPool, job: ImageWork[], options: RenderOptions): Promise<void> {
  const format = options.format ?? 'png';
  const shots = job.map((w) => pageShot(w.spec, w.pose!, w.labels!));
  for (const w of job) w.pose = w.labels = undefined;
  return pool
    .run({
      scene: pageScene(job[0].spec),
      shots,
      onImage: async (k, img) => {
        const raw = pixelRunsToScanlines(img.runs, img.width, img.height, spareScanlines.pop());
        let png: Buffer;
        try {
          png = await encodeScanlinesAsync(raw, img.width, img.height, options.pngLevel ?? options.pngCompression);
        } finally {
          if (spareScanlines.length < MAX_SPARE_SCANLINES) spareScanlines.push(raw);
        }
        await writeAtomically(job[k].outcome.file, png);
        await writeAnnotation(job[k]);
      },
      encode: format === 'png' ? undefined : { format, quality: options.quality ?? 0.9 },
      onEncoded: async (k, file) => {
        await writeAtomically(job[k].outcome.file, file.bytes);
        await writeAnnotation(job[k]);
      },
    })
    .then((result) => {
      for (const w of job) w.annotationText = undefined;
      if (!result.ok) for (const w of job) Object.assign(w.outcome, { status: 'failed', reason: result.reason });
    });
}

export async function renderScenes(pool: RenderPool, requests: RenderRequest[], options: FileRenderOptions): Promise<FileOutcome[]>;
export async function renderScenes(pool: RenderPool, requests: RenderRequest[], options?: RenderOptions): Promise<RenderOutcome[]>;
export async function renderScenes(
  pool: RenderPool,
  requests: RenderRequest[],
  options: RenderOptions | FileRenderOptions = {},
): Promise<FileOutcome[]> {
  // Keys, names and what is on disk first (cheap), then poses and label layouts (~2 ms of CPU
  // per image) one job at a time (a loaded scene, or SHOTS_PER_JOB of its shots), each job
  // handed to the pool as soon as its own are done: the pages start on the first while the
  // rest are laid out (laying out a whole batch before drawing any of it left both pages
  // idle for up to ~1 s in a 12-complex run).
  const works = requests.map((r) => imageWork(r, options));
  const keepAnnotations = !('keepAnnotations' in options && options.keepAnnotations === false);
  const layOut = layOutInTurns(keepAnnotations, options.annotationLayout === 'compact');
  const drawing: Promise<void>[] = [];
  try {
    for (const job of drawJobs(works)) {
      // Jobs are made just ahead of the pages, not all at once: what a job keeps until its
      // images are written (annotations, above all) would otherwise wait in the queue long
      // enough for V8 to move it to the old generation, whose collections mark it again
      // and again (docs/history/rendering.md, session 8).
      await pool.whenQueueBelow(JOBS_AHEAD_PER_PAGE * pool.size);
      for (const w of job) await layOut(w);
      const run = drawJob(pool, job, options);
      run.catch(() => {}); // handled below, once every scene has been handed over
      drawing.push(run);
    }
    // Scenes already on disk still get their annotation.
    for (const w of works) if (w.outcome.status === 'exists') await layOut(w);
  } catch (e) {
    // A layout that throws: what was handed to the pool settles first.
    await Promise.allSettled(drawing);
    throw e;
  }
  // Every scene settles before this returns (a throw, such as no browser, after the others).
  const thrown = (await Promise.allSettled(drawing)).find((r) => r.status === 'rejected');
  if (thrown) throw (thrown as PromiseRejectedResult).reason;
  // Scenes already on disk get their annotation now (drawn ones got theirs with the image).
  await Promise.all(
    works.map(async (w) =>
      w.outcome.status === 'exists' && w.outcome.annotationFile
        ? writeAtomically(w.outcome.annotationFile, await w.annotationText!)
        : undefined,
    ),
  );
  return works.map((w) => w.outcome);
}
