// `misi-gen stats <dir> [--json] [--out <folder>]`: per task, the question count per split,
// answer histograms by axis/value or letter, and the draws replaced by checks, on stdout.
// With --out, also charts as PNG (pipeline/preview/stats-charts.ts); their paths go to stderr.

import { auditDataset } from '../audit/audit-dataset.ts';
import { auditSummaryLines } from '../audit/format-audit.ts';
import { noAnnotationsMessage } from '../dataset/read-annotation.ts';
import { openDataset } from '../dataset/read-dataset.ts';
import { defineCommand } from '../define-command.ts';
import { datasetStats, formatStats } from '../generate/dataset-stats.ts';
import { writeStatsCharts } from '../preview/stats-charts.ts';
import { splitAuditLines } from '../split/split-report.ts';

export const statsCommand = defineCommand({
  builder: (y) =>
    y
      .positional('dir', { type: 'string', demandOption: true, describe: 'output folder of generate' })
      .option('json', { type: 'boolean', default: false, describe: 'print the figures as JSON' })
      .option('out', { type: 'string', describe: 'also draw charts as PNG into this folder (counts, answers per task, H-bonds)' }),
  handler: async (args, io) => {
    // A dataset that cannot be read, or no browser for the charts: exit 1 (pipeline/exit-codes.ts).
    // An annotation that could not be read: named once on stderr, never skipped in silence.
    const problems = new Set<string>();
    const stats = datasetStats(args.dir, { onProblem: (p) => problems.add(p) });
    // Image sizes and label legibility are read from the annotations.
    if (openDataset(args.dir).annotationLayout === 'none')
      io.stderr.write(`stats: ${noAnnotationsMessage(args.dir)}; image sizes and label legibility are left out\n`);
    // The shortcut audit (misi-gen audit): per task under `audit` in the JSON, a line each in the text.
    const audit = auditDataset(args.dir);
    for (const p of audit.problems ?? []) problems.add(p);
    for (const p of problems) io.stderr.write(`stats: ${p}\n`);
    const withAudit = stats.map((s) => ({ ...s, audit: audit.tasks.find((t) => t.task === s.task) ?? null }));
    io.stdout.write(args.json ? JSON.stringify(withAudit, null, 2) + '\n' : formatStats(stats));
    if (!args.json) {
      io.stdout.write(`shortcut audit (blind baselines fitted on train; details: misi-gen audit ${args.dir}):\n`);
      for (const l of auditSummaryLines(audit)) io.stdout.write(`  ${l}\n`);
    }
    // A split by protein: its audit and the test complexes' nearest train identities.
    if (!args.json) for (const l of splitAuditLines(args.dir)) io.stdout.write(`${l}\n`);
    if (args.out !== undefined) await writeStatsCharts(args.dir, stats, args.out, (l) => io.stderr.write(l + '\n'));
  },
});
