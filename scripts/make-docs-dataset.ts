// Makes the pictures committed under docs/: a small dataset generated from eight PDBbind
// complexes of ../shared/structures (about one question per complex, task and split-side;
// every task registered in qa/tasks/index.ts), its contact sheets (docs/preview/<task>.png) and its
// stats charts and table (docs/stats/). The dataset itself and the HTML previews stay in
// out/docs-dataset and out/docs-dataset-preview (not committed: they hold the structures'
// renders at full size). Images already drawn there are not drawn again (the folder is
// emptied first when it holds a run with other options). A sheet over
// 400 KB is drawn again with two rows fewer until it fits.
// Usage: node --import tsx scripts/make-docs-dataset.ts [--rows N] [--tile PX]
import { copyFileSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { PNG } from 'pngjs';
import { datasetStats, formatStats } from '../pipeline/generate/dataset-stats.ts';
import { generate } from '../pipeline/generate/run-generate.ts';
import { RunMismatchError } from '../pipeline/generate/run-identity.ts';
import { runPreview } from '../pipeline/preview/run-preview.ts';
import { writeStatsCharts } from '../pipeline/preview/stats-charts.ts';
import { TASKS } from '../qa/tasks/index.ts';
import { HAVE_SHARED, REPO, SHARED } from '../test/shared-structures.ts';

/** A fixed, small subset: rendering is slow on a shared 2-core machine. */
const COMPLEXES = ['10gs', '1a30', '1bcu', '1e66', '1gpk', '1h22', '1k1i', '1nc1'];
const arg = (name: string, fallback: number) => {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? Number(process.argv[i + 1]) : fallback;
};
const rows = arg('rows', 8);
const tile = arg('tile', 128);

if (!HAVE_SHARED) {
  process.stderr.write(`make-docs-dataset: ${SHARED} is not present\n`);
  process.exit(1);
}
const dataset = join(REPO, 'out/docs-dataset');
const previewDir = join(REPO, 'out/docs-dataset-preview');
const sheetsDir = join(REPO, 'docs/preview');
const statsDir = join(REPO, 'docs/stats');
const log = (l: string) => process.stderr.write(l + '\n');

const t0 = Date.now();
const run = () =>
  generate({
    structures: COMPLEXES.map((id) => join(SHARED, 'pdbbind', id)),
    out: dataset,
    tasks: TASKS,
    seed: 0,
    // One question per complex and side; residue_ligand alternates positives and negatives
    // starting with a positive, so it asks two on each side (a bonded residue, then its paired
    // negative), for a "No" on the sheet.
    perComplex: TASKS.map((t) => `${t.id}=${t.id === 'residue_ligand' ? '2/2' : '1/1'}`).join(','),
    testShare: 0.25,
    pages: 2,
    log,
  });
let summary;
try {
  summary = await run();
} catch (e) {
  // The folder holds a run with other options (an older version of this script): start afresh.
  if (!(e instanceof RunMismatchError)) throw e;
  log(`make-docs-dataset: ${dataset} was made with other options; drawing it again`);
  rmSync(dataset, { recursive: true, force: true });
  summary = await run();
}
log(
  `generate: ${summary.questions} questions, ${summary.distinctImages} images (${summary.rendered} drawn) in ${((Date.now() - t0) / 1000).toFixed(0)} s`,
);

rmSync(previewDir, { recursive: true, force: true });
const sheets = await runPreview({ dir: dataset, out: previewDir, n: rows, tile, log });
mkdirSync(sheetsDir, { recursive: true });
for (const f of readdirSync(sheetsDir)) if (f.endsWith('.png')) rmSync(join(sheetsDir, f));
const LIMIT = 400 * 1024;
for (const s of sheets) {
  let file = join(previewDir, s.sheet);
  for (let n = rows - 2; statSync(file).size > LIMIT && n >= 2; n -= 2) {
    const smaller = join(previewDir, `rows-${n}`);
    const [again] = await runPreview({ dir: dataset, out: smaller, task: s.task, n, tile, log });
    file = join(smaller, again.sheet);
    s.shown = again.shown;
  }
  copyFileSync(file, join(sheetsDir, s.sheet));
}

mkdirSync(statsDir, { recursive: true });
for (const f of readdirSync(statsDir)) if (f.endsWith('.png')) rmSync(join(statsDir, f));
const stats = datasetStats(dataset);
writeFileSync(join(statsDir, 'stats.txt'), formatStats(stats));
const charts = await writeStatsCharts(dataset, stats, statsDir, log);

const describe = (path: string) => {
  const png = PNG.sync.read(readFileSync(path));
  const kb = statSync(path).size / 1024;
  return `${path.slice(REPO.length + 1)}  ${png.width} x ${png.height}  ${kb.toFixed(0)} KB${kb > 400 ? '  (over 400 KB)' : ''}`;
};
for (const s of sheets) console.log(`${describe(join(sheetsDir, s.sheet))}  ${s.shown} of ${s.total} questions`);
for (const c of charts) console.log(describe(c));
console.log(`HTML pages: ${join(previewDir, 'index.html')}${existsSync(join(previewDir, 'index.html')) ? '' : ' (missing)'}`);
