// `npm run bench:startup [-- --runs N] [-- --bin path/to/misi-gen.js ...]`: start-up time of
// `misi-gen --version` and `misi-gen --help` (median and range of N runs, default 10, wall
// clock of the whole process), beside a bare `node -e 0` for scale. Several --bin compare
// builds in one run (e.g. an older checkout's pipeline/bin/misi-gen.js); runs are interleaved
// so a change of load hits every bin alike. Prints figures, asserts nothing; the machine's
// load (os.loadavg) is printed before and after, since absolute times vary with it.
import { spawnSync } from 'node:child_process';
import { loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

const { values } = parseArgs({ options: { runs: { type: 'string', default: '10' }, bin: { type: 'string', multiple: true } } });
const runs = Number(values.runs);
const bins = values.bin ?? [fileURLToPath(new URL('../pipeline/bin/misi-gen.js', import.meta.url))];

/** Seconds the command takes, start to exit. */
function seconds(args) {
  const start = process.hrtime.bigint();
  const r = spawnSync(process.execPath, args, { stdio: ['ignore', 'ignore', 'pipe'], encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`node ${args.join(' ')} exited ${r.status}: ${r.stderr}`);
  return Number(process.hrtime.bigint() - start) / 1e9;
}

const cases = [{ name: 'node -e 0', args: ['-e', '0'] }];
for (const bin of bins) for (const flag of ['--version', '--help']) cases.push({ name: `${bin} ${flag}`, args: [bin, flag] });
const load = () => loadavg().map((x) => x.toFixed(2)).join(', ');

console.log(`${new Date().toISOString()}  node ${process.version}  load average before: ${load()}  runs: ${runs}`);
const times = cases.map(() => []);
for (let i = 0; i < runs; i++) cases.forEach((c, k) => times[k].push(seconds(c.args)));
for (const [k, c] of cases.entries()) {
  const t = times[k].sort((a, b) => a - b);
  const median = (t[(t.length - 1) >> 1] + t[t.length >> 1]) / 2;
  console.log(`median ${median.toFixed(3)} s  (${t[0].toFixed(3)}-${t[t.length - 1].toFixed(3)})  ${c.name}`);
}
console.log(`load average after: ${load()}`);
