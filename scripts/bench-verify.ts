// `misi-gen verify` on a generated dataset, not a test: the whole check (every file against
// its digest, every record read and counted), then again with --answers (every answer derived
// again from its truth), each timed, with the files and bytes read and the load average.
// Usage: npm run bench:verify -- DIR [--rounds 2]
import { statSync } from 'node:fs';
import { loadavg } from 'node:os';
import { openDataset } from '../pipeline/dataset/read-dataset.ts';
import { verifyDataset } from '../pipeline/verify/verify-dataset.ts';
import { flagValue } from './flag-value.ts';

const args = process.argv.slice(2);
const rounds = Number(flagValue(args, '--rounds') ?? 2);
const dir = args.find((a) => !a.startsWith('--') && a !== flagValue(args, '--rounds'));
if (!dir) {
  console.error('usage: npm run bench:verify -- DIR [--rounds 2]');
  process.exit(2);
}
const load = () =>
  loadavg()
    .map((l) => l.toFixed(1))
    .join(' ');

const manifest = openDataset(dir, { manifest: 'required' }).manifest!;
const recorded = [...(manifest.images ?? []), ...(manifest.files ?? [])];
let bytes = 0;
for (const f of recorded) bytes += statSync(`${dir}/${f.path}`, { throwIfNoEntry: false })?.size ?? 0;
console.log(`${dir}: ${recorded.length} files with a digest, ${(bytes / 2 ** 30).toFixed(2)} GiB; load average before: ${load()}`);
for (let round = 1; round <= rounds; round++) {
  for (const answers of [false, true]) {
    const started = process.hrtime.bigint();
    const cpu = process.cpuUsage();
    const r = verifyDataset(dir, { answers });
    const seconds = Number(process.hrtime.bigint() - started) / 1e9;
    const used = process.cpuUsage(cpu);
    console.log(
      `round ${round}, verify${answers ? ' --answers' : ''}: ${seconds.toFixed(1)} s wall, ${((used.user + used.system) / 1e6).toFixed(1)} s CPU; ${r.records} records, ${r.files} files by sha256${answers ? `, ${r.answers} answers derived` : ''}; ${r.problems.length} problems; load ${load()}`,
    );
  }
}
