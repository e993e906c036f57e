// Every command at the mission's size (not a test): builds an N-complex corpus from
// ../shared (scale-corpus.ts), then runs each step once as a child process and prints its
// wall time, CPU time (user + system of the process and whatever it ran) and peak RSS (of
// the Node process, worker threads included; MMseqs2 runs as its own processes, its peak is
// printed apart), and for the split by protein the pairs aligned and skipped and the parts
// of its time (clustering, seed and exclude, audit; reading is the rest). `read` is `split
// --by complex`: reading the corpus and nothing else. The load average is printed beside
// every figure: the machine may be shared.
// Usage: npm run bench:scale -- [--n 4186[,2000,...]] [--corpus pocket|whole]
//          [--steps ingest,read,scaffold,protein,mmseqs,generate] [--dir /tmp/misi-scale] [--keep-corpus]
import { spawn } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { datasetPaths } from '../pipeline/dataset/layout.ts';
import { compareSplits } from './compare-splits.ts';
import { flagValue } from './flag-value.ts';
import { buildCorpus, type CorpusKind } from './scale-corpus.ts';

const REPO = resolve(fileURLToPath(new URL('..', import.meta.url)));
const SHARED = resolve(REPO, '../shared/structures');
const BIN = join(REPO, 'pipeline/bin/misi-gen.js');
const args = process.argv.slice(2);
const value = (flag: string, fallback: string) => flagValue(args, flag) || fallback;
const sizes = value('--n', '4186').split(',').map(Number);
const kind = value('--corpus', 'pocket') as CorpusKind;
const steps = value('--steps', 'ingest,scaffold,protein,generate').split(',');
const base = value('--dir', join(tmpdir(), 'misi-scale'));
if (!existsSync(join(SHARED, 'pdbbind'))) {
  process.stderr.write(`bench-scale: ${SHARED} not found\n`);
  process.exit(1);
}
const load = () =>
  loadavg()
    .map((l) => l.toFixed(1))
    .join(' ');

interface Run {
  wall: number;
  cpu: number;
  peakMiB: number;
  stderr: string;
  code: number | null;
}

/** Runs misi-gen under /usr/bin/time (peak RSS of the largest process); `until` stops it early. */
function run(cmd: string[], until?: () => boolean): Promise<Run> {
  const timing = join(base, 'time.txt');
  rmSync(timing, { force: true });
  return new Promise((done) => {
    const t0 = Date.now();
    const child = spawn('/usr/bin/time', ['-f', '%M %U %S', '-o', timing, process.execPath, BIN, ...cmd], {
      stdio: ['ignore', 'ignore', 'pipe'],
      detached: true,
    });
    let stderr = '';
    child.stderr.on('data', (d) => (stderr = (stderr + d).slice(-20000)));
    let wall = 0;
    const poll =
      until &&
      setInterval(() => {
        if (until()) {
          wall = (Date.now() - t0) / 1000;
          process.kill(-child.pid!, 'SIGTERM');
        }
      }, 200);
    child.once('close', (code) => {
      if (poll) clearInterval(poll);
      // A run stopped early (generate at its first image) takes /usr/bin/time with it: no peak.
      const [kib, user, system] = existsSync(timing)
        ? readFileSync(timing, 'utf8').trim().split('\n').pop()!.split(' ').map(Number)
        : [NaN, NaN, NaN];
      done({ wall: wall || (Date.now() - t0) / 1000, cpu: user + system, peakMiB: wall ? NaN : kib / 1024, stderr, code });
    });
  });
}

/** A corpus built by an earlier run (--keep-corpus): the same layout, not rebuilt. */
function keptCorpus(dir: string): { dir: string; ligands?: string; renamedShare: number } {
  const ligands = join(dir, 'ligands.tsv');
  return { dir, ...(existsSync(ligands) ? { ligands } : {}), renamedShare: NaN };
}

