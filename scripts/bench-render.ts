// Renderer throughput: the bundled sample's complexes, every view under a few transforms,
// 512 x 512, default style (antialiased, labelled), through a pool of N pages.
// Usage: node --import tsx scripts/bench-render.ts [pages] [transformsPerView]
// Prints images per second in total and per page, and ms per image. Writes into a temp dir.
// `misi-gen bench` is the fuller benchmark (real complexes, CPU per image, PyMOL, memory).
import { mkdtempSync, rmSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseCommands } from '../renders/commands.ts';
import { RenderPool } from '../renders/render-pool.ts';
import { type RenderRequest, renderScenes } from '../renders/render-scenes.ts';
import { complexCamera } from '../renders/scene-atoms.ts';
import { makeStyle } from '../renders/style.ts';
import { parseSubset } from '../renders/subset.ts';
import { VIEW_NAMES } from '../renders/views.ts';
import { ingest } from '../structures/ingest.ts';

const pages = Number(process.argv[2] ?? availableParallelism());
const perView = Number(process.argv[3] ?? 4);
const sample = new URL('../structures/sample/', import.meta.url).pathname;
const { complexes } = await ingest([join(sample, 'pdbbind'), join(sample, 'protein-ligand')]);
const style = makeStyle();
const requests: RenderRequest[] = [];
for (const c of complexes) {
  const camera = complexCamera(c);
  for (let k = 0; k < perView; k++) {
    for (const view of VIEW_NAMES) {
      requests.push({
        spec: {
          complex: c,
          subset: parseSubset('full'),
          style,
          camera,
          view,
          transform: parseCommands(`roll y ${15 * k}`),
          ligandTransform: [],
        },
        annotationsOut: null,
      });
    }
  }
}
const dir = mkdtempSync(join(tmpdir(), 'misi-bench-render-'));
const pool = new RenderPool({ pages });
try {
  // Warm-up: one scene per page (browser start, shader compilation).
  await renderScenes(pool, requests.slice(0, 1), { outDir: join(dir, 'warm') });
  const t0 = performance.now();
  const out = await renderScenes(pool, requests, { outDir: dir });
  const s = (performance.now() - t0) / 1000;
  const failed = out.filter((o) => o.status === 'failed').length;
  const n = out.length - failed;
  console.log(`complexes ${complexes.map((c) => c.id).join(' ')}; ${n} images (${failed} failed) at 512 x 512, antialiased, labelled`);
  console.log(
    `cores ${availableParallelism()}, pages ${pages}: ${(n / s).toFixed(1)} images/s in total, ${(n / s / pages).toFixed(1)} per page, ${((s * 1000 * pages) / n).toFixed(0)} ms per image per page (scene loads included)`,
  );
} finally {
  await pool.close();
  rmSync(dir, { recursive: true, force: true });
}
