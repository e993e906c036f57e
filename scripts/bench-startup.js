// `npm run bench:startup [-- --runs N] [-- --bin path/to/misi-gen.js ...]`: start-up time of
// `misi-gen --version` and `misi-gen --help` (median and range of N runs, default 10, wall
// clock of the whole process), beside a bare `node -e 0` for scale. Several --bin compare
// builds in one run (e.g. an older checkout's pipeline/bin/misi-gen.js); runs are interleaved
// so a change of load hits every bin alike. Beside the wall clock, the CPU time the process
// used (user + system, from /proc/self/stat on Linux, 10 ms ticks): on a busy machine the
// wall clock is mostly waiting for a core, the CPU time much less so. Prints figures, asserts
// nothing; the machine's load (os.loadavg) is printed before and after.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

const { values } = parseArgs({ options: { runs: { type: 'string', default: '10' }, bin: { type: 'string', multiple: true } } });
const runs = Number(values.runs);
const bins = values.bin ?? [fileURLToPath(new URL('../pipeline/bin/misi-gen.js', import.meta.url))];

/** CPU seconds of this process's waited-for children (cutime + cstime), or NaN off Linux. */
function childCpu() {
  if (!existsSync('/proc/self/stat')) return NaN;
  const fields = readFileSync('/proc/self/stat', 'utf8').split(') ')[1].split(' ');
  return (Number(fields[13]) + Number(fields[14])) / 100;
}

/** Wall and CPU seconds the command takes, start to exit. */
function measure(args) {
  const cpu = childCpu();
  const start = process.hrtime.bigint();
  const r = spawnSync(process.execPath, args, { stdio: ['ignore', 'ignore', 'pipe'], encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`node ${args.join(' ')} exited ${r.status}: ${r.stderr}`);
  return { wall: Number(process.hrtime.bigint() - start) / 1e9, cpu: childCpu() - cpu };
}

const median = (xs) => {
  const t = [...xs].sort((a, b) => a - b);
  return { median: (t[(t.length - 1) >> 1] + t[t.length >> 1]) / 2, min: t[0], max: t[t.length - 1] };
};

const cases = [{ name: 'node -e 0', args: ['-e', '0'] }];
for (const bin of bins) for (const flag of ['--version', '--help']) cases.push({ name: `${bin} ${flag}`, args: [bin, flag] });
const load = () =>
  loadavg()
    .map((x) => x.toFixed(2))
    .join(', ');

console.log(`${new Date().toISOString()}  node ${process.version}  load average before: ${load()}  runs: ${runs}`);
const results = cases.map(() => []);
for (let i = 0; i < runs; i++) cases.forEach((c, k) => results[k].push(measure(c.args)));
console.log('wall median (min-max)        CPU median   command');
for (const [k, c] of cases.entries()) {
  const wall = median(results[k].map((r) => r.wall));
  const cpu = median(results[k].map((r) => r.cpu));
  console.log(`${wall.median.toFixed(3)} s (${wall.min.toFixed(3)}-${wall.max.toFixed(3)})  ${cpu.median.toFixed(2)} s       ${c.name}`);
}
console.log(`load average after: ${load()}`);
