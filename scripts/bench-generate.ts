// End-to-end throughput and memory of `misi-gen generate` (not a test): runs the command as
// a child process on ../shared/structures/pdbbind (all tasks at default counts unless
// told), once per antialiasing method (default: the default method, then supersample), and samples
// the resident memory of its whole process tree (Node and every browser process) from /proc
// twice a second. Prints, per method, complexes, questions, distinct images, wall time,
// images per second, peak RSS, and the projection to the full dataset (~588k images) on
// this machine and per added core (assuming pages scale with cores); then the methods side
// by side with PyMOL's ray-traced PNGs of the first two complexes (six images each) timed
// in the same run, and the load average beside every figure.
// --baseline REF[,REF...] also runs the `generate` of older commits of this repository (built
// once per commit by scripts/baseline-build.ts in <tmpdir>/misi-gen-baselines/<hash>, before
// anything is timed) on the same structures and flags, never with --antialias (commits before
// it rendered with 2 x 2 supersampling only), so today's methods are compared with the
// pipeline of those commits in the same run; the side by side gives each baseline's renderer
// version and each method's ratio to it. Runs alternate (methods, then baselines, each round starting one further on);
// --rounds N repeats that sequence N times and the side by side gives every round's images/s,
// the median, and ratios of medians. --warm-up N (default 1) runs the first command N times
// first, untimed: in the benchmarks of 2026-12-03 the very first run was the slowest of its
// kind (about a fifth below the others), cause not found.
// Usage: node --import tsx scripts/bench-generate.ts [--limit N] [--workers N]
//          [--antialias edge,supersample] [--baseline ed6f01a,c01768f] [--rounds N] [--warm-up N] [--no-pymol]
//          [--per-complex ...] [--tasks ...] [--seed N] [--test-share F] [--structures path] [--out dir] [--keep]
//          [--sizes default,512] [--png-compression fast,small]
// --sizes runs every method once per image-size setting, alternated like the rest: `default`
// (each task's own size) or a `--size` value for every task (e.g. 512, the size of every task
// before the per-task sizes). --png-compression runs every method once per PNG setting too
// (renders/png-encode.ts), alternated the same way. Each run also prints the bytes it wrote
// per image, annotation and question (pipeline/dataset/dataset-bytes.ts).
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { pymolAvailable, pymolTimes } from '../pipeline/bench/pymol-bench.ts';
import { datasetBytes } from '../pipeline/dataset/dataset-bytes.ts';
import { datasetPaths } from '../pipeline/dataset/layout.ts';
import { treeUsage } from '../renders/process-usage.ts';
import { ANTIALIAS_METHODS, type AntialiasMethod, DEFAULT_ANTIALIAS } from '../renders/style.ts';
import { ingest } from '../structures/ingest.ts';
import { type BaselineBuild, BaselineError, baselineBuild } from './baseline-build.ts';
import { flagValue } from './flag-value.ts';

const REPO = resolve(fileURLToPath(new URL('..', import.meta.url)));
const CLI = join(REPO, 'pipeline/bin/misi-gen.js');
const FULL_IMAGES = 588_000;
const args = process.argv.slice(2);
const value = (flag: string) => flagValue(args, flag);
const say = (line: string) => process.stderr.write(`bench-generate: ${line}\n`);
const structures = value('--structures') ?? resolve(REPO, '../shared/structures/pdbbind');
if (!existsSync(structures)) {
  say(`${structures} not found`);
  process.exit(1);
}
const methods = (value('--antialias') ?? `${DEFAULT_ANTIALIAS},supersample`).split(',').map((m) => m.trim()) as AntialiasMethod[];
if (methods.some((m) => !ANTIALIAS_METHODS.includes(m))) {
  say(`--antialias takes ${ANTIALIAS_METHODS.join(', ')}, comma-separated`);
  process.exit(2);
}
const baselineRefs = args.includes('--baseline')
  ? (value('--baseline') ?? '')
      .split(',')
      .map((r) => r.trim())
      .filter(Boolean)
  : [];
if (args.includes('--baseline') && (!baselineRefs.length || baselineRefs.some((r) => r.startsWith('--')))) {
  say('--baseline takes git refs of this repository, comma-separated (e.g. --baseline ed6f01a,c01768f)');
  process.exit(2);
}
const sizeSettings = (value('--sizes') ?? 'default')
  .split(',')
  .map((v) => v.trim())
  .filter(Boolean);
