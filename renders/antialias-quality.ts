// The antialiasing quality check: the same scenes drawn with a candidate method and with
// 2 x 2 supersampling (renderer 3's images, the reference), compared image by image (mean
// grey SSIM, label text, atoms drawn, annotations). Used by scripts/aa-quality.ts and by a
// test on the bundled sample.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { PNG } from 'pngjs';
import { atomsDiffering, greySsim, pixelsOfColourDiffering } from './image-compare.ts';
import type { RenderPool } from './render-pool.ts';
import { type RenderOutcome, renderScenes } from './render-scenes.ts';
import type { SceneSpec } from './scene-spec.ts';
import type { AntialiasMethod } from './style.ts';

/** The quality bar (issue 22): mean grey SSIM against supersampling, per set of images. */
export const MIN_MEAN_SSIM = 0.98;

export interface ImageQuality {
  name: string;
  method: AntialiasMethod;
  /** Mean grey SSIM against the reference, all windows. */
  ssim: number;
  /** The same over windows not flat in both (the edges; see GreySsim). */
  edgeSsim: number;
  /** Pure label-text pixels (the font colour) in one image and not the other. */
  textPixelsDiffering: number;
  /** Visible atoms whose 5 x 5 block differs (see atomsDiffering): missing or moved. */
  atomsDiffering: number;
  /** The two annotation records are equal (apart from the image key). */
  annotationsEqual: boolean;
}

const hex = (s: string): [number, number, number] => [1, 3, 5].map((i) => parseInt(s.slice(i, i + 2), 16)) as [number, number, number];

function readRgba(file: string): { data: Uint8Array; width: number; height: number } {
  const png = PNG.sync.read(readFileSync(file));
  return { data: png.data, width: png.width, height: png.height };
}

const withoutKey = (o: RenderOutcome) => JSON.stringify({ ...o.annotation, key: undefined });

/**
 * Draws every spec as `reference` and as each of `methods` (PNG into `dir`, named
 * `<name>-<method>.png`) and compares each candidate image with its reference. Throws when
 * an image fails to draw (a quality figure over missing images would mean nothing).
 */
export async function compareAntialiasing(
  pool: RenderPool,
  scenes: { name: string; spec: SceneSpec }[],
  methods: AntialiasMethod[],
  dir: string,
  reference: AntialiasMethod = 'supersample',
): Promise<ImageQuality[]> {
  const all = [reference, ...methods];
  const requests = scenes.flatMap((s) =>
    all.map((m) => ({
      spec: { ...s.spec, style: { ...s.spec.style, antialias: m } },
      out: join(dir, `${s.name}-${m}.png`),
      annotationsOut: null,
    })),
  );
  const outcomes = await renderScenes(pool, requests);
  const failed = outcomes.find((o) => o.status === 'failed');
  if (failed) throw new Error(`${failed.file}: not drawn: ${failed.reason}`);
  const results: ImageQuality[] = [];
  scenes.forEach((s, k) => {
    const ref = outcomes[k * all.length];
    const a = readRgba(ref.file);
    const font = hex(s.spec.style.labels.fontColor);
    const atoms = ref.annotation.atoms.filter((t) => t.visible);
    methods.forEach((method, j) => {
      const o = outcomes[k * all.length + 1 + j];
      const b = readRgba(o.file);
      const ssim = greySsim(a.data, b.data, a.width, a.height);
      results.push({
        name: s.name,
        method,
        ssim: ssim.mean,
        edgeSsim: ssim.structured,
        textPixelsDiffering: pixelsOfColourDiffering(a.data, b.data, font),
        atomsDiffering: atomsDiffering(a.data, b.data, a.width, a.height, atoms),
        annotationsEqual: withoutKey(ref) === withoutKey(o),
      });
    });
  });
  return results;
}

export interface QualitySummary {
  method: AntialiasMethod;
  images: number;
  meanSsim: number;
  meanEdgeSsim: number;
  minSsim: number;
  worst: string;
  imagesWithTextDiffering: number;
  atomsDiffering: number;
  annotationsDiffering: number;
}

export function summarise(results: ImageQuality[]): QualitySummary[] {
  const methods = [...new Set(results.map((r) => r.method))];
  return methods.map((method) => {
    const rs = results.filter((r) => r.method === method);
    const worst = rs.reduce((w, r) => (r.ssim < w.ssim ? r : w), rs[0]);
    return {
      method,
      images: rs.length,
      meanSsim: rs.reduce((s, r) => s + r.ssim, 0) / rs.length,
      meanEdgeSsim: rs.reduce((s, r) => s + r.edgeSsim, 0) / rs.length,
      minSsim: worst.ssim,
      worst: worst.name,
      imagesWithTextDiffering: rs.filter((r) => r.textPixelsDiffering > 0).length,
      atomsDiffering: rs.reduce((s, r) => s + r.atomsDiffering, 0),
      annotationsDiffering: rs.filter((r) => !r.annotationsEqual).length,
    };
  });
}
