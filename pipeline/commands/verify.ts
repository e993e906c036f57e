// `misi-gen verify <dir> [--answers]`: is a generated dataset whole? Exit 0 when it is; 1 with
// one line per problem (a missing, altered, truncated or extra file, a malformed line, a count
// off the manifest; with --answers, an answer or options its record's truth does not give).
// A line per thing that could not be checked (a dataset made before the digests) either way.
import { defineCommand } from '../define-command.ts';
import { EXIT } from '../exit-codes.ts';
import { count } from '../plural.ts';
import { verifyDataset } from '../verify/verify-dataset.ts';

export const verifyCommand = defineCommand({
  builder: (y) =>
    y.positional('dir', { type: 'string', demandOption: true, describe: 'output folder of generate' }).option('answers', {
      type: 'boolean',
      default: false,
      describe: "also derive every answer and its options again from the record's truth",
    }),
  handler: (args, io) => {
    const report = verifyDataset(args.dir, { answers: args.answers });
    for (const p of report.problems) io.stderr.write(`verify: ${p}\n`);
    for (const n of report.notes ?? []) io.stderr.write(`verify: not checked: ${n}\n`);
    if (report.problems.length) {
      io.stderr.write(`verify: ${args.dir}: ${count(report.problems.length, 'problem')}\n`);
      return EXIT.failed;
    }
    const answers = report.answers !== undefined ? `, ${count(report.answers, 'answer')} derived again from their truths` : '';
    io.stderr.write(
      `verify: ${args.dir}: ${count(report.records, 'record')} and ${count(report.images, 'image')} match the manifest (${count(report.files ?? 0, 'file')} by sha256${answers})\n`,
    );
  },
});