if (!sizeSettings.length || sizeSettings.some((v) => v !== 'default' && !/^\d+$/.test(v))) {
  say('--sizes takes `default` and whole numbers of pixels, comma-separated (e.g. --sizes default,512)');
  process.exit(2);
}
const pngSettings = args.includes('--png-compression')
  ? (value('--png-compression') ?? '')
      .split(',')
      .map((v) => v.trim())
      .filter(Boolean)
  : [''];
if (!pngSettings.length) {
  say('--png-compression takes fast and small, comma-separated');
  process.exit(2);
}
const rounds = Number(value('--rounds') ?? 1);
if (!(Number.isInteger(rounds) && rounds >= 1)) {
  say('--rounds takes a whole number >= 1');
  process.exit(2);
}
const warmUps = Number(value('--warm-up') ?? 1);
if (!(Number.isInteger(warmUps) && warmUps >= 0)) {
  say('--warm-up takes a whole number >= 0');
  process.exit(2);
}

/** Builds (or finds built) every baseline before anything is timed, with what it draws with. */
function buildBaselines(): { build: BaselineBuild; antialias: string }[] {
  const builds: { build: BaselineBuild; antialias: string }[] = [];
  for (const ref of baselineRefs) {
    let b: BaselineBuild;
    try {
      b = baselineBuild(REPO, ref, say);
    } catch (e) {
      if (!(e instanceof BaselineError)) throw e;
      say(e.message);
      process.exit(1);
    }
    if (builds.some((o) => o.build.hash === b.hash)) say(`--baseline ${ref} is ${b.short} again; run once`);
    else builds.push({ build: b, antialias: baselineAntialias(b) });
  }
  return builds;
}

// Before the output folder: an unknown ref or a failed build leaves nothing behind.
const builtBaselines = buildBaselines();
// Every run's output stays until the benchmark ends (then it is removed, unless --keep or
// --out): on ext4 without a journal (this machine's disk) a new file skips over inodes freed
// in the last seconds to minutes, so deleting one run's ~4,000 files just before the next
// made that run's file creation several times dearer (~5 % of the machine's CPU, in the
// kernel, seen with perf), a cost no real run pays.
const keep = args.includes('--keep') || value('--out') !== undefined;
const outRoot = value('--out') ?? mkdtempSync(join(tmpdir(), 'misi-bench-generate-'));
const pass = ['--limit', '--workers', '--per-complex', '--tasks', '--seed', '--test-share'].flatMap((f) =>
  value(f) === undefined ? [] : [f, value(f)!],
);
const load = () =>
  loadavg()
    .map((v) => v.toFixed(1))
    .join(' ');
const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
};

/** One run of a generate command. */
interface GenerateRun {
  rate: number;
  cpuPerImage: number;
  /** Images drawn (the rate's numerator). */
  images: number;
  distinctImages: number | undefined;
  questions: number | undefined;
  wall: number;
  loadBefore: string;
  loadAfter: string;
  /** From the manifest, when it records them. */
  renderer: string | undefined;
  antialias: string | undefined;
}

/** A command timed once per round: one of today's methods, or a baseline commit's generate. */
interface RunType {
  /** Its folder under the output root. */
  name: string;
  /** As the side by side names it (a baseline's gains its renderer after its first run). */
  label: string;
  /** As ratios to it and its runs' reports are named. */
  short: string;
  method?: AntialiasMethod;
  baseline?: BaselineBuild;
  cli: string;
  extra: string[];
  runs: GenerateRun[];
}

/**
 * The antialiasing a baseline's generate uses when not told: its --antialias default if its
 * help lists the option (it is never passed), else supersample (2 x 2, all commits before it).
 */
function baselineAntialias(b: BaselineBuild): string {
  const help = spawnSync(process.execPath, [b.cli, 'generate', '--help'], { encoding: 'utf8' });
  if (help.status !== 0) {
    say(`baseline ${b.short}: \`misi-gen generate --help\` failed (exit ${help.status}):\n${help.stderr}`);
    process.exit(1);
  }
  const option = /--antialias\b[^\n]*(?:\n(?!\s*--)[^\n]*)*/.exec(help.stdout)?.[0];
  if (!option) return 'supersample';
  const chosen = /\[default: "?([\w-]+)"?\]/.exec(option)?.[1] ?? 'its default';
  say(`baseline ${b.short} has --antialias; it is not passed, so the baseline draws with ${chosen}`);
  return chosen;
}

