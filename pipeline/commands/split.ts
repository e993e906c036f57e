// `misi-gen split [paths...] [--structures <paths>] --by complex|scaffold|protein --out <dir>
// [--seed N] [--test-share F] [--cluster-threshold T] [--limit N]`: the split `generate`
// would make with the same options, written as <dir>/split.json without generating
// anything. stdout: the path of split.json; the summary and notes on stderr.
import { join } from 'node:path';
import type { CommandModule } from 'yargs';
import { ingestEach } from '../../structures/ingest.ts';
import { SAMPLE_DIR, SAMPLE_LIGANDS } from '../../structures/sample-path.ts';
import { ingestOptions, ingestOptionsFrom, type IngestArgs } from '../ingest-options.ts';
import { DEFAULT_SEED } from '../generate/seeds.ts';
import { DEFAULT_TEST_SHARE, splitFromGrouping } from '../generate/split.ts';
import { groupSummaries, groupSummary, type GroupSummary } from '../split/group-complexes.ts';
import { MmseqsMissingError } from '../split/mmseqs-clusters.ts';
import { writeJsonFile } from '../generate/write-text.ts';
import { describeSplit, splitOptions, thresholdFraction, type SplitArgs } from '../split/split-args.ts';
import { errorLog } from '../generate/errors-log.ts';
import { formatTestShare, splitWarnings } from '../split-warnings.ts';
import { checkInputPaths, structurePaths } from '../input-paths.ts';
import { applyStrict, rejectSummary, strictOption, type StrictArgs } from '../reject-summary.ts';

interface Args extends IngestArgs, SplitArgs, StrictArgs {
  paths?: string[];
  structures?: string[];
  out: string;
  seed: number;
  'test-share': number;
  limit?: number;
}

export const splitCommand: CommandModule<object, Args> = {
  builder: (y) =>
    strictOption(splitOptions(ingestOptions(y)))
      .positional('paths', { type: 'string', array: true, default: undefined, defaultDescription: 'the bundled sample', describe: 'files or folders to read, as --structures' })
      .option('structures', { type: 'string', array: true, defaultDescription: 'the bundled sample', describe: 'files or folders to read, as the positional paths' })
      .option('out', { type: 'string', demandOption: true, describe: 'folder to write split.json into' })
      .option('seed', { type: 'number', default: DEFAULT_SEED, describe: 'global seed, as for generate' })
      .option('test-share', { type: 'number', default: DEFAULT_TEST_SHARE, defaultDescription: formatTestShare(DEFAULT_TEST_SHARE), describe: 'share of complexes in the test split' })
      .option('limit', { type: 'number', describe: 'use only the first N complexes by sorted id, as generate --limit' })
      .check((a) => {
        if (!Number.isInteger(a.seed)) throw new Error('--seed must be a whole number');
        if (!(a['test-share'] >= 0 && a['test-share'] <= 1)) throw new Error('--test-share must be between 0 and 1');
        if (a.limit !== undefined && !(Number.isInteger(a.limit) && a.limit > 0)) throw new Error('--limit must be a positive whole number');
        return true;
      }) as any,
  handler: async (args) => {
    const paths = structurePaths(args.paths, args.structures);
    const useSample = paths.length === 0;
    await checkInputPaths(paths);
    const by = args['split-by'];
    // One complex at a time, in id order; only its summary (scaffold, or sequences) is kept.
    const summaries: GroupSummary[] = [];
    const read = await ingestEach(useSample ? [SAMPLE_DIR] : paths, ingestOptionsFrom(args, { ligandsFile: args.ligands ?? (useSample ? SAMPLE_LIGANDS : undefined), onError: errorLog(args.out) }), async (c) => {
      if (args.limit === undefined || summaries.length < args.limit) summaries.push(await groupSummary(c, by));
    });
    for (const r of read.rejects) process.stderr.write(`split: not read: ${r.path}: ${r.reason}\n`);
    if (read.rejects.length) process.stderr.write(`split: ${rejectSummary(read.rejects, 'the lines above')}\n`);
    if (summaries.length === 0) {
      process.stderr.write('misi-gen split: no complex could be read\n');
      process.exitCode = 1;
      return;
    }
    const o = { by, seed: args.seed, testShare: args['test-share'], threshold: thresholdFraction(args['cluster-threshold']), engine: args['cluster-engine'] };
    let grouping;
    try {
      grouping = await groupSummaries(summaries, o);
    } catch (e) {
      if (!(e instanceof MmseqsMissingError)) throw e;
      process.stderr.write(`misi-gen split: ${e.message}\n`);
      process.exitCode = 1;
      return;
    }
    const split = splitFromGrouping(grouping, o);
    for (const n of split.grouping.notes) process.stderr.write(`split: ${n.id}: ${n.note}\n`);
    const path = join(args.out, 'split.json');
    await writeJsonFile(path, split.file);
    process.stderr.write(`${describeSplit(split.file)}\n`);
    for (const w of splitWarnings(split.file.counts, args['test-share'])) process.stderr.write(`split: warning: ${w}\n`);
    if (grouping.engine) process.stderr.write(`split: ${grouping.engine.name} engine ${grouping.engine.version}: ${Object.entries(grouping.compared ?? {}).map(([k, v]) => `${k} ${v}`).join(', ')}\n`);
    process.stdout.write(`${path}\n`);
    applyStrict(args, read.rejects, (l) => process.stderr.write(`split: ${l}\n`));
  },
};
