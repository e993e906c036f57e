import { fileURLToPath } from 'node:url';
import { murckoScaffoldOf } from '../structures/grouping/murcko-scaffold.ts';
import { pocketSequence } from '../structures/grouping/pocket-sequence.ts';
import { clusterBySequence } from '../structures/grouping/sequence-clusters.ts';
import { ingest } from '../structures/ingest.ts';

const paths = process.argv.slice(2);
const inputs = paths.length ? paths : [fileURLToPath(new URL('../../shared/structures/pdbbind', import.meta.url))];
const ms = (t: bigint) => Number(process.hrtime.bigint() - t) / 1e6;

let t = process.hrtime.bigint();
const { complexes, rejects } = await ingest(inputs);
const ingestMs = ms(t);

t = process.hrtime.bigint();
const scaffolds = new Map<string, number>();
let failed = 0;
for (const c of complexes) {
  const r = await murckoScaffoldOf(c.ligand);
  if (r.smiles === null) failed++;
  else scaffolds.set(r.smiles, (scaffolds.get(r.smiles) ?? 0) + 1);
}
const scaffoldMs = ms(t);

t = process.hrtime.bigint();
const items = complexes.map((c) => ({ id: c.id, sequences: pocketSequence(c).map((s) => s.sequence) }));
const sequenceMs = ms(t);
t = process.hrtime.bigint();
const clusters = clusterBySequence(items, 0.3);
const clusterMs = ms(t);

const largest = Math.max(...[...clusters.members.values()].map((m) => m.length));
console.log(`complexes: ${complexes.length} (${rejects.length} rejected), ingest ${ingestMs.toFixed(0)} ms (not part of the grouping)`);
console.log(
  `scaffolds: ${scaffoldMs.toFixed(0)} ms (${(scaffoldMs / complexes.length).toFixed(1)} ms per ligand), ${scaffolds.size} distinct, ${scaffolds.get('') ?? 0} acyclic, ${failed} without a scaffold`,
);
console.log(
  `pocket sequences: ${sequenceMs.toFixed(0)} ms; clusters at 30 %: ${clusterMs.toFixed(0)} ms, ${clusters.members.size} clusters, largest ${largest}`,
);
console.log(
  `grouping total: ${(scaffoldMs + sequenceMs + clusterMs).toFixed(0)} ms; load average ${(await import('node:os'))
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(' ')}`,
);
