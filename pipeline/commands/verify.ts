// `misi-gen verify <dir>`: is a generated dataset whole? Exit 0 when it is; 1 with one line per
// problem (a missing, truncated or altered image, a malformed line, a count off the manifest).
import type { CommandModule } from 'yargs';
import { verifyDataset } from '../verify/verify-dataset.ts';
import { count } from '../plural.ts';

interface Args {
  dir: string;
}

export const verifyCommand: CommandModule<object, Args> = {
  builder: (y) => y.positional('dir', { type: 'string', demandOption: true, describe: 'output folder of generate' }) as any,
  handler: (args) => {
    const report = verifyDataset(args.dir);
    for (const p of report.problems) process.stderr.write(`verify: ${p}\n`);
    if (report.problems.length) {
      process.stderr.write(`verify: ${args.dir}: ${count(report.problems.length, 'problem')}\n`);
      process.exitCode = 1;
      return;
    }
    process.stderr.write(`verify: ${args.dir}: ${count(report.records, 'record')} and ${count(report.images, 'image')} match the manifest\n`);
  },
};
