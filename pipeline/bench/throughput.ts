// Timing a batch of renders through a pool: wall-clock images per second, and the CPU the
// browsers (every process of their trees, from /proc) and this Node process spent per image,
// which says what the machine could do were it not shared.

import { treeUsage } from '../../renders/process-usage.ts';
import type { RenderPool } from '../../renders/render-pool.ts';
import { type RenderOptions, type RenderRequest, renderScenes } from '../../renders/render-scenes.ts';

export interface Throughput {
  images: number;
  failed: number;
  seconds: number;
  /** Distinct loaded scenes (each costs a scene load in a page). */
  loads: number;
  browserCpuSeconds: number;
  nodeCpuSeconds: number;
}

const nodeCpu = () => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1e6;
};

export async function timeRenders(pool: RenderPool, requests: RenderRequest[], loads: number, options: RenderOptions): Promise<Throughput> {
  const b0 = treeUsage(pool.pids()).cpuSeconds;
  const n0 = nodeCpu();
  const t0 = performance.now();
  const outcomes = await renderScenes(pool, requests, options);
  const seconds = (performance.now() - t0) / 1000;
  const failed = outcomes.filter((o) => o.status === 'failed').length;
  return {
    images: outcomes.length - failed,
    failed,
    seconds,
    loads,
    browserCpuSeconds: treeUsage(pool.pids()).cpuSeconds - b0,
    nodeCpuSeconds: nodeCpu() - n0,
  };
}

/** The two measurements as one (`a` may be missing). */
export function addThroughput(a: Throughput | undefined, b: Throughput): Throughput {
  if (!a) return { ...b };
  return {
    images: a.images + b.images,
    failed: a.failed + b.failed,
    seconds: a.seconds + b.seconds,
    loads: a.loads + b.loads,
    browserCpuSeconds: a.browserCpuSeconds + b.browserCpuSeconds,
    nodeCpuSeconds: a.nodeCpuSeconds + b.nodeCpuSeconds,
  };
}

/** One line of figures. */
export function describeThroughput(t: Throughput, pages: number, cores: number): string {
  const rate = t.images / t.seconds;
  const cpuMs = ((t.browserCpuSeconds + t.nodeCpuSeconds) * 1000) / t.images;
  return [
    `${t.images} images (${t.failed} failed, ${t.loads} scene loads) in ${t.seconds.toFixed(1)} s:`,
    `${rate.toFixed(1)} images/s in total, ${(rate / pages).toFixed(1)} per page (${pages} pages, ${cores} cores);`,
    `CPU per image ${cpuMs.toFixed(0)} ms (browsers ${((t.browserCpuSeconds * 1000) / t.images).toFixed(0)}, Node ${((t.nodeCpuSeconds * 1000) / t.images).toFixed(0)}),`,
    `so ${(cores / (cpuMs / 1000)).toFixed(1)} images/s if the ${cores} cores were ours alone`,
  ].join(' ');
}
