// `npm test`: builds dist/ (scripts/build.js), so tests that spawn the `misi-gen` bin run the
// current code, then runs every test/**/*.test.ts with node's test runner (through tsx), each
// file in its own process, two files at a time where there are two cores (files are
// independent: their own temporary folders, ports chosen by the system, one browser per
// run). Node 20's runner cannot expand globs itself. Arguments narrow the set:
// `npm test -- test/renders`; `--jobs N` (or MISI_TEST_JOBS=N) runs N files at a time, 1 one
// after another. Each file's output is printed whole when it ends, under a line with its
// time; the end lists the slowest files and the counts. MISI_TEST_TIMES=FILE also writes
// each file's seconds there (tab-separated), for comparing runs.

import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import fg from 'fast-glob';

/**
 * Files known to take long, started first so that the lanes end together instead of one long
 * file running alone at the end: seconds each took in a run of the whole suite one file at a
 * time (2026, a shared 2-core machine at load ~15; an idle one takes about a third). A file
 * not listed counts as short; the list orders the work and changes nothing else.
 */
const LONG = {
  'test/pipeline/mixed-corpus.test.ts': 207,
  'test/pipeline/crash-resume.test.ts': 183,
  'test/pipeline/input-paths.test.ts': 146,
  'test/pipeline/mmseqs-engine.test.ts': 112,
  'test/pipeline/generate.test.ts': 107,
  'test/structures/grouping/fast-clusters.test.ts': 102,
  'test/pipeline/preview.test.ts': 101,
  'test/pipeline/eval-cli.test.ts': 95,
  'test/renders/render-crash.test.ts': 90, // 48 shots three times, a 20 s hang waited out
  'test/pipeline/split-buffer-val.test.ts': 91,
  'test/pipeline/hbond-tasks-generate.test.ts': 72,
  'test/pipeline/export-formats.test.ts': 70,
  'test/renders/image-socket.test.ts': 62,
  'test/pipeline/browse/browse-site.test.ts': 90, // Chromium drives the site and its 3D view (software WebGL), at load 17
  'test/pipeline/fetch.test.ts': 58,
  'test/pipeline/run-summary.test.ts': 58,
};

const args = process.argv.slice(2);
let jobs = Number(process.env.MISI_TEST_JOBS ?? Math.min(2, availableParallelism()));
const filters = [];
for (let i = 0; i < args.length; i++) {
  if (args[i] === '--jobs') jobs = Number(args[++i]);
  else if (args[i].startsWith('--jobs=')) jobs = Number(args[i].slice('--jobs='.length));
  else filters.push(args[i]);
}
if (!(Number.isInteger(jobs) && jobs >= 1)) {
  console.error(
    `--jobs (or MISI_TEST_JOBS) must be a whole number of files at a time, 1 or more; got ${process.env.MISI_TEST_JOBS ?? args.join(' ')}`,
  );
  process.exit(2);
}
const files = (await fg('test/**/*.test.ts', { onlyFiles: true }))
  .sort()
  .filter((f) => filters.length === 0 || filters.some((x) => f.startsWith(x.replace(/^\.\//, '')) || f.includes(x)));
if (files.length === 0) {
  console.error(`no test files match ${filters.join(' ') || 'test/**/*.test.ts'}`);
  process.exit(1);
}
const built = spawnSync(process.execPath, [new URL('./build.js', import.meta.url).pathname], { stdio: 'inherit' });
if (built.status !== 0) process.exit(built.status ?? 1);

const reporter = new URL('./test-counts-reporter.mjs', import.meta.url).pathname;
const scratch = mkdtempSync(join(tmpdir(), 'misi-run-tests-'));
// dist/ was just built from these sources: a test that would build it again first (so that it
// is current when the file runs alone) leaves it be, instead of rebuilding it under the feet
// of a file running beside it.
const env = { ...process.env, MISI_TEST_DIST_BUILT: '1' };
const started = Date.now();
const seconds = (from) => ((Date.now() - from) / 1000).toFixed(1);

/**
 * tsx's loader by its full URL: worker threads inherit `--import`, and a bare `tsx` is looked
 * up from the working folder, which a test running the CLI in-process sets to a temporary one.
 */
const TSX = import.meta.resolve('tsx');

/** Runs one file in its own process; resolves with its outcome once its output is printed. */
function runFile(file, index) {
  const countsFile = join(scratch, `${index}.json`);
  const from = Date.now();
  const child = spawn(
    process.execPath,
    [
      '--import',
      TSX,
      '--test-reporter=spec',
      '--test-reporter-destination=stdout',
      `--test-reporter=${reporter}`,
      `--test-reporter-destination=${countsFile}`,
      file,
    ],
    { env, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  const output = [];
  child.stdout.on('data', (d) => output.push(d));
  child.stderr.on('data', (d) => output.push(d));
  return new Promise((resolve) => {
    child.on('close', (code, signal) => {
      let counts = { pass: 0, fail: 0, skip: 0, todo: 0 };
      try {
        counts = JSON.parse(readFileSync(countsFile, 'utf8'));
      } catch {
        // No counts: the file stopped before its tests were reported (the output says why).
      }
      const ok = code === 0 && counts.fail === 0;
      const time = (Date.now() - from) / 1000;
      const tally = `${counts.pass} pass${counts.fail ? `, ${counts.fail} fail` : ''}${counts.skip ? `, ${counts.skip} skipped` : ''}`;
      process.stdout.write(
        `\n${ok ? '✔' : '✖'} ${file} (${time.toFixed(1)} s, ${tally}${ok ? '' : `, exit ${signal ?? code}`}) [${seconds(started)} s]\n${Buffer.concat(output).toString('utf8')}`,
      );
      resolve({ file, ok, time, counts });
    });
  });
}

// Longest first, then the rest in name order; `jobs` lanes take the next file as they free up.
const queue = [...files].sort((a, b) => (LONG[b] ?? 0) - (LONG[a] ?? 0));
const results = [];
let next = 0;
const lane = async () => {
  while (next < queue.length) {
    const i = next++;
    results.push(await runFile(queue[i], i));
  }
};
const lanes = Math.min(jobs, queue.length);
const plural = (n, word) => `${n} ${word}${n === 1 ? '' : 's'}`;
process.stdout.write(`npm test: ${plural(files.length, 'file')}, ${lanes} at a time\n`);
await Promise.all(Array.from({ length: lanes }, lane));
rmSync(scratch, { recursive: true, force: true });

const total = (key) => results.reduce((s, r) => s + r.counts[key], 0);
const failed = results.filter((r) => !r.ok);
const slowest = [...results].sort((a, b) => b.time - a.time).slice(0, 12);
process.stdout.write(`\nslowest files: ${slowest.map((r) => `${r.file} ${r.time.toFixed(1)} s`).join(', ')}\n`);
if (process.env.MISI_TEST_TIMES)
  writeFileSync(process.env.MISI_TEST_TIMES, results.map((r) => `${r.time.toFixed(1)}\t${r.file}\n`).join(''));
const sum = results.reduce((s, r) => s + r.time, 0);
process.stdout.write(
  `npm test: ${plural(results.length, 'file')}, ${total('pass')} tests passed, ${total('fail')} failed, ${total('skip')} skipped; ${seconds(started)} s wall, ${lanes} at a time (the files' own times add up to ${sum.toFixed(0)} s)\n`,
);
if (failed.length) {
  process.stdout.write(`failed: ${failed.map((r) => r.file).join(', ')}\n`);
  process.exit(1);
}
