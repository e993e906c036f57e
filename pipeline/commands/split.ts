// `misi-gen split --structures <paths> --by complex|scaffold|protein --out <dir>
// [--seed N] [--test-share F] [--cluster-threshold T] [--limit N]`: the split `generate`
// would make with the same options, written as <dir>/split.json without generating
// anything. stdout: the path of split.json; the summary and notes on stderr.
import { join } from 'node:path';
import type { CommandModule } from 'yargs';
import { ingestEachInThreads } from '../read-pool/read-in-threads.ts';
import { readThreadsOption, type ReadThreadsArgs } from '../read-pool/read-threads-option.ts';
import { siblingModule } from '../read-pool/worker-pool.ts';
import { SAMPLE_DIR, SAMPLE_LIGANDS } from '../../structures/sample-path.ts';
import { ingestOptions, ingestOptionsFrom, type IngestArgs } from '../ingest-options.ts';
import { DEFAULT_SEED } from '../generate/seeds.ts';
import { DEFAULT_TEST_SHARE, splitFromGrouping } from '../generate/split.ts';
import { groupSummaries, type GroupSummary } from '../split/group-complexes.ts';
import { MmseqsMissingError } from '../split/mmseqs-clusters.ts';
import { writeJsonFile } from '../generate/write-text.ts';
import { describeSplit, splitOptions, thresholdFraction, type SplitArgs } from '../split/split-args.ts';
import { errorLog } from '../generate/errors-log.ts';
import { applyStrict, rejectSummary, strictOption, type StrictArgs } from '../reject-summary.ts';

interface Args extends IngestArgs, SplitArgs, StrictArgs, ReadThreadsArgs {
  structures?: string[];
  out: string;
  seed: number;
  'test-share': number;
  limit?: number;
}

export const splitCommand: CommandModule<object, Args> = {
  builder: (y) =>
    readThreadsOption(strictOption(splitOptions(ingestOptions(y))))
      .option('structures', { type: 'string', array: true, describe: 'files or folders to read (default: the bundled sample)' })
      .option('out', { type: 'string', demandOption: true, describe: 'folder to write split.json into' })
      .option('seed', { type: 'number', default: DEFAULT_SEED, describe: 'global seed, as for generate' })
      .option('test-share', { type: 'number', default: DEFAULT_TEST_SHARE, describe: 'share of complexes in the test split (default 490/3993)' })
      .option('limit', { type: 'number', describe: 'use only the first N complexes by sorted id, as generate --limit' })
      .check((a) => {
        if (!Number.isInteger(a.seed)) throw new Error('--seed must be a whole number');
        if (!(a['test-share'] >= 0 && a['test-share'] <= 1)) throw new Error('--test-share must be between 0 and 1');
        if (a.limit !== undefined && !(Number.isInteger(a.limit) && a.limit > 0)) throw new Error('--limit must be a positive whole number');
        return true;
      }) as any,
  handler: async (args) => {
    const useSample = !args.structures?.length;
    const by = args['split-by'];
    // One complex at a time, in id order; only its summary (scaffold, or sequences) is kept.
    const summaries: GroupSummary[] = [];
    // Read on --read-threads threads; each complex's summary is made in the thread that read it.
    const perComplex = { module: siblingModule(import.meta.url, '../split/group-complexes').href, name: 'groupSummary', arg: by };
    const read = await ingestEachInThreads<GroupSummary>(useSample ? [SAMPLE_DIR] : args.structures!, ingestOptionsFrom(args, { ligandsFile: args.ligands ?? (useSample ? SAMPLE_LIGANDS : undefined), onError: errorLog(args.out) }), (summary) => {
      if (args.limit === undefined || summaries.length < args.limit) summaries.push(summary);
    }, args['read-threads'], perComplex);
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
    if (grouping.engine) process.stderr.write(`split: ${grouping.engine.name} engine ${grouping.engine.version}: ${Object.entries(grouping.compared ?? {}).map(([k, v]) => `${k} ${v}`).join(', ')}\n`);
    process.stdout.write(`${path}\n`);
    applyStrict(args, read.rejects, (l) => process.stderr.write(`split: ${l}\n`));
  },
};
