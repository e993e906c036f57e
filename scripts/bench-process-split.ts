// Where a rendered image's CPU goes, by process (not a test): one pool of 2 pages draws the
// bench complexes (1a30, 1bcu, 1c5z, 10gs from ../shared, else the bundled sample) in the
// six views under `turns` rolls, once per antialiasing method, after a warm-up of two other
// turns per method (browser start-up and shader compilation are left out). Prints, per
// method, CPU per image of Chromium's processes by type (GPU process, page = 'renderer',
// browser, network service...) and of Node, and wall time per image, with the load average.
// Usage: node --import tsx scripts/bench-process-split.ts [--antialias edge,supersample,none] [--turns 6]
// (default: every method)
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadBenchComplexes, viewRequests } from '../pipeline/bench/bench-scenes.ts';
import { descendantCpuByType } from '../renders/process-usage.ts';
import { RenderPool } from '../renders/render-pool.ts';
import { renderScenes } from '../renders/render-scenes.ts';
import { ANTIALIAS_METHODS, type AntialiasMethod } from '../renders/style.ts';
import { flagValue } from './flag-value.ts';

const args = process.argv.slice(2);
const methods = (flagValue(args, '--antialias') ?? ANTIALIAS_METHODS.join(',')).split(',').map((m) => m.trim()) as AntialiasMethod[];
const turns = Number(flagValue(args, '--turns') ?? 6);
if (methods.some((m) => !ANTIALIAS_METHODS.includes(m)) || !(turns >= 1)) {
  process.stderr.write(
    `bench-process-split: --antialias takes ${ANTIALIAS_METHODS.join(', ')}, comma-separated; --turns a whole number >= 1\n`,
  );
  process.exit(2);
}
const load = () =>
  loadavg()
    .map((v) => v.toFixed(1))
    .join(' ');

function cpuNow(): Map<string, number> {
  const cpu = descendantCpuByType([process.pid]);
  const own = process.cpuUsage();
  cpu.set('Node', (own.user + own.system) / 1e6);
  return cpu;
}

const { source, complexes } = await loadBenchComplexes(true);
console.log(`complexes: ${complexes.map((c) => c.id).join(' ')} from ${source}; load average ${load()}`);
const dir = mkdtempSync(join(tmpdir(), 'misi-bench-split-'));
try {
  for (const method of methods) {
    const pool = new RenderPool({ pages: 2 });
    try {
      await renderScenes(pool, viewRequests(complexes, 2, 100, method), { outDir: join(dir, method, 'warm-up') });
      const requests = viewRequests(complexes, turns, 0, method);
      const before = cpuNow();
      const t0 = performance.now();
      await renderScenes(pool, requests, { outDir: join(dir, method, 'measured') });
      const wall = performance.now() - t0;
      const per = [...cpuNow()]
        .map(([k, v]) => [k, ((v - (before.get(k) ?? 0)) * 1000) / requests.length] as const)
        .filter(([, ms]) => ms >= 0.05)
        .sort((a, b) => b[1] - a[1]);
      const total = per.reduce((s, [, ms]) => s + ms, 0);
      console.log(
        `${method}: ${requests.length} images, ${(wall / requests.length).toFixed(1)} ms wall and ${total.toFixed(1)} ms CPU per image: ${per.map(([k, ms]) => `${k} ${ms.toFixed(1)}`).join(', ')}; load average ${load()}`,
      );
    } finally {
      await pool.close();
    }
  }
} finally {
  rmSync(dir, { recursive: true, force: true });
}
