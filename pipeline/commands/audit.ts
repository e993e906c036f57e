// `misi-gen audit <dir> [--json] [--strict]`: the shortcut audit (pipeline/audit/): per task,
// what baselines that never look at the pictures score on held-out questions, beside chance.
// Exit 0 (1 when the dataset cannot be read; with --strict, 3 when a task is flagged).

import { auditDataset } from '../audit/audit-dataset.ts';
import { formatAudit } from '../audit/format-audit.ts';
import { defineCommand } from '../define-command.ts';
import { EXIT } from '../exit-codes.ts';

export const auditCommand = defineCommand({
  builder: (y) =>
    y
      .positional('dir', { type: 'string', demandOption: true, describe: 'output folder of generate' })
      .option('json', { type: 'boolean', default: false, describe: 'print the audit as JSON' })
      .option('strict', {
        type: 'boolean',
        default: false,
        describe: 'exit 3 when a task is flagged (a baseline over chance, or a duplicate)',
      }),
  handler: (args, io) => {
    // A dataset that cannot be read (DatasetReadError): exit 1 (pipeline/exit-codes.ts).
    const report = auditDataset(args.dir, { onProgress: (l) => io.stderr.write(`${l}\n`) });
    io.stdout.write(args.json ? JSON.stringify(report, null, 2) + '\n' : formatAudit(report));
    // An annotation that could not be read: named, never skipped in silence (the figures go on without it).
    for (const p of report.problems ?? []) io.stderr.write(`audit: ${p}\n`);
    if (args.strict && !report.clean) return EXIT.strict;
  },
});
