// Rendering a batch of scenes through a pool: scenes that share everything but their
// transform and view are loaded once and shot together; images are named by their scene
// key and an existing file is not drawn again; a failed scene becomes an outcome with its
// reason while the rest goes on.
import { existsSync } from 'node:fs';
import { mkdir, rename, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { promisify } from 'node:util';
import { gzip } from 'node:zlib';
import { annotate, type Annotation } from './annotation.ts';
import { compactAnnotation } from './annotation-compact.ts';
import { pageScene, pageShot } from './page-payload.ts';
import { encodeScanlinesAsync, type PngCompression } from './png-encode.ts';
import { pixelRunsToScanlines } from './pixel-runs.ts';
import type { RenderPool } from './render-pool.ts';
import { imageFileName, loadKey, sceneKey } from './scene-key.ts';
import { poseScene } from './scene-pose.ts';
import { sceneLabels } from './scene-labels.ts';
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

const gzipAsync = promisify(gzip);

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

const IMAGE_EXTENSION = /\.(png|webp|jpg|jpeg)$/;

/**
 * Shots of one loaded scene handed to the pool as one job at most: a larger group is split
 * (each part loads the scene again: an estimated 10-30 ms of a page's time), so the pages start on it
 * before all its labels are laid out and both pages can share it at the end of a run.
 */
export const SHOTS_PER_JOB = 32;

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

function chunks<T>(list: T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < list.length; i += size) out.push(list.slice(i, i + size));
  return out;
}

/** An outcome without its annotation record (RenderOptions.keepAnnotations false). */
export type FileOutcome = Omit<RenderOutcome, 'annotation'>;

