// `npm run bench:ingest -- [INPUT] [--threads 1,2] [--compare-reader DIR] [--rounds N]`:
// how fast structures are read. Prints figures; asserts nothing.
// 1. The PDB reader alone: every .pdb file under INPUT parsed in memory, N rounds; lines per
//    second of CPU time (the process's user + system time, less sensitive than the wall
//    clock to a loaded machine) and of wall time, best round. With --compare-reader DIR (an
//    older tree, e.g. `git archive b4f670a | tar -x -C DIR`), that tree's
//    structures/read-pdb.ts is measured the same way, rounds interleaved with this one's.
// 2. Ingest (complexes with H-bonds, as `misi-gen ingest` reads them) on each thread count
//    of --threads: wall time and complexes per second, and whether every thread count
//    gave the same complexes.
// INPUT: ../shared/structures/pdbbind (or the bundled sample when absent); give
// ../shared/structures for every layout (PDBbind, protein + ligand, whole entries).
import { existsSync, readFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { resolve } from 'node:path';
import fg from 'fast-glob';
import { ingestEachInThreads } from '../pipeline/read-pool/read-in-threads.ts';
import { rdkit } from '../structures/rdkit-ligand.ts';
import { parsePdb } from '../structures/read-pdb.ts';

const args = process.argv.slice(2);
const flag = (name: string) => {
  const i = args.indexOf(name);
  return i >= 0 ? args.splice(i, 2)[1] : undefined;
};
const threadCounts = (flag('--threads') ?? '1,2').split(',').map(Number);
const compare = flag('--compare-reader');
const rounds = Number(flag('--rounds') ?? 5);
const shared = '../shared/structures/pdbbind';
const input = args[0] ?? (existsSync(shared) ? shared : 'structures/sample');
const ligands = [resolve(input, 'pdb-entries/ligands.tsv'), resolve(input, 'ligands.tsv')].find(existsSync);
const load = () =>
  loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');

console.log(`input: ${input}`);
console.log(`machine: ${cpus().length} cores (${cpus()[0]?.model ?? 'unknown'}), node ${process.version}; load average ${load()}`);

// 1. The reader alone.
const files = (await fg('**/*.pdb', { cwd: input, absolute: true })).sort();
const texts = files.map((f) => readFileSync(f, 'utf8'));
const lines = texts.reduce((n, t) => n + t.split('\n').length, 0);
type Parse = (text: string, file: string) => unknown;
const readers: Array<[string, Parse]> = [['this tree', parsePdb]];
if (compare) readers.push([compare, ((await import(resolve(compare, 'structures/read-pdb.ts'))) as { parsePdb: Parse }).parsePdb]);
const best = new Map<string, { cpu: number; wall: number }>();
for (let r = 0; r < rounds; r++) {
  for (const [name, parse] of readers) {
    const c0 = process.cpuUsage();
    const t0 = performance.now();
    for (let i = 0; i < texts.length; i++) parse(texts[i], files[i]);
    const wall = (performance.now() - t0) / 1000;
    const c = process.cpuUsage(c0);
    const cpu = (c.user + c.system) / 1e6;
    const b = best.get(name);
    best.set(name, { cpu: Math.min(cpu, b?.cpu ?? Infinity), wall: Math.min(wall, b?.wall ?? Infinity) });
  }
}
console.log(`PDB reader: ${files.length} files, ${lines} lines, best of ${rounds} rounds:`);
for (const [name, b] of best) {
  console.log(
    `  ${name}: ${(lines / b.cpu / 1e6).toFixed(2)} M lines/s of CPU (${b.cpu.toFixed(2)} s), ${(lines / b.wall / 1e6).toFixed(2)} M lines/s of wall (${b.wall.toFixed(2)} s)`,
  );
}

// 2. Ingest on each thread count.
await rdkit();
let first: string | null = null;
for (const threads of threadCounts) {
  const before = load();
  const out: string[] = [];
  const t0 = performance.now();
  const c0 = process.cpuUsage();
  const r = await ingestEachInThreads(
    [input],
    { ligandsFile: ligands, hbonds: {} },
    (c) => {
      out.push(JSON.stringify(c));
    },
    threads,
  );
  const secs = (performance.now() - t0) / 1000;
  const c = process.cpuUsage(c0); // every thread of the process, workers included
  const joined = out.join('\n');
  first ??= joined;
  console.log(
    `ingest on ${threads} thread${threads > 1 ? 's' : ''}: ${r.count} complexes (${r.rejects.length} rejected) in ${secs.toFixed(2)} s wall, ${(r.count / secs).toFixed(1)} complexes/s, ${((c.user + c.system) / 1e6).toFixed(1)} s CPU (all threads); ${joined === first ? 'same complexes as the first count' : 'DIFFERENT complexes from the first count'}; load ${before} -> ${load()}`,
  );
}
console.log(`peak RSS: ${(process.resourceUsage().maxRSS / 1024).toFixed(0)} MiB`);