/** The split by protein's parts (its --verbose lines): clustering, seed and exclude, audit, and the rest (reading, writing). */
function parts(r: Run): string {
  const num = (re: RegExp) => Number(re.exec(r.stderr)?.[1] ?? NaN);
  const clustering = num(/engine [^:]*:.* seconds ([\d.]+)/),
    seeds = num(/seedSeconds ([\d.]+)/),
    audit = num(/auditSeconds ([\d.]+)/);
  if ([clustering, seeds, audit].some(Number.isNaN)) return '';
  return `; clustering ${clustering.toFixed(1)} s, seed and exclude ${seeds.toFixed(1)} s, audit ${audit.toFixed(1)} s, reading and the rest ${(r.wall - clustering - seeds - audit).toFixed(1)} s`;
}

for (const n of sizes) {
  const dir = join(base, `${kind}-${n}`);
  const t0 = Date.now();
  const corpus =
    args.includes('--keep-corpus') && existsSync(join(dir, 'corpus', 'folders'))
      ? keptCorpus(join(dir, 'corpus'))
      : buildCorpus(SHARED, join(dir, 'corpus'), n, kind);
  const inputs = [join(corpus.dir, 'folders'), ...(existsSync(join(corpus.dir, 'entries')) ? [join(corpus.dir, 'entries')] : [])];
  const ligands = corpus.ligands ? ['--ligands', corpus.ligands] : [];
  console.log(
    `corpus ${kind} N=${n}: ${Number.isNaN(corpus.renamedShare) ? 'kept from an earlier run' : `built in ${((Date.now() - t0) / 1000).toFixed(0)} s, ${(100 * corpus.renamedShare).toFixed(1)} % of residues renamed`} (${corpus.dir})`,
  );
  for (const step of steps) {
    const out = join(dir, `out-${step}`);
    rmSync(out, { recursive: true, force: true });
    const before = load();
    let r: Run;
    if (step === 'ingest') r = await run(['ingest', ...inputs, ...ligands, '--out', out]);
    else if (step === 'read') r = await run(['split', '--structures', ...inputs, ...ligands, '--by', 'complex', '--out', out]);
    else if (step === 'scaffold') r = await run(['split', '--structures', ...inputs, ...ligands, '--by', 'scaffold', '--out', out]);
    else if (step === 'protein' || step === 'mmseqs')
      r = await run([
        'split',
        '--structures',
        ...inputs,
        ...ligands,
        '--by',
        'protein',
        '--cluster-engine',
        step === 'mmseqs' ? 'mmseqs' : 'exact',
        '--verbose',
        '--allow-short',
        '--out',
        out,
      ]);
    else if (step === 'generate') {
      const images = datasetPaths(out).images;
      const firstImage = () => existsSync(images) && readdirSync(images).some((f) => f.endsWith('.png'));
      r = await run(
        [
          'generate',
          '--structures',
          ...inputs,
          ...ligands,
          '--limit',
          '20',
          '--split-by',
          'protein',
          '--tasks',
          'translation',
          '--out',
          out,
        ],
        firstImage,
      );
    } else throw new Error(`unknown step ${step}`);
    const summary = r.stderr
      .split('\n')
      .filter((l) => /^(ingest: \d+ complexes|split by|split: (exact|mmseqs) engine|split: aimed|split: seed and exclude)/.test(l))
      .join(' | ');
    console.log(
      `  ${step.padEnd(8)} wall ${r.wall.toFixed(1)} s, CPU ${r.cpu.toFixed(1)} s, peak RSS ${Number.isNaN(r.peakMiB) ? 'n/a (stopped)' : `${r.peakMiB.toFixed(0)} MiB`}, exit ${r.code}; load ${before} -> ${load()}; ${summary}${parts(r)}`,
    );
    if (r.code !== 0 && step !== 'generate') console.log(r.stderr.slice(-2000));
  }
  // Both engines' splits of this corpus (from this run or an earlier one): their agreement.
  const exact = datasetPaths(join(dir, 'out-protein')).split,
    mmseqs = datasetPaths(join(dir, 'out-mmseqs')).split;
  if (existsSync(exact) && existsSync(mmseqs)) {
    const read = (p: string) => JSON.parse(readFileSync(p, 'utf8'));
    console.log(`  mmseqs against exact: ${JSON.stringify(compareSplits(read(exact), read(mmseqs)))}`);
  }
}
