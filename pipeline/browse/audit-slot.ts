// The audit's place on the browse site's front page: the shortcut audit (`misi-gen audit`,
// pipeline/audit/) computed from the dataset when the site is built, as an HTML table per task
// (each blind baseline beside chance with its interval, the duplicates, the verdict). A caller
// of buildBrowseSite may pass another reader; null: the front page says no audit was made.
import { type AuditReport, auditDataset, pct } from '../audit/audit-dataset.ts';
import { escapeHtml } from '../preview/html-text.ts';

export interface AuditFigures {
  /** Where the figures came from, shown under the heading. */
  source: string;
  /** An HTML fragment (trusted: written by misi-gen), or JSON shown as text. */
  html?: string;
  json?: unknown;
  /** What the audit could not read (an option image's annotation), file and cause each: listed with the site's problems. */
  problems?: string[];
}

/** Reads a dataset's audit figures for the front page (see the header). */
export type AuditReader = (datasetDir: string) => AuditFigures | null;

/** The default reader: the audit computed now; a dataset it cannot read gets the reason instead. */
export const computeAudit: AuditReader = (dir) => {
  try {
    const report = auditDataset(dir);
    return { source: 'misi-gen audit, computed when this site was built', html: auditHtml(report), problems: report.problems ?? [] };
  } catch (e) {
    return { source: 'misi-gen audit', json: `not audited: ${(e as Error).message.split('\n')[0]}` };
  }
};

export function auditHtml(report: AuditReport): string {
  const rows = report.tasks.flatMap((t) =>
    t.splits.flatMap((s) =>
      s.baselines.map(
        (b) =>
          `<tr${b.flagged ? ' class="flagged"' : ''}><td>${escapeHtml(t.task)}</td><td>${escapeHtml(s.split)}</td><td>${escapeHtml(b.label)}</td><td>${pct(b.score)}</td><td>${pct(b.low)} - ${pct(b.high)}</td><td>${pct(s.chance)}</td><td>${b.n}</td><td>${b.flagged ? 'flagged' : ''}</td></tr>`,
      ),
    ),
  );
  const verdicts = report.tasks.map(
    (t) =>
      `<li><b>${escapeHtml(t.task)}</b>: ${t.clean ? 'clean' : escapeHtml(t.findings.join('; '))}; exact duplicates ${Object.entries(
        t.duplicates,
      )
        .map(([k, v]) => `${escapeHtml(k)} ${v}`)
        .join(', ')}</li>`,
  );
  return `<p>Blind baselines fitted on train, scored on the held-out split with the task's scorer; flagged when the 95 % interval starts more than ${Math.round(report.margin * 100)} points over chance (docs/scoring.md, "The shortcut audit").</p>
<table class="audit"><thead><tr><th>task</th><th>split</th><th>baseline</th><th>score</th><th>95 % interval</th><th>chance</th><th>n</th><th></th></tr></thead><tbody>
${rows.join('\n')}
</tbody></table>
<ul>${verdicts.join('')}</ul>
<p>${report.clean ? 'Every task clean.' : `${report.tasks.filter((t) => !t.clean).length} of ${report.tasks.length} tasks flagged.`}</p>`;
}
