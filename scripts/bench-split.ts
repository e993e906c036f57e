// The split by protein on a synthetic whole-chain corpus (split-corpus.ts: families of
// related sequences, near duplicates, multi-chain entries), not a test: clustering by the
// chosen engine, then seed and exclude and the audit, as `misi-gen split` runs them after
// reading. Prints aimed vs achieved, the excluded share, the nearest-identity histogram,
// the largest groups and their sides, and wall and CPU times (of this process and its
// threads; MMseqs2 runs as processes of its own, counted apart) with the load average.
// Usage: npm run bench:split -- [--n 4000] [--engine exact|mmseqs] [--seed 0] [--corpus-seed 1] [--threads N]
import { loadavg } from 'node:os';
import { DEFAULT_TEST_SHARE, splitFromGrouping } from '../pipeline/generate/split.ts';
import { type ClusterEngine, groupSummaries } from '../pipeline/split/group-complexes.ts';
import { describeSplit } from '../pipeline/split/split-args.ts';
import { achievedLine, largestGroups, nearestHistogram, shortfall } from '../pipeline/split/split-report.ts';
import { TEST } from '../qa/split-names.ts';
import { flagValue } from './flag-value.ts';
import { buildSplitCorpus } from './split-corpus.ts';

const args = process.argv.slice(2);
const n = Number(flagValue(args, '--n') ?? 4000);
const engine = (flagValue(args, '--engine') ?? 'exact') as ClusterEngine;
const seed = Number(flagValue(args, '--seed') ?? 0);
const threads = flagValue(args, '--threads');
const load = () =>
  loadavg()
    .map((l) => l.toFixed(1))
    .join(' ');

let t = Date.now();
const { items, families } = buildSplitCorpus(n, Number(flagValue(args, '--corpus-seed') ?? 1));
const chains = items.reduce((a, i) => a + i.whole!.length, 0);
const residues = items.reduce((a, i) => a + i.whole!.reduce((b, s) => b + s.length, 0), 0);
console.log(
  `corpus: ${n} complexes, ${families} families, ${chains} chains (${items.filter((i) => i.whole!.length > 1).length} multi-chain entries), ${residues} residues; built in ${((Date.now() - t) / 1000).toFixed(1)} s`,
);
const started = Date.now();
const before = load();
const cpu0 = process.cpuUsage();
t = Date.now();
const grouping = await groupSummaries(
  items.map((sequences) => ({ id: sequences.id, sequences })),
  { by: 'protein', threshold: 0.3, engine },
);
const clustering = (Date.now() - t) / 1000;
const split = splitFromGrouping(grouping, {
  by: 'protein',
  seed,
  testShare: DEFAULT_TEST_SHARE,
  threshold: 0.3,
  engine,
  ...(threads ? { threads: Number(threads) } : {}),
});
const wall = (Date.now() - started) / 1000;
const used = process.cpuUsage(cpu0);
const cpu = (used.user + used.system) / 1e6;
const f = split.file;
console.log(describeSplit(f));
console.log(achievedLine(f));
console.log(`every test complex has nearest: ${f.complexes.filter((c) => c.side === TEST).every((c) => c.nearest)}`);
for (const l of [...nearestHistogram(f), ...largestGroups(f, 8)]) console.log(l);
const w = split.protein!.work;
console.log(
  `engine ${engine}: clustering ${clustering.toFixed(1)} s; seed and exclude ${w.seedSeconds.toFixed(1)} s (${w.seeds} seeds, ${w.regions} regions, ${w.rows} rows, ${w.searches} searches for a neighbour, ${w.searchesFound} ended early); audit ${w.auditSeconds.toFixed(1)} s (${f.achieved!.pairsAudited} pairs); ${w.threads} threads; wall ${wall.toFixed(1)} s, CPU ${cpu.toFixed(1)} s (this process); load ${before} -> ${load()}`,
);
const short = shortfall(f);
if (short) console.log(`SHORT: ${short}`);
