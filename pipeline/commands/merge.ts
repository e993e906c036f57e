// `misi-gen merge <shard dirs...> --out <dir>`: the folders of `generate --shard i/n` (all n,
// each finished) joined into one dataset, identical to a single run with the same options.
// stdout: the output folder; the summary on stderr.
import type { CommandModule } from 'yargs';
import { datasetPaths } from '../dataset/layout.ts';
import { MergeError, mergeShards } from '../generate/merge-shards.ts';
import { applyStrict, rejectSummary, strictOption, type StrictArgs } from '../reject-summary.ts';
import { count } from '../plural.ts';

interface Args extends StrictArgs {
  dirs: string[];
  out: string;
}

export const mergeCommand: CommandModule<object, Args> = {
  builder: (y) =>
    strictOption(y, 'merge')
      .positional('dirs', { type: 'string', array: true, default: undefined, describe: 'the shard folders, one per shard (at least one)' })
      .option('out', { type: 'string', demandOption: true, describe: 'output folder of the merged dataset' }) as any,
  handler: async (args) => {
    try {
      const s = await mergeShards(args.dirs, args.out);
      process.stderr.write(`merge: ${count(s.shards, 'shard')}, ${count(s.questions, 'question')}, ${count(s.imageReferences, 'image reference')}, ${count(s.distinctImages, 'distinct image')}, ${count(s.rejects, 'reject')} -> ${args.out}\n`);
      if (s.rejects) process.stderr.write(`merge: ${rejectSummary(s.rejectKinds, datasetPaths(args.out).rejects)}\n`);
      process.stdout.write(`${args.out}\n`);
      applyStrict(args, s.rejectKinds, (l) => process.stderr.write(`merge: ${l}\n`));
    } catch (e) {
      if (e instanceof MergeError || (e instanceof Error && e.message.startsWith('--shard'))) {
        process.stderr.write(`misi-gen merge: ${e.message}\n`);
        process.exitCode = 1;
        return;
      }
      throw e;
    }
  },
};
