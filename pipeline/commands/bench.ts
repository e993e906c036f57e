// `misi-gen bench [--pages N] [--turns 4] [--format png|webp|jpeg] [--no-pymol] [--sample]
// [--images 1000] [--out dir]`: renderer throughput on a fixed set of real complexes
// (../shared/structures when present, else the bundled sample), 512 x 512, default style
// (antialiased, labelled), and the same scenes ray-traced by PyMOL for comparison.
// With --images N: a long run instead, reporting the memory of the browsers and of Node
// over time (the pool recycles browsers). Figures go to stdout, progress to stderr.
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import type { CommandModule } from 'yargs';
import { NoBrowserError } from '../../renders/browser.ts';
import { DEFAULT_IMAGES_PER_BROWSER, RenderPool } from '../../renders/render-pool.ts';
import { renderScenes } from '../../renders/render-scenes.ts';
import type { ImageFormat } from '../../renders/scene-spec.ts';
import { loadBenchComplexes, subsetRequests, viewRequests } from '../bench/bench-scenes.ts';
import { describeMemoryRun, memoryRun } from '../bench/memory-run.ts';
import { pymolAvailable, pymolTimes } from '../bench/pymol-bench.ts';
import { describeThroughput, timeRenders } from '../bench/throughput.ts';

interface Args {
  pages: number;
  turns: number;
  format: ImageFormat;
  quality: number;
  pymol: boolean;
  sample: boolean;
  images?: number;
  'images-per-browser': number;
  out?: string;
}

const say = (line: string) => process.stdout.write(`${line}\n`);
const note = (line: string) => process.stderr.write(`${line}\n`);
const load = () => loadavg().map((v) => v.toFixed(1)).join(' ');

export const benchCommand: CommandModule<object, Args> = {
  builder: (y) =>
    y
      .option('pages', { type: 'number', default: availableParallelism(), describe: 'browser pages in the pool (default: one per core)' })
      .option('turns', { type: 'number', default: 4, describe: 'turns of each complex drawn in all six views' })
      .option('format', { choices: ['png', 'webp', 'jpeg'] as ImageFormat[], default: 'png' as ImageFormat, describe: 'image format' })
      .option('quality', { type: 'number', default: 0.9, describe: 'WebP/JPEG quality, 0-1' })
      .option('pymol', { type: 'boolean', default: true, describe: 'also time PyMOL (--no-pymol: skip)' })
      .option('sample', { type: 'boolean', default: false, describe: 'use the bundled sample even when ../shared/structures is present' })
      .option('images', { type: 'number', describe: 'memory run: render this many images and report memory over time' })
      .option('images-per-browser', { type: 'number', default: DEFAULT_IMAGES_PER_BROWSER, describe: 'images a browser draws before the pool replaces it' })
      .option('out', { type: 'string', describe: 'keep the benchmark images (ours and PyMOL\'s) in this folder' })
      .check((a) => {
        if (!(Number.isInteger(a.pages) && a.pages >= 1)) throw new Error('--pages must be a whole number from 1');
        if (!(Number.isInteger(a.turns) && a.turns >= 1)) throw new Error('--turns must be a whole number from 1');
        if (a.images !== undefined && !(Number.isInteger(a.images) && a.images >= 1)) throw new Error('--images must be a whole number from 1');
        if (!(a.quality > 0 && a.quality <= 1)) throw new Error('--quality must be in (0, 1]');
        return true;
      }) as any,
  handler: async (args) => {
    const cores = availableParallelism();
    const set = await loadBenchComplexes(!args.sample);
    if (!set.complexes.length) {
      note('misi-gen bench: no complex could be read for the benchmark');
      process.exitCode = 1;
      return;
    }
    const dir = args.out ?? mkdtempSync(join(tmpdir(), 'misi-bench-'));
    mkdirSync(dir, { recursive: true });
    const options = { format: args.format, quality: args.quality };
    const pool = new RenderPool({ pages: args.pages, imagesPerBrowser: args.images === undefined ? 1e9 : args['images-per-browser'] });
    try {
      say(`complexes: ${set.complexes.map((c) => c.id).join(' ')} from ${set.source}`);
      say(`machine: ${cores} cores, load average before ${load()}; 512 x 512, antialiased, labelled, ${args.format}`);
      // Warm-up: every page starts its browser and compiles its shaders (a browser's first
      // scene costs ~2.5 s of CPU), so the figures below are the steady state. One scene load
      // per complex and subset: more jobs than pages, so every page gets some.
      const warmUp = [...viewRequests(set.complexes, 1), ...subsetRequests(set.complexes)];
      await renderScenes(pool, warmUp, { ...options, outDir: join(dir, 'warm-up') });
      if (args.images !== undefined) {
        const run = await memoryRun(pool, set.complexes, args.images, options, 60, (n) => note(`memory run: ${n} / ${args.images} images`));
        say(`memory run, ${args.pages} pages, browsers recycled every ${args['images-per-browser']} images:`);
        for (const line of describeMemoryRun(run)) say(line);
        say(`${(run.images / run.seconds).toFixed(1)} images/s over the run; load average after ${load()}`);
        return;
      }
      const views = viewRequests(set.complexes, args.turns);
      const shots = await timeRenders(pool, views, set.complexes.length, { ...options, outDir: join(dir, 'views') });
      say(`views (one scene load per complex, ${6 * args.turns} images each): ${describeThroughput(shots, args.pages, cores)}`);
      const subsets = subsetRequests(set.complexes);
      const loads = await timeRenders(pool, subsets, subsets.length, { ...options, outDir: join(dir, 'subsets') });
      say(`pocket/ligand alone (a scene load per image): ${describeThroughput(loads, args.pages, cores)}`);
      say(`load average after ${load()}`);
      if (args.pymol) {
        if (!pymolAvailable()) say('PyMOL: not found (Debian package pymol); skipped');
        else {
          note('PyMOL: ray-tracing the same complexes...');
          const times = await pymolTimes(set.complexes, 6, dir);
          const perImage = times.reduce((a, b) => a + b, 0) / times.length;
          const ours = shots.images / shots.seconds;
          say(`PyMOL (ray=1, 512 x 512, sticks, labels): ${times.length} images, ${(1000 * perImage).toFixed(0)} ms each, ${(1 / perImage).toFixed(1)} images/s; `
            + `ours/PyMOL ${(ours * perImage).toFixed(1)}x (ours in views above, all pages)`);
        }
      }
      if (args.out) say(`images kept in ${dir}`);
    } catch (e) {
      if (e instanceof NoBrowserError) {
        note(`misi-gen bench: ${e.message}`);
        process.exitCode = 1;
        return;
      }
      throw e;
    } finally {
      await pool.close();
      if (!args.out) rmSync(dir, { recursive: true, force: true });
    }
  },
};
