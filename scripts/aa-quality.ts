// Antialiasing quality (not a test): the bench scenes (misi-gen bench's workload) and the
// first N complexes of ../shared/structures/pdbbind in all six views, drawn with each of
// --methods (default: the default method and none), each compared with 2 x 2
// supersampling (renderer 3):
// mean grey SSIM (7 x 7 window), label text pixels, atoms drawn, annotations. Falls back to
// the bundled sample when ../shared is absent.
// Usage: node --import tsx scripts/aa-quality.ts [--complexes 20] [--methods edge,none]
//          [--out dir] [--keep] [--crops docs/aa-edge-crops.png] (crops: supersample, then --methods)
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadBenchComplexes, subsetRequests, viewRequests } from '../pipeline/bench/bench-scenes.ts';
import { compareAntialiasing, type ImageQuality, MIN_MEAN_SSIM, summarise } from '../renders/antialias-quality.ts';
import { RenderPool } from '../renders/render-pool.ts';
import { complexCamera } from '../renders/scene-atoms.ts';
import type { SceneSpec } from '../renders/scene-spec.ts';
import { ANTIALIAS_METHODS, type AntialiasMethod, DEFAULT_ANTIALIAS, makeStyle } from '../renders/style.ts';
import { parseSubset } from '../renders/subset.ts';
import { VIEW_NAMES } from '../renders/views.ts';
import { ingest } from '../structures/ingest.ts';
import { edgeCropFigure } from './aa-crops.ts';
import { flagValue } from './flag-value.ts';

const REPO = resolve(fileURLToPath(new URL('..', import.meta.url)));
const args = process.argv.slice(2);
const value = (flag: string) => flagValue(args, flag);
const count = Number(value('--complexes') ?? 20);
const methods = [...new Set((value('--methods') ?? `${DEFAULT_ANTIALIAS},none`).split(',').map((m) => m.trim()))] as AntialiasMethod[];
const bad = methods.find((m) => !ANTIALIAS_METHODS.includes(m));
if (bad !== undefined) throw new Error(`--methods takes ${ANTIALIAS_METHODS.join(', ')}, comma-separated (not ${bad})`);
const out = value('--out') ?? mkdtempSync(join(tmpdir(), 'misi-aa-quality-'));
const shared = resolve(REPO, '../shared/structures/pdbbind');

const bench = await loadBenchComplexes();
const sets: { title: string; scenes: { name: string; spec: SceneSpec }[] }[] = [];
const benchRequests = [...viewRequests(bench.complexes, 4), ...subsetRequests(bench.complexes)];
sets.push({
  title: `bench scenes: ${bench.source}, six views x 4 turns + pocket and ligand alone`,
  scenes: benchRequests.map((r, i) => ({ name: `bench-${r.spec.complex.id}-${i}`, spec: r.spec })),
});
if (existsSync(shared)) {
  const ids = readdirSync(shared).sort().slice(0, count);
  const { complexes } = await ingest(ids.map((id) => join(shared, id)));
  const style = makeStyle();
  sets.push({
    title: `${complexes.length} complexes of ${shared} (the first ${count} by name), full scene, six views`,
    scenes: complexes.flatMap((complex) =>
      VIEW_NAMES.map((view) => ({
        name: `${complex.id}-${view}`,
        spec: {
          complex,
          subset: parseSubset('full'),
          style,
          camera: complexCamera(complex),
          view,
          transform: [],
          ligandTransform: [],
        } as SceneSpec,
      })),
    ),
  });
} else {
  process.stderr.write(`aa-quality: ${shared} not found; the bench scenes only\n`);
}

const pool = new RenderPool();
const line = (cells: (string | number)[]) => `| ${cells.join(' | ')} |`;
let pass = true;
const everything: ImageQuality[] = [];
try {
  for (const set of sets) {
    const results = await compareAntialiasing(pool, set.scenes, methods, out);
    everything.push(...results);
    console.log(`\n${set.title}: ${set.scenes.length} images, each against 2 x 2 supersampling`);
    console.log(
      line([
        'method',
        'images',
        'mean SSIM',
        'lowest (image)',
        'mean SSIM, windows not flat',
        'images with label text differing',
        'atoms missing or moved (5 x 5 block differs)',
        'annotations differing',
      ]),
    );
    console.log(line(['---', '---', '---', '---', '---', '---', '---', '---']));
    for (const s of summarise(results)) {
      console.log(
        line([
          s.method,
          s.images,
          s.meanSsim.toFixed(4),
          `${s.minSsim.toFixed(4)} (${s.worst})`,
          s.meanEdgeSsim.toFixed(4),
          s.imagesWithTextDiffering,
          s.atomsDiffering,
          s.annotationsDiffering,
        ]),
      );
      if (
        s.method === DEFAULT_ANTIALIAS &&
        (s.meanSsim < MIN_MEAN_SSIM || s.imagesWithTextDiffering > 0 || s.annotationsDiffering > 0 || s.atomsDiffering > 0)
      )
        pass = false;
    }
  }
  console.log(
    `\n${DEFAULT_ANTIALIAS} (the default) ${pass ? 'meets' : 'does NOT meet'} the bar (mean SSIM >= ${MIN_MEAN_SSIM} per set, label text and annotations identical, no atom missing or moved)`,
  );
  const crops = value('--crops');
  if (crops) {
    const first = sets[0].scenes[0].name;
    edgeCropFigure(
      crops,
      ['supersample', ...methods].map((m) => join(out, `${first}-${m}.png`)),
    );
    console.log(`edge crops of ${first}: ${crops}`);
  }
} finally {
  await pool.close();
  if (!args.includes('--keep') && value('--out') === undefined) rmSync(out, { recursive: true, force: true });
  else console.log(`images kept in ${out}`);
}
process.exitCode = pass ? 0 : 1;
