// Benchmark of the H-bond stage: ingest every complex first (not timed as part of the stage),
// then time typing + finding for all of them. Prints the figures; no assertion.
// Usage: node --import tsx scripts/bench-hbonds.ts [pdbbind-dir] [--repeat N]

import { storeHBonds } from '../structures/hbonds/find-hbonds.ts';
import { ingest } from '../structures/ingest.ts';

const args = process.argv.slice(2);
const k = args.indexOf('--repeat');
const repeat = k >= 0 ? Number(args.splice(k, 2)[1]) : 3;
const root = args[0] ?? '../shared/structures/pdbbind';

const t0 = performance.now();
const { complexes } = await ingest([root]);
const t1 = performance.now();
console.log(`ingest: ${complexes.length} complexes in ${((t1 - t0) / 1000).toFixed(2)} s (not part of the H-bond stage)`);
for (let run = 1; run <= repeat; run++) {
  const s = performance.now();
  let bonds = 0;
  let slowest = { id: '', ms: 0 };
  for (const c of complexes) {
    const a = performance.now();
    const found = storeHBonds(c);
    const ms = performance.now() - a;
    if (ms > slowest.ms) slowest = { id: c.id, ms };
    bonds += found.length;
  }
  const total = performance.now() - s;
  console.log(
    `hbonds run ${run}: ${complexes.length} complexes, ${bonds} bonds, ${(total / 1000).toFixed(2)} s total, ${(total / complexes.length).toFixed(1)} ms/complex, slowest ${slowest.id} ${slowest.ms.toFixed(0)} ms`,
  );
}
