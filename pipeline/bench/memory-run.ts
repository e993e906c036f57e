// A long run for memory: `images` images in batches through one pool, sampling twice a
// second the resident memory of the browsers (sum over every process of their trees, so
// pages shared between them count more than once) and of this Node process. Browsers are
// recycled by the pool every `imagesPerBrowser` images; the figures show whether memory
// stays flat across recycles.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseCommands } from '../../renders/commands.ts';
import { treeUsage } from '../../renders/process-usage.ts';
import type { RenderPool } from '../../renders/render-pool.ts';
import { type RenderOptions, type RenderRequest, renderScenes } from '../../renders/render-scenes.ts';
import { complexCamera } from '../../renders/scene-atoms.ts';
import { makeStyle } from '../../renders/style.ts';
import { parseSubset } from '../../renders/subset.ts';
import { VIEW_NAMES } from '../../renders/views.ts';
import type { Complex } from '../../structures/model.ts';

export interface MemorySample {
  images: number;
  seconds: number;
  browserRss: number;
  nodeRss: number;
}

export interface MemoryRun {
  images: number;
  failed: number;
  seconds: number;
  launches: number;
  samples: MemorySample[];
}

/** Request i: complexes, views, subsets and turns cycled so that no two images are alike. */
function request(complexes: Complex[], i: number): RenderRequest {
  const complex = complexes[i % complexes.length];
  const subset = parseSubset(i % 10 === 9 ? 'ligand' : 'full');
  const spec = {
    complex,
    subset,
    style: makeStyle(),
    camera: complexCamera(complex),
    view: VIEW_NAMES[Math.floor(i / complexes.length) % VIEW_NAMES.length],
    transform: parseCommands(`roll y ${i % 360}, roll x ${Math.floor(i / 360)}`),
    ligandTransform: [],
  };
  return { spec, annotationsOut: null };
}

export async function memoryRun(
  pool: RenderPool,
  complexes: Complex[],
  images: number,
  options: RenderOptions,
  batch = 60,
  onProgress?: (done: number) => void,
): Promise<MemoryRun> {
  const dir = mkdtempSync(join(tmpdir(), 'misi-bench-memory-'));
  const samples: MemorySample[] = [];
  let done = 0;
  let failed = 0;
  const t0 = performance.now();
  const sample = () =>
    samples.push({
      images: done,
      seconds: (performance.now() - t0) / 1000,
      browserRss: treeUsage(pool.pids()).rssBytes,
      nodeRss: process.memoryUsage().rss,
    });
  const timer = setInterval(sample, 500);
  try {
    for (let start = 0; start < images; start += batch) {
      const requests: RenderRequest[] = [];
      for (let i = start; i < Math.min(images, start + batch); i++) requests.push(request(complexes, i));
      const outcomes = await renderScenes(pool, requests, { ...options, outDir: dir });
      failed += outcomes.filter((o) => o.status === 'failed').length;
      done += requests.length;
      rmSync(dir, { recursive: true, force: true }); // keep the disk out of it
      sample();
      onProgress?.(done);
    }
  } finally {
    clearInterval(timer);
    rmSync(dir, { recursive: true, force: true });
  }
  return { images: done - failed, failed, seconds: (performance.now() - t0) / 1000, launches: pool.launches, samples };
}

const mb = (b: number) => `${(b / 2 ** 20).toFixed(0)} MB`;

/** A table of peaks per tenth of the run, and the overall peaks. */
export function describeMemoryRun(run: MemoryRun): string[] {
  const lines = [`${run.images} images (${run.failed} failed) in ${run.seconds.toFixed(0)} s; browsers launched ${run.launches}`];
  lines.push('images     browsers RSS peak   Node RSS peak');
  const step = Math.max(1, Math.ceil(run.images / 10));
  for (let upTo = step; upTo < run.images + step; upTo += step) {
    const part = run.samples.filter((s) => s.images > upTo - step && s.images <= upTo);
    if (!part.length) continue;
    const b = Math.max(...part.map((s) => s.browserRss));
    const n = Math.max(...part.map((s) => s.nodeRss));
    lines.push(`${`<= ${Math.min(upTo, run.images)}`.padEnd(10)} ${mb(b).padStart(17)} ${mb(n).padStart(15)}`);
  }
  const half = run.images / 2;
  const peak = (f: (s: MemorySample) => boolean, k: 'browserRss' | 'nodeRss') => Math.max(0, ...run.samples.filter(f).map((s) => s[k]));
  lines.push(
    `peak browsers ${mb(peak(() => true, 'browserRss'))} (first half ${mb(peak((s) => s.images <= half, 'browserRss'))}, second half ${mb(peak((s) => s.images > half, 'browserRss'))}); ` +
      `peak Node ${mb(peak(() => true, 'nodeRss'))} (first half ${mb(peak((s) => s.images <= half, 'nodeRss'))}, second half ${mb(peak((s) => s.images > half, 'nodeRss'))})`,
  );
  return lines;
}
