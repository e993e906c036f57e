// `misi-gen verify <dir>`: is a generated dataset whole? Exit 0 when it is; 1 with one line per
// problem (a missing, truncated or altered image, a malformed line, a count off the manifest).
import { defineCommand } from '../define-command.ts';
import { EXIT } from '../exit-codes.ts';
import { count } from '../plural.ts';
import { verifyDataset } from '../verify/verify-dataset.ts';

export const verifyCommand = defineCommand({
  builder: (y) => y.positional('dir', { type: 'string', demandOption: true, describe: 'output folder of generate' }),
  handler: (args, io) => {
    const report = verifyDataset(args.dir);
    for (const p of report.problems) io.stderr.write(`verify: ${p}\n`);
    if (report.problems.length) {
      io.stderr.write(`verify: ${args.dir}: ${count(report.problems.length, 'problem')}\n`);
      return EXIT.failed;
    }
    io.stderr.write(`verify: ${args.dir}: ${count(report.records, 'record')} and ${count(report.images, 'image')} match the manifest\n`);
  },
});
