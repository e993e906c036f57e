// `misi-gen bench [--pages N] [--turns 4] [--antialias edge,supersample] [--rounds 2]
// [--format png|webp|jpeg] [--no-pymol] [--sample] [--images 1000] [--out dir]`: renderer
// throughput on a fixed set of real complexes (../shared/structures when present, else the
// bundled sample), 512 x 512, default style (labelled), for each antialiasing method given
// (timed in alternating rounds, so a machine whose load changes treats them alike), and the
// same scenes ray-traced by PyMOL for comparison.
// With --images N: a long run instead, reporting the memory of the browsers and of Node
// over time (the pool recycles browsers). Figures go to stdout, progress to stderr.
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { ANTIALIAS_METHODS, type AntialiasMethod, DEFAULT_ANTIALIAS, parseAntialias } from '../../renders/antialias-methods.ts';
import { DEFAULT_IMAGES_PER_BROWSER, RenderPool } from '../../renders/render-pool.ts';
import { renderScenes } from '../../renders/render-scenes.ts';
import { loadBenchComplexes, subsetRequests, viewRequests } from '../bench/bench-scenes.ts';
import { describeMemoryRun, memoryRun } from '../bench/memory-run.ts';
import { pymolAvailable, pymolTimes } from '../bench/pymol-bench.ts';
import { addThroughput, describeThroughput, type Throughput, timeRenders } from '../bench/throughput.ts';
import { defineCommand } from '../define-command.ts';
import { CommandFailure } from '../exit-codes.ts';

const load = () =>
  loadavg()
    .map((v) => v.toFixed(1))
    .join(' ');

/** The methods of `--antialias` (comma-separated), or a complaint. */
function antialiasMethods(text: string): AntialiasMethod[] {
  const methods = text
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  if (!methods.length) throw new Error(`--antialias takes one or more of ${ANTIALIAS_METHODS.join(', ')}, comma-separated`);
  const parsed = methods.map((m) => parseAntialias(m));
  const bad = parsed.find((m) => typeof m !== 'string');
  if (bad) throw new Error(bad.problem);
  return [...new Set(parsed as AntialiasMethod[])];
}