/** Bytes per image, annotation and question of a finished run's folder. */
function bytesLine(out: string): string {
  const b = datasetBytes(out);
  return `images ${(b.perImage / 1024).toFixed(1)} KiB each (PNG ${b.pngCompression}), annotations ${(b.perAnnotation / 1024).toFixed(1)} KiB per image (${b.annotationLayout}, ${(100 * b.annotationShare).toFixed(1)} % of the images' bytes), ${(b.perQuestion / 1024).toFixed(2)} KiB per question`;
}

async function runGenerate(label: string, cli: string, extra: string[], out: string): Promise<GenerateRun> {
  mkdirSync(out, { recursive: true });
  const loadBefore = load();
  const child = spawn(process.execPath, [cli, 'generate', '--structures', structures, '--out', out, ...extra, ...pass], {
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  let peak = 0;
  let peakProcesses = 0;
  let peakPss = 0;
  let peakNode = 0;
  /** Proportional set size of the tree: shared pages (Chromium's processes share many) counted once in total. */
  function treePss(root: number): { pss: number; node: number } {
    const pids: number[] = [];
    const queue = [root];
    while (queue.length) {
      const pid = queue.pop()!;
      pids.push(pid);
      try {
        for (const t of readdirSync(`/proc/${pid}/task`)) {
          for (const c of readFileSync(`/proc/${pid}/task/${t}/children`, 'latin1').split(' ').filter(Boolean)) queue.push(Number(c));
        }
      } catch {
        /* gone */
      }
    }
    let pss = 0;
    let node = 0;
    for (const pid of pids) {
      try {
        const kb = Number(/^Pss:\s+(\d+)/m.exec(readFileSync(`/proc/${pid}/smaps_rollup`, 'latin1'))?.[1] ?? 0) * 1024;
        pss += kb;
        if (pid === root) node = kb;
      } catch {
        /* gone */
      }
    }
    return { pss, node };
  }
  // RSS (from /proc/<pid>/stat) is cheap and read twice a second. PSS needs smaps_rollup,
  // which walks every mapping: ~55 ms of CPU for the ~25 processes of a run, so it is read
  // every 3 s (memory is flat over a run; see docs/scale.md) to keep the sampling from
  // taking the CPU it measures.
  let ticks = 0;
  // CPU of the whole tree as last seen alive (sampled, so the last half second and processes
  // that ended earlier are missed: a slight undercount, alike for every method).
  let cpu = 0;
  const sample = () => {
    if (!child.pid) return;
    const u = treeUsage([child.pid]);
    if (u.cpuSeconds > cpu) cpu = u.cpuSeconds;
    if (u.rssBytes > peak) {
      peak = u.rssBytes;
      peakProcesses = u.processes;
    }
    if (ticks++ % 6 !== 0) return;
    const p = treePss(child.pid);
    if (p.pss > peakPss) peakPss = p.pss;
    if (p.node > peakNode) peakNode = p.node;
  };
  const timer = setInterval(sample, 500);
  const t0 = performance.now();
  const code: number = await new Promise((r) => child.on('exit', (c) => r(c ?? 1)));
  clearInterval(timer);
  const wall = (performance.now() - t0) / 1000;
  if (code !== 0) {
    say(`generate (${label}) exited with ${code}`);
    process.exit(1);
  }
  // Older commits may lack a field: read what is there, say what is not.
  const readJson = (file: string): any => (existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : {});
  const manifest = readJson(datasetPaths(out).manifest);
  const run = readJson(datasetPaths(out).runLog);
  const num = (x: unknown) => (typeof x === 'number' && Number.isFinite(x) ? x : undefined);
  const shown = (x: unknown) => (x === undefined || x === null ? 'not recorded' : String(x));
  const secs = (x: unknown) => (num(x) === undefined ? '?' : num(x)!.toFixed(1));
  const distinctImages = num(manifest.distinctImages) ?? (Array.isArray(manifest.images) ? manifest.images.length : undefined);
  const drawnRecorded = num(run.images?.rendered);
  const drawn = drawnRecorded ?? distinctImages;
  if (drawn === undefined || drawn === 0) {
    say(`generate (${label}) wrote no run.json images.rendered nor manifest.json distinctImages in ${out}`);
    process.exit(1);
  }
  const questions = num(manifest.questions);
  const renderer = typeof manifest.versions?.renderer === 'string' ? manifest.versions.renderer : undefined;
  const antialias = typeof manifest.options?.antialias === 'string' ? manifest.options.antialias : undefined;
  const rate = drawn / wall;
  const cores = availableParallelism();
  const hours = (s: number) => `${(s / 3600).toFixed(1)} h`;
  const lines = [
    `antialiasing      ${label} (load average before ${loadBefore}, after ${load()})`,
    `command           ${cli} generate${extra.length ? ' ' + extra.join(' ') : ''}`,
    `renderer          ${shown(renderer)}`,
    `structures        ${structures}`,
    `complexes         ${shown(Array.isArray(manifest.complexes) ? manifest.complexes.length : undefined)}`,
    `questions         ${shown(questions)}`,
    `image references  ${shown(manifest.imageReferences)}`,
    `distinct images   ${shown(distinctImages)} (${drawnRecorded === undefined ? 'drawn not recorded in run.json; rates use the distinct images' : `${drawn} drawn`})`,
    `pages             ${shown(run.pages)} on ${cores} cores`,
    `wall time         ${wall.toFixed(1)} s (ingest ${secs(run.seconds?.ingest)}, render ${secs(run.seconds?.render)}, write ${secs(run.seconds?.write)})`,
    `images per second ${rate.toFixed(2)} end to end`,
    `CPU per image     ${((1000 * cpu) / drawn).toFixed(1)} ms (Node + browsers, sampled twice a second; what the machine could do were it not shared)`,
    `peak memory       ${(peakPss / 2 ** 20).toFixed(0)} MiB PSS of the process tree (Node + browsers; shared pages counted once); Node alone ${(peakNode / 2 ** 20).toFixed(0)} MiB`,
    `peak RSS sum      ${(peak / 2 ** 20).toFixed(0)} MiB (sum over ${peakProcesses} processes; counts pages shared between Chromium's processes once per process)`,
    `bytes             ${bytesLine(out)}`,
    `full dataset      ${FULL_IMAGES} images: ${hours(FULL_IMAGES / rate)} here; ${hours(FULL_IMAGES / ((rate * (cores + 1)) / cores))} with one more core, ${(rate / cores).toFixed(2)} images/s per core`,
  ];
  process.stdout.write(lines.join('\n') + '\n\n');
  return {
    rate,
    cpuPerImage: cpu / drawn,
    images: drawn,
    distinctImages,
    questions,
    wall,
    loadBefore,
    loadAfter: load(),
    renderer,
    antialias,
  };
}

const types: RunType[] = [
  ...methods.flatMap((m) =>
    sizeSettings.flatMap((v) =>
      pngSettings.map((png): RunType => {
        const short = (sizeSettings.length === 1 && v === 'default' ? m : `${m} size ${v}`) + (png ? ` png ${png}` : '');
        return {
          name: short.replace(/ /g, '-'),
          label: short,
          short,
          method: m,
          cli: CLI,
          extra: ['--antialias', m, ...(v === 'default' ? [] : ['--size', v]), ...(png ? ['--png-compression', png] : [])],
          runs: [],
        };
      }),
    ),
  ),
  ...builtBaselines.map(({ build: b, antialias }): RunType => {
    const short = `${antialias} @${b.short}`;
    // Never --antialias: the commits this is for have no such option.
    return { name: `baseline-${b.short}`, label: short, short, baseline: b, cli: b.cli, extra: [], runs: [] };
  }),
];
// Today's methods and the baselines alternate, round after round, so a load that changes
// over the benchmark falls on all of them alike; each round starts one further along the
// list (round 2 of edge, supersample, baseline runs supersample, baseline, edge), so the
// first run of a round, which reads the structures from a cold file cache, is not always
// the same one.
for (let i = 1; i <= warmUps; i++) {
  const t = types[0];
  process.stdout.write(`warm-up           ${i} of ${warmUps}, not counted\n`);
  await runGenerate(`${t.short} (warm-up, not counted)`, t.cli, t.extra, join(outRoot, `warm-up-${i}`));
}
for (let round = 1; round <= rounds; round++) {
  const start = (round - 1) % types.length;
  for (const t of [...types.slice(start), ...types.slice(0, start)]) {
    const out = join(outRoot, rounds > 1 ? `${t.name}-round${round}` : t.name);
    if (rounds > 1) process.stdout.write(`round             ${round} of ${rounds}\n`);
    const r = await runGenerate(t.short, t.cli, t.extra, out);
    t.runs.push(r);
    if (t.baseline && t.runs.length === 1) {
      // What the baseline's manifest says it drew with, when it says.
      if (r.antialias && `${r.antialias} @${t.baseline.short}` !== t.short) t.short = `${r.antialias} @${t.baseline.short}`;
      t.label = `${t.short} (renderer ${r.renderer ?? 'not recorded'})`;
    }
  }
}
let pymol = '';
if (!args.includes('--no-pymol')) {
  if (!pymolAvailable()) pymol = 'not found (Debian package pymol); skipped';
  else {
    const ids = readdirSync(structures).sort().slice(0, 2);
    const { complexes } = await ingest(ids.map((id) => join(structures, id)));
    const dir = join(outRoot, 'pymol');
    mkdirSync(dir, { recursive: true });
    const before = load();
    const times = await pymolTimes(complexes, 6, dir);
    const perImage = times.reduce((a, b) => a + b, 0) / times.length;
    pymol = `${(1 / perImage).toFixed(2)} images/s (ray=1, 512 x 512, ${times.length} images of ${ids.join(', ')}, one process; load average before ${before}, after ${load()})`;
  }
}
/** Medians over the rounds (a single round's own figures when there is one). */
const rate = (t: RunType) => median(t.runs.map((r) => r.rate));
const cpuPerImage = (t: RunType) => median(t.runs.map((r) => r.cpuPerImage));
const base = types.find((t) => t.method === 'supersample');
const baselines = types.filter((t) => t.baseline);
const width = Math.max(12, ...types.map((t) => t.label.length));
const ratio = (t: RunType, to: RunType) =>
  `${(rate(t) / rate(to)).toFixed(2)}x ${to.short}; CPU ${(cpuPerImage(t) / cpuPerImage(to)).toFixed(2)}x`;
const count = (xs: (number | undefined)[]) => {
  const known = [...new Set(xs.map((x) => (x === undefined ? '?' : String(x))))];
  return known.join('/');
};
process.stdout.write(
  `side by side (distinct images per second, end to end${rounds > 1 ? `; median of ${rounds} rounds, ratios of medians` : ''}):\n`,
);
for (const t of types) {
  // Today's methods against supersample and every baseline; a baseline against supersample.
  const to = [base, ...(t.baseline ? [] : baselines)].filter((o): o is RunType => o !== undefined && o !== t);
  const ratios = to.map((o) => `, ${ratio(t, o)}`).join('');
  const r0 = t.runs[0];
  const dataset = `${count(t.runs.map((r) => r.distinctImages))} distinct images, ${count(t.runs.map((r) => r.questions))} questions`;
  const loads = t.runs.map((r) => `${r.loadBefore} -> ${r.loadAfter}`).join('; ');
  const figures =
    rounds > 1
      ? `rounds ${t.runs.map((r) => r.rate.toFixed(2)).join(', ')}; ${count(t.runs.map((r) => r.images))} images in ${median(t.runs.map((r) => r.wall)).toFixed(1)} s median`
      : `${r0.images} images in ${r0.wall.toFixed(1)} s`;
  process.stdout.write(
    `  ${t.label.padEnd(width)} ${rate(t).toFixed(2)} images/s${rounds > 1 ? ' median' : ''} (${figures}, ${dataset}, CPU ${(1000 * cpuPerImage(t)).toFixed(1)} ms per image${ratios}; load average ${loads})\n`,
  );
}
if (pymol) process.stdout.write(`  ${'PyMOL'.padEnd(width)} ${pymol}\n`);
if (baselines.length) {
  const datasets = new Set(types.map((t) => `${count(t.runs.map((r) => r.distinctImages))}|${count(t.runs.map((r) => r.questions))}`));
  if (datasets.size > 1)
    process.stdout.write('  (the runs made different datasets, see distinct images and questions: compare images/s, not wall times)\n');
}
if (!keep) rmSync(outRoot, { recursive: true, force: true });
