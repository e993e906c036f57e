// `misi-gen merge <shard dirs...> --out <dir>`: the folders of `generate --shard i/n` (all n,
// each finished) joined into one dataset, identical to a single run with the same options.
// stdout: the output folder; the summary on stderr.

import { datasetPaths } from '../dataset/layout.ts';
import { defineCommand } from '../define-command.ts';
import { CommandFailure } from '../exit-codes.ts';
import { mergeShards } from '../generate/merge-shards.ts';
import { count } from '../plural.ts';
import { applyStrict, rejectSummary, strictOption } from '../reject-summary.ts';

export const mergeCommand = defineCommand({
  builder: (y) =>
    strictOption(y, 'merge')
      .positional('dirs', { type: 'string', array: true, default: undefined, describe: 'the shard folders, one per shard (at least one)' })
      .option('out', { type: 'string', demandOption: true, describe: 'output folder of the merged dataset' }),
  handler: async (args, io) => {
    let s;
    try {
      // Shards that do not make one dataset (MergeError): exit 1 (pipeline/exit-codes.ts).
      s = await mergeShards(args.dirs ?? [], args.out);
    } catch (e) {
      // A shard folder whose --shard cannot be read again.
      if (e instanceof Error && e.message.startsWith('--shard')) throw new CommandFailure(e.message);
      throw e;
    }
    io.stderr.write(
      `merge: ${count(s.shards, 'shard')}, ${count(s.questions, 'question')}, ${count(s.imageReferences, 'image reference')}, ${count(s.distinctImages, 'distinct image')}, ${count(s.rejects, 'reject')} -> ${args.out}\n`,
    );
    if (s.rejects) io.stderr.write(`merge: ${rejectSummary(s.rejectKinds, datasetPaths(args.out).rejects)}\n`);
    io.stdout.write(`${args.out}\n`);
    return applyStrict(args, s.rejectKinds, (l) => io.stderr.write(`merge: ${l}\n`));
  },
});
