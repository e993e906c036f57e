// End-to-end throughput and memory of `misi-gen generate` (not a test): runs the command as
// a child process on ../shared/structures/pdbbind (all tasks at default counts unless
// told), once per antialiasing method (default: the default method, then supersample), and samples
// the resident memory of its whole process tree (Node and every browser process) from /proc
// twice a second. Prints, per method, complexes, questions, distinct images, wall time,
// images per second, peak RSS, and the projection to the full dataset (~588k images) on
// this machine and per added core (assuming pages scale with cores); then the methods side
// by side with PyMOL's ray-traced PNGs of the first two complexes (six images each) timed
// in the same run, and the load average beside every figure.
// Usage: node --import tsx scripts/bench-generate.ts [--limit N] [--workers N]
//          [--antialias edge,supersample] [--no-pymol]
//          [--per-complex ...] [--tasks ...] [--structures path] [--out dir] [--keep]
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { treeUsage } from '../renders/process-usage.ts';
import { ANTIALIAS_METHODS, DEFAULT_ANTIALIAS, type AntialiasMethod } from '../renders/style.ts';
import { ingest } from '../structures/ingest.ts';
import { pymolAvailable, pymolTimes } from '../pipeline/bench/pymol-bench.ts';
import { flagValue } from './flag-value.ts';

const REPO = resolve(fileURLToPath(new URL('..', import.meta.url)));
const FULL_IMAGES = 588_000;
const args = process.argv.slice(2);
const value = (flag: string) => flagValue(args, flag);
const structures = value('--structures') ?? resolve(REPO, '../shared/structures/pdbbind');
if (!existsSync(structures)) {
  process.stderr.write(`bench-generate: ${structures} not found\n`);
  process.exit(1);
}
const methods = (value('--antialias') ?? `${DEFAULT_ANTIALIAS},supersample`).split(',').map((m) => m.trim()) as AntialiasMethod[];
if (methods.some((m) => !ANTIALIAS_METHODS.includes(m))) {
  process.stderr.write(`bench-generate: --antialias takes ${ANTIALIAS_METHODS.join(', ')}, comma-separated\n`);
  process.exit(2);
}
const outRoot = value('--out') ?? mkdtempSync(join(tmpdir(), 'misi-bench-generate-'));
const pass = ['--limit', '--workers', '--per-complex', '--tasks', '--seed', '--test-share'].flatMap((f) => (value(f) === undefined ? [] : [f, value(f)!]));
const load = () => loadavg().map((v) => v.toFixed(1)).join(' ');
interface MethodRun { method: AntialiasMethod; rate: number; cpuPerImage: number; images: number; wall: number; loadBefore: string; loadAfter: string }

async function runGenerate(method: AntialiasMethod): Promise<MethodRun> {
  const out = join(outRoot, method);
  mkdirSync(out, { recursive: true });
  const loadBefore = load();
  const child = spawn(process.execPath, [join(REPO, 'pipeline/bin/misi-gen.js'), 'generate', '--structures', structures, '--out', out, '--antialias', method, ...pass], {
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
      } catch { /* gone */ }
    }
    let pss = 0;
    let node = 0;
    for (const pid of pids) {
      try {
        const kb = Number(/^Pss:\s+(\d+)/m.exec(readFileSync(`/proc/${pid}/smaps_rollup`, 'latin1'))?.[1] ?? 0) * 1024;
        pss += kb;
        if (pid === root) node = kb;
      } catch { /* gone */ }
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
    process.stderr.write(`bench-generate: generate exited with ${code}\n`);
    process.exit(1);
  }
  const manifest = JSON.parse(readFileSync(join(out, 'manifest.json'), 'utf8'));
  const run = JSON.parse(readFileSync(join(out, 'run.json'), 'utf8'));
  const rate = run.images.rendered / wall;
  const cores = availableParallelism();
  const hours = (s: number) => `${(s / 3600).toFixed(1)} h`;
  const lines = [
    `antialiasing      ${method} (load average before ${loadBefore}, after ${load()})`,
    `structures        ${structures}`,
    `complexes         ${manifest.complexes.length}`,
    `questions         ${manifest.questions}`,
    `image references  ${manifest.imageReferences}`,
    `distinct images   ${manifest.distinctImages} (${run.images.rendered} drawn)`,
    `pages             ${run.pages} on ${cores} cores`,
    `wall time         ${wall.toFixed(1)} s (ingest ${run.seconds.ingest.toFixed(1)}, render ${run.seconds.render.toFixed(1)}, write ${run.seconds.write.toFixed(1)})`,
    `images per second ${rate.toFixed(2)} end to end`,
    `CPU per image     ${((1000 * cpu) / run.images.rendered).toFixed(1)} ms (Node + browsers, sampled twice a second; what the machine could do were it not shared)`,
    `peak memory       ${(peakPss / 2 ** 20).toFixed(0)} MiB PSS of the process tree (Node + browsers; shared pages counted once); Node alone ${(peakNode / 2 ** 20).toFixed(0)} MiB`,
    `peak RSS sum      ${(peak / 2 ** 20).toFixed(0)} MiB (sum over ${peakProcesses} processes; counts pages shared between Chromium's processes once per process)`,
    `full dataset      ${FULL_IMAGES} images: ${hours(FULL_IMAGES / rate)} here; ${hours(FULL_IMAGES / (rate * (cores + 1) / cores))} with one more core, ${(rate / cores).toFixed(2)} images/s per core`,
  ];
  process.stdout.write(lines.join('\n') + '\n\n');
  return { method, rate, cpuPerImage: cpu / run.images.rendered, images: run.images.rendered, wall, loadBefore, loadAfter: load() };
}

const runs: MethodRun[] = [];
for (const m of methods) runs.push(await runGenerate(m));
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
const base = runs.find((r) => r.method === 'supersample');
process.stdout.write('side by side (distinct images per second, end to end):\n');
for (const r of runs) {
  const ratio = base && r !== base ? `, ${(r.rate / base.rate).toFixed(2)}x supersample; CPU ${(r.cpuPerImage / base.cpuPerImage).toFixed(2)}x` : '';
  process.stdout.write(`  ${r.method.padEnd(12)} ${r.rate.toFixed(2)} images/s (${r.images} images in ${r.wall.toFixed(1)} s, CPU ${(1000 * r.cpuPerImage).toFixed(1)} ms per image${ratio}; load average ${r.loadBefore} -> ${r.loadAfter})\n`);
}
if (pymol) process.stdout.write(`  ${'PyMOL'.padEnd(12)} ${pymol}\n`);
if (!args.includes('--keep') && value('--out') === undefined) rmSync(outRoot, { recursive: true, force: true });