export const benchCommand = defineCommand({
  builder: (y) =>
    y
      .option('pages', {
        type: 'number',
        default: availableParallelism(),
        defaultDescription: `one per core (${availableParallelism()} here)`,
        describe: 'browser pages in the pool',
      })
      .option('turns', { type: 'number', default: 4, describe: 'turns of each complex drawn in all six views' })
      .option('antialias', {
        type: 'string',
        default: `${DEFAULT_ANTIALIAS},supersample`,
        describe: `antialiasing methods to time, comma-separated (${ANTIALIAS_METHODS.join(', ')})`,
      })
      .option('rounds', { type: 'number', default: 2, describe: 'alternating rounds of the methods' })
      .option('format', { choices: ['png', 'webp', 'jpeg'] as const, default: 'png' as const, describe: 'image format' })
      .option('quality', { type: 'number', default: 0.9, describe: 'WebP/JPEG quality, 0-1' })
      .option('pymol', { type: 'boolean', default: true, describe: 'also time PyMOL (--no-pymol: skip)' })
      .option('sample', { type: 'boolean', default: false, describe: 'use the bundled sample even when ../shared/structures is present' })
      .option('images', { type: 'number', describe: 'memory run: render this many images and report memory over time' })
      .option('images-per-browser', {
        type: 'number',
        default: DEFAULT_IMAGES_PER_BROWSER,
        describe: 'images a browser draws before the pool replaces it',
      })
      .option('out', { type: 'string', describe: "keep the benchmark images (ours and PyMOL's) in this folder" })
      .check((a) => {
        if (!(Number.isInteger(a.pages) && a.pages >= 1)) throw new Error('--pages must be a whole number from 1');
        if (!(Number.isInteger(a.turns) && a.turns >= 1)) throw new Error('--turns must be a whole number from 1');
        if (!(Number.isInteger(a.rounds) && a.rounds >= 1)) throw new Error('--rounds must be a whole number from 1');
        antialiasMethods(String(a.antialias));
        if (a.images !== undefined && !(Number.isInteger(a.images) && a.images >= 1))
          throw new Error('--images must be a whole number from 1');
        if (!(a.quality > 0 && a.quality <= 1)) throw new Error('--quality must be in (0, 1]');
        return true;
      }),
  handler: async (args, io) => {
    const say = (line: string) => io.stdout.write(`${line}\n`);
    const note = (line: string) => io.stderr.write(`${line}\n`);
    const cores = availableParallelism();
    const set = await loadBenchComplexes(!args.sample);
    if (!set.complexes.length) throw new CommandFailure('no complex could be read for the benchmark');
    const dir = args.out ?? mkdtempSync(join(tmpdir(), 'misi-bench-'));
    mkdirSync(dir, { recursive: true });
    const options = { format: args.format, quality: args.quality };
    const pool = new RenderPool({ pages: args.pages, imagesPerBrowser: args.images === undefined ? 1e9 : args['images-per-browser'] });
    try {
      say(`complexes: ${set.complexes.map((c) => c.id).join(' ')} from ${set.source}`);
      const methods = antialiasMethods(args.antialias);
      say(
        `machine: ${cores} cores, load average before ${load()}; 512 x 512, labelled, ${args.format}; antialiasing ${methods.join(', ')}`,
      );
      // Warm-up: every page starts its browser and compiles its shaders (a browser's first
      // scene costs ~2.5 s of CPU), so the figures below are the steady state. One scene load
      // per complex and subset: more jobs than pages, so every page gets some.
      for (const m of methods) {
        const warmUp = [...viewRequests(set.complexes, 1, 0, m), ...subsetRequests(set.complexes, m)];
        await renderScenes(pool, warmUp, { ...options, outDir: join(dir, 'warm-up', m) });
      }
      if (args.images !== undefined) {
        const run = await memoryRun(pool, set.complexes, args.images, options, 60, (n) => note(`memory run: ${n} / ${args.images} images`));
        say(`memory run, ${args.pages} pages, browsers recycled every ${args['images-per-browser']} images:`);
        for (const line of describeMemoryRun(run)) say(line);
        say(`${(run.images / run.seconds).toFixed(1)} images/s over the run; load average after ${load()}`);
        return;
      }
      const shots = new Map<AntialiasMethod, Throughput>();
      const loads = new Map<AntialiasMethod, Throughput>();
      for (let round = 0; round < args.rounds; round++) {
        for (const m of methods) {
          const outDir = join(dir, m, `round-${round + 1}`);
          const views = viewRequests(set.complexes, args.turns, 0, m);
          const v = await timeRenders(pool, views, set.complexes.length, { ...options, outDir: join(outDir, 'views') });
          const subsets = subsetRequests(set.complexes, m);
          const s = await timeRenders(pool, subsets, subsets.length, { ...options, outDir: join(outDir, 'subsets') });
          shots.set(m, addThroughput(shots.get(m), v));
          loads.set(m, addThroughput(loads.get(m), s));
          note(`round ${round + 1}, ${m}: ${(v.images / v.seconds).toFixed(1)} images/s (views); load average ${load()}`);
        }
      }
      for (const m of methods) {
        say(
          `${m}: views (one scene load per complex, ${6 * args.turns} images each, ${args.rounds} rounds): ${describeThroughput(shots.get(m)!, args.pages, cores)}`,
        );
        say(`${m}: pocket/ligand alone (a scene load per image): ${describeThroughput(loads.get(m)!, args.pages, cores)}`);
      }
      const base = shots.get('supersample');
      if (base) {
        for (const m of methods.filter((x) => x !== 'supersample')) {
          const t = shots.get(m)!;
          const cpu = (x: Throughput) => (x.browserCpuSeconds + x.nodeCpuSeconds) / x.images;
          say(
            `${m} / supersample (views): ${(t.images / t.seconds / (base.images / base.seconds)).toFixed(2)}x the images per second, ${(cpu(t) / cpu(base)).toFixed(2)}x the CPU per image`,
          );
        }
      }
      say(`load average after ${load()}`);
      if (args.pymol) {
        if (!pymolAvailable()) say('PyMOL: not found (Debian package pymol); skipped');
        else {
          note('PyMOL: ray-tracing the same complexes...');
          const times = await pymolTimes(set.complexes, 6, dir);
          const perImage = times.reduce((a, b) => a + b, 0) / times.length;
          const ratios = methods.map((m) => `${m} ${((shots.get(m)!.images / shots.get(m)!.seconds) * perImage).toFixed(1)}x`).join(', ');
          say(
            `PyMOL (ray=1, 512 x 512, sticks, labels): ${times.length} images, ${(1000 * perImage).toFixed(0)} ms each, ${(1 / perImage).toFixed(1)} images/s; ` +
              `ours/PyMOL: ${ratios} (ours in views above, all pages); load average ${load()}`,
          );
        }
      }
      if (args.out) say(`images kept in ${dir}`);
    } finally {
      // No browser (NoBrowserError): exit 1 (pipeline/exit-codes.ts), once the pool is closed.
      await pool.close();
      if (!args.out) rmSync(dir, { recursive: true, force: true });
    }
  },
});
