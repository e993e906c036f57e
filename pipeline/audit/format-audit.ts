// The audit as text: a table per task (each baseline's score, interval and n beside chance,
// per split, and the duplicates), then one line per task: clean, or what was found.
import { type AuditReport, pct } from './audit-dataset.ts';

export { BASELINE_LABELS } from './audit-dataset.ts';

export function formatAudit(report: AuditReport): string {
  const lines: string[] = [];
  lines.push(
    `audit of ${report.dir}: baselines fitted on train, scored on held-out splits; flagged when the 95 % interval starts more than ${Math.round(report.margin * 100)} points over chance`,
  );
  for (const t of report.tasks) {
    lines.push('', `${t.task} (${t.trainQuestions} train questions; scored on the ${t.metric})`);
    for (const s of t.splits) {
      lines.push(`  ${s.split}: ${s.questions} questions, chance ${pct(s.chance)}`);
      for (const b of s.baselines) {
        lines.push(
          `    ${b.label.padEnd(30)} ${pct(b.score).padStart(7)}  [${pct(b.low)} - ${pct(b.high)}]  n=${b.n}${b.flagged ? '  FLAGGED' : ''}`,
        );
      }
    }
    lines.push(
      `  exact duplicates: ${Object.entries(t.duplicates)
        .map(([s, n]) => `${s} ${n}`)
        .join(', ')}`,
    );
  }
  lines.push('');
  for (const t of report.tasks) lines.push(`${t.task}: ${t.clean ? 'clean' : t.findings.join('; ')}`);
  lines.push(
    report.clean
      ? 'audit: every task clean'
      : `audit: ${report.tasks.filter((t) => !t.clean).length} of ${report.tasks.length} tasks flagged`,
  );
  return lines.join('\n') + '\n';
}

/** One line per task for `stats` and the dataset card: each blind baseline on the first held-out split beside chance, duplicates, and the verdict. */
export function auditSummaryLines(report: AuditReport): string[] {
  return report.tasks.map((t) => {
    const s = t.splits.find((x) => x.questions > 0);
    const figures = s
      ? `on ${s.split}, chance ${pct(s.chance)}: ${s.baselines.map((b) => `${b.label} ${pct(b.score)}`).join(', ') || 'no blind baseline could answer any (none fitted on train)'}`
      : 'no held-out questions';
    const dup = Object.values(t.duplicates).reduce((a, b) => a + b, 0);
    return `${t.task}: ${t.clean ? 'clean' : 'FLAGGED'}; ${figures}; exact duplicates ${dup}`;
  });
}
