// One record per image of a renderScenes batch (render-scenes.ts), from its request to its
// files: its key and names, whether it is on disk already, then (laid out just before its
// job goes to a page) its pose, labels and annotation, each released as soon as nothing
// needs it any more. And the jobs: images grouped by the scene they load, SHOTS_PER_JOB
// at most per job. No browser, no writes.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { gzip } from 'node:zlib';
import { type Annotation, annotate } from './annotation.ts';
import { compactAnnotation } from './annotation-compact.ts';
import { imageFileName, loadKey, sceneKey } from './scene-key.ts';
import { sceneLabels } from './scene-labels.ts';
import { poseScene } from './scene-pose.ts';
import type { ImageFormat, SceneSpec } from './scene-spec.ts';

/** The outcome of one image (render-scenes.ts's RenderOutcome, its annotation optional). */
export interface ImageOutcome {
  key: string;
  file: string;
  annotationFile: string | null;
  annotation?: Annotation;
  status: 'rendered' | 'exists' | 'failed';
  reason?: string;
}

export interface ImageWork {
  spec: SceneSpec;
  outcome: ImageOutcome;
  /** From its layout until its job is handed over. */
  pose?: ReturnType<typeof poseScene>;
  labels?: ReturnType<typeof sceneLabels>;
  /** The annotation file's text (gzipped on libuv's pool for compact) until it is written. */
  annotationText?: string | Promise<Buffer>;
}

export interface NamingOptions {
  /** Folder for keyed images (requests without `out`). */
  outDir?: string;
  format?: ImageFormat;
  quality?: number;
  annotationLayout?: 'full' | 'compact';
}

const IMAGE_EXTENSION = /\.(png|webp|jpg|jpeg)$/;

/**
 * Shots of one loaded scene handed to the pool as one job at most: a larger group is split
 * (each part loads the scene again: an estimated 10-30 ms of a page's time), so the pages start on it
 * before all its labels are laid out and both pages can share it at the end of a run.
 */
export const SHOTS_PER_JOB = 32;

/** An image's key, its file and annotation file, and `exists` when a keyed image is on disk. */
export function imageWork(request: { spec: SceneSpec; out?: string; annotationsOut?: string | null }, o: NamingOptions): ImageWork {
  const format = o.format ?? 'png';
  const quality = o.quality ?? 0.9;
  const key = sceneKey(request.spec, format, quality);
  const keyed = request.out === undefined;
  const file = request.out ?? join(o.outDir ?? '.', imageFileName(request.spec, format, quality));
  const annotationFile =
    request.annotationsOut === undefined
      ? keyed
        ? file.replace(IMAGE_EXTENSION, o.annotationLayout === 'compact' ? '.json.gz' : '.json')
        : null
      : request.annotationsOut;
  const status = keyed && existsSync(file) ? 'exists' : 'rendered';
  return { spec: request.spec, outcome: { key, file, annotationFile, status } };
}

/** The images to draw, grouped by the scene they load (first-seen order), SHOTS_PER_JOB at most a job. */
export function drawJobs(works: readonly ImageWork[]): ImageWork[][] {
  const groups = new Map<string, ImageWork[]>();
  for (const w of works) {
    if (w.outcome.status === 'exists') continue;
    const k = loadKey(w.spec);
    const g = groups.get(k);
    if (g) g.push(w);
    else groups.set(k, [w]);
  }
  return [...groups.values()].flatMap((g) => chunks(g, SHOTS_PER_JOB));
}

function chunks<T>(list: T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < list.length; i += size) out.push(list.slice(i, i + size));
  return out;
}

const gzipAsync = promisify(gzip);

/** Pose, labels and annotation of one image (~2 ms of CPU); the annotation's file text when it has a file. */
export function layOutImage(w: ImageWork, keepAnnotation: boolean, compact: boolean): void {
  const pose = poseScene(w.spec);
  w.pose = pose;
  const labels = (w.labels = sceneLabels(w.spec, pose));
  const annotation = annotate(w.spec, pose, w.outcome.key, labels);
  if (keepAnnotation) w.outcome.annotation = annotation;
  if (!w.outcome.annotationFile) return;
  if (compact) {
    // Gzipped on libuv's pool while the image is drawn; awaited (and any failure thrown) when written.
    const zipped = gzipAsync(JSON.stringify(compactAnnotation(annotation, pose, labels)) + '\n');
    zipped.catch(() => {});
    w.annotationText = zipped;
  } else w.annotationText = JSON.stringify(annotation) + '\n';
}