export async function renderScenes(pool: RenderPool, requests: RenderRequest[], options: FileRenderOptions): Promise<FileOutcome[]>;
export async function renderScenes(pool: RenderPool, requests: RenderRequest[], options?: RenderOptions): Promise<RenderOutcome[]>;
export async function renderScenes(pool: RenderPool, requests: RenderRequest[], options: RenderOptions | FileRenderOptions = {}): Promise<FileOutcome[]> {
  const outDir = options.outDir ?? '.';
  const format = options.format ?? 'png';
  const quality = options.quality ?? 0.9;
  // Keys, names and what is on disk first (cheap), then poses and label layouts (~2 ms of CPU
  // per image) one job at a time (a loaded scene, or SHOTS_PER_JOB of its shots), each job
  // handed to the pool as soon as its own are done: the pages start on the first while the
  // rest are laid out (laying out a whole batch before drawing any of it left both pages
  // idle for up to ~1 s in a 12-complex run). A turn of the event loop every few images lets
  // the pages' answers through.
  const outcomes: (FileOutcome & { annotation?: Annotation })[] = requests.map((r) => {
    const key = sceneKey(r.spec, format, quality);
    const keyed = r.out === undefined;
    const file = r.out ?? join(outDir, imageFileName(r.spec, format, quality));
    const annotationFile = r.annotationsOut === undefined ? (keyed ? file.replace(IMAGE_EXTENSION, options.annotationLayout === 'compact' ? '.json.gz' : '.json') : null) : r.annotationsOut;
    const status = keyed && existsSync(file) ? 'exists' : 'rendered';
    return { key, file, annotationFile, status };
  });
  // Group what must be drawn by loaded scene, keeping first-seen order.
  const groups = new Map<string, number[]>();
  outcomes.forEach((o, i) => {
    if (o.status === 'exists') return;
    const k = loadKey(requests[i].spec);
    const g = groups.get(k);
    if (g) g.push(i);
    else groups.set(k, [i]);
  });
  const keepAnnotations = !('keepAnnotations' in options && options.keepAnnotations === false);
  // Per image, from its layout until its job is handed over (poses, labels) or its files are
  // written (the annotation's text): released then, as most images wait in the pool's queue.
  const poses: (ReturnType<typeof poseScene> | undefined)[] = new Array(requests.length);
  const labels: (ReturnType<typeof sceneLabels> | undefined)[] = new Array(requests.length);
  const annotationTexts: (string | Promise<Buffer> | undefined)[] = new Array(requests.length);
  const compact = options.annotationLayout === 'compact';
  let laidOut = 0;
  const layOut = async (i: number): Promise<void> => {
    if (laidOut > 0 && laidOut % 8 === 0) await new Promise((resolve) => setImmediate(resolve));
    laidOut++;
    const pose = poseScene(requests[i].spec);
    poses[i] = pose;
    labels[i] = sceneLabels(requests[i].spec, pose);
    const annotation = annotate(requests[i].spec, pose, outcomes[i].key, labels[i]!);
    if (keepAnnotations) outcomes[i].annotation = annotation;
    if (outcomes[i].annotationFile) {
      if (compact) {
        // Gzipped on libuv's pool while the image is drawn; awaited (and any failure thrown) when written.
        const zipped = gzipAsync(JSON.stringify(compactAnnotation(annotation, pose, labels[i]!)) + '\n');
        zipped.catch(() => {});
        annotationTexts[i] = zipped;
      } else annotationTexts[i] = JSON.stringify(annotation) + '\n';
    }
  };
  const drawing: Promise<void>[] = [];
  try {
    for (const members of [...groups.values()].flatMap((g) => chunks(g, SHOTS_PER_JOB))) {
      // Jobs are made just ahead of the pages, not all at once: what a job keeps until its
      // images are written (annotations, above all) would otherwise wait in the queue long
      // enough for V8 to move it to the old generation, whose collections mark it again
      // and again (docs/history/rendering.md, session 8).
      await pool.whenQueueBelow(JOBS_AHEAD_PER_PAGE * pool.size);
      for (const i of members) await layOut(i);
      const first = requests[members[0]].spec;
      const shots = members.map((i) => pageShot(requests[i].spec, poses[i]!, labels[i]!));
      for (const i of members) poses[i] = labels[i] = undefined;
      // An image's annotation follows its file (a run stopped between the two draws the
      // scene again); a retried job writes both again.
      const writeAnnotation = async (i: number) => {
        const text = annotationTexts[i];
        if (text !== undefined) await writeAtomically(outcomes[i].annotationFile!, await text); // set only with a file
      };
      const run = pool.run({
        scene: pageScene(first),
        shots,
        onImage: async (k, img) => {
          const o = outcomes[members[k]];
          const raw = pixelRunsToScanlines(img.runs, img.width, img.height, spareScanlines.pop());
          let png: Buffer;
          try {
            png = await encodeScanlinesAsync(raw, img.width, img.height, options.pngLevel ?? options.pngCompression);
          } finally {
            if (spareScanlines.length < MAX_SPARE_SCANLINES) spareScanlines.push(raw);
          }
          await writeAtomically(o.file, png);
          await writeAnnotation(members[k]);
        },
        encode: format === 'png' ? undefined : { format, quality },
        onEncoded: async (k, file) => {
          await writeAtomically(outcomes[members[k]].file, file.bytes);
          await writeAnnotation(members[k]);
        },
      }).then((result) => {
        for (const i of members) annotationTexts[i] = undefined;
        if (!result.ok) for (const i of members) Object.assign(outcomes[i], { status: 'failed', reason: result.reason });
      });
      run.catch(() => {}); // handled below, once every scene has been handed over
      drawing.push(run);
    }
    // Scenes already on disk still get their annotation.
    for (let i = 0; i < requests.length; i++) if (outcomes[i].status === 'exists') await layOut(i);
  } catch (e) {
    // A layout that throws: what was handed to the pool settles first.
    await Promise.allSettled(drawing);
    throw e;
  }
  // Every scene settles before this returns (a throw, such as no browser, after the others).
  const thrown = (await Promise.allSettled(drawing)).find((r) => r.status === 'rejected');
  if (thrown) throw (thrown as PromiseRejectedResult).reason;
  // Scenes already on disk get their annotation now (drawn ones got theirs with the image).
  await Promise.all(outcomes.map(async (o, i) => (o.status === 'exists' && o.annotationFile ? writeAtomically(o.annotationFile, await annotationTexts[i]!) : undefined)));
  return outcomes;
}
