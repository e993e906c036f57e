// `npm run bench:ingest`: complexes per second for reading the PDBbind complexes of
// ../shared/structures (or the bundled sample when absent). Prints figures; asserts nothing.
import { existsSync } from 'node:fs';
import { cpus } from 'node:os';
import { ingest } from '../structures/ingest.ts';
import { rdkit } from '../structures/rdkit-ligand.ts';

const shared = '../shared/structures/pdbbind';
const input = process.argv[2] ?? (existsSync(shared) ? shared : 'structures/sample');
const t0 = performance.now();
await rdkit();
const t1 = performance.now();
const { complexes, rejects } = await ingest([input]);
const t2 = performance.now();
const secs = (t2 - t1) / 1000;
const atoms = complexes.reduce((s, c) => s + c.pocket.reduce((n, r) => n + r.atoms.length, 0) + c.ligand.atoms.length, 0);
console.log(`input: ${input}`);
console.log(`machine: ${cpus().length} cores (${cpus()[0]?.model ?? 'unknown'}), node ${process.version}`);
console.log(`RDKit load: ${((t1 - t0) / 1000).toFixed(2)} s (once per process)`);
console.log(`read ${complexes.length} complexes (${rejects.length} rejected, ${atoms} atoms) in ${secs.toFixed(2)} s: ${(complexes.length / secs).toFixed(1)} complexes/s`);
console.log(`peak RSS: ${(process.resourceUsage().maxRSS / 1024).toFixed(0)} MiB`);
