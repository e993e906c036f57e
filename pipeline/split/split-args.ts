// The split options `generate` and `split` share: --split-by and --cluster-threshold, and a
// one-line summary of a split for stderr.
import type { Argv } from 'yargs';
import { VAL } from '../../qa/split-names.ts';
import { CLUSTER_ENGINES, type ClusterEngine, DEFAULT_CLUSTER_THRESHOLD, SPLIT_BY, type SplitBy } from './group-complexes.ts';
import { BUFFERS, type BufferSide, DEFAULT_MAX_EXCLUDED } from './split-by-protein.ts';
import type { SplitFile } from './split-file.ts';
import { SPLIT_DATE } from './time-split.ts';

export interface SplitArgs {
  'split-by': SplitBy;
  'cluster-threshold': number;
  'cluster-engine': ClusterEngine;
  'max-excluded': number;
  'allow-short': boolean;
  buffer: BufferSide;
  'split-date'?: string;
  index?: string;
}

/** A threshold given as a fraction (0.3) or a percentage (30): the fraction. */
export function thresholdFraction(value: number): number {
  return value > 1 ? value / 100 : value;
}

/** --split-by (alias --by), --cluster-threshold and --cluster-engine. */
export function splitOptions<T>(y: Argv<T>): Argv<T & SplitArgs> {
  return y
    .option('split-by', {
      alias: 'by',
      choices: SPLIT_BY,
      default: 'complex' as SplitBy,
      describe:
        'what a held-out group is: a complex, a ligand scaffold (Bemis-Murcko), or a protein sequence cluster (protein: seed and exclude, audited; protein,scaffold: neither a chain at the threshold nor a scaffold shared across test and train)',
    })
    .option('cluster-threshold', {
      type: 'number',
      default: DEFAULT_CLUSTER_THRESHOLD,
      describe: 'sequence identity that joins two complexes in the split by protein, as a fraction (0.3) or percent (30)',
    })
    .option('cluster-engine', {
      choices: CLUSTER_ENGINES,
      default: 'exact' as ClusterEngine,
      describe:
        'how the split by protein finds clusters: exact (every pair aligned) or mmseqs (MMseqs2 from PATH: fast for 40,000+ complexes, may miss links)',
    })
    .option('max-excluded', {
      type: 'number',
      default: DEFAULT_MAX_EXCLUDED,
      describe: 'split by protein: largest share of the complexes that may be excluded (train neighbours of test)',
    })
    .option('allow-short', {
      type: 'boolean',
      default: false,
      describe: 'split by protein: accept a test side short of --test-share (else exit 1)',
    })
    .option('buffer', {
      choices: BUFFERS,
      default: 'none' as BufferSide,
      describe:
        "split by protein (and --split-from): none: the excluded complexes get no questions; val: they are a validation split (qa/<task>.val.jsonl, test's question counts unless --per-complex gives val its own)",
    })
    .option('split-date', { type: 'string', describe: '--split-by time: test is what was released on or after this date (YYYY-MM-DD)' })
    .option('index', {
      type: 'string',
      describe: '--split-by time: a PDBbind index file (INDEX_*) whose release years date the complexes it lists',
    })
    .check((a: any) => {
      if (a.buffer === VAL && a['split-by'] !== undefined && !String(a['split-by']).startsWith('protein') && a['split-from'] === undefined)
        throw new Error(
          `--buffer val needs --split-by protein or protein,scaffold (or --split-from): --split-by ${a['split-by']} has no buffer`,
        );
      if (a['split-by'] === 'time' && !(typeof a['split-date'] === 'string' && SPLIT_DATE.test(a['split-date'])))
        throw new Error('--split-by time needs --split-date YYYY-MM-DD');
      const x = a['max-excluded'];
      if (!(typeof x === 'number' && x >= 0 && x <= 1)) throw new Error('--max-excluded must be a fraction from 0 to 1');
      const t = a['cluster-threshold'];
      if (!(typeof t === 'number' && t > 0 && t <= 100))
        throw new Error('--cluster-threshold must be a fraction in (0, 1] or a percentage in (1, 100]');
      return true;
    }) as unknown as Argv<T & SplitArgs>;
}

/** One line: sides, groups, target, largest group. */
export function describeSplit(f: SplitFile): string {
  const sizes = new Map<string, number>();
  for (const c of f.complexes) sizes.set(c.group, (sizes.get(c.group) ?? 0) + 1);
  let largest = ['', 0] as [string, number];
  for (const [g, n] of sizes) if (n > largest[1]) largest = [g, n];
  const sideOfLargest = f.complexes.find((c) => c.group === largest[0])?.side ?? '-';
  const by = f.threshold !== undefined ? `${f.by} (${(100 * f.threshold).toFixed(0)} % identity)` : f.by;
  const excluded = `${f.counts.excluded ? `, excluded ${f.counts.excluded}` : ''}${f.counts.val ? `, val ${f.counts.val}` : ''}`;
  return `split by ${by}: ${f.complexes.length} complexes in ${sizes.size} groups; test ${f.counts.test} (aimed at ${f.target}) in ${f.groups.test} groups, train ${f.counts.train} in ${f.groups.train} groups${excluded}${f.achieved ? '' : `; largest group ${largest[1]} (${sideOfLargest})`}`;
}
