// `misi-gen audit <dir> [--json] [--strict]`: the shortcut audit (pipeline/audit/): per task,
// what baselines that never look at the pictures score on held-out questions, beside chance.
// Exit 0 (1 when the dataset cannot be read; with --strict, 3 when a task is flagged).
import type { CommandModule } from 'yargs';
import { auditDataset } from '../audit/audit-dataset.ts';
import { formatAudit } from '../audit/format-audit.ts';
import { DatasetReadError } from '../dataset/read-dataset.ts';

interface Args {
  dir: string;
  json: boolean;
  strict: boolean;
}

export const auditCommand: CommandModule<object, Args> = {
  builder: (y) =>
    y
      .positional('dir', { type: 'string', demandOption: true, describe: 'output folder of generate' })
      .option('json', { type: 'boolean', default: false, describe: 'print the audit as JSON' })
      .option('strict', { type: 'boolean', default: false, describe: 'exit 3 when a task is flagged (a baseline over chance, or a duplicate)' }) as any,
  handler: (args) => {
    let report;
    try {
      report = auditDataset(args.dir, { onProgress: (l) => process.stderr.write(`${l}\n`) });
    } catch (e) {
      if (e instanceof DatasetReadError) {
        process.stderr.write(`misi-gen audit: ${e.message.split('\n')[0]}\n`);
        process.exitCode = 1;
        return;
      }
      throw e;
    }
    process.stdout.write(args.json ? JSON.stringify(report, null, 2) + '\n' : formatAudit(report));
    if (args.strict && !report.clean) process.exitCode = 3;
  },
};
