// `misi-gen stats <dir> [--json]`: per task, the question count per split, answer
// histograms by axis/value or letter, and the draws replaced by checks. stdout only.
import type { CommandModule } from 'yargs';
import { DatasetError, datasetStats, formatStats } from '../generate/dataset-stats.ts';

interface Args {
  dir: string;
  json: boolean;
}

export const statsCommand: CommandModule<object, Args> = {
  command: 'stats <dir>',
  describe: 'Print figures of a generated dataset: counts, answer histograms, replaced draws',
  builder: (y) =>
    y
      .positional('dir', { type: 'string', demandOption: true, describe: 'output folder of generate' })
      .option('json', { type: 'boolean', default: false, describe: 'print the figures as JSON' }) as any,
  handler: (args) => {
    try {
      const stats = datasetStats(args.dir);
      process.stdout.write(args.json ? JSON.stringify(stats, null, 2) + '\n' : formatStats(stats));
    } catch (e) {
      if (e instanceof DatasetError) {
        process.stderr.write(`misi-gen stats: ${e.message}\n`);
        process.exitCode = 1;
        return;
      }
      throw e;
    }
  },
};
