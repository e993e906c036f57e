// The audit's place on the browse site's front page. `misi-gen audit` (pipeline/audit/)
// writes its figures into the dataset folder; until it is wired here, the slot shows
// `<dataset>/audit/summary.html` (an HTML fragment) or `<dataset>/audit.json` (shown as
// JSON) when the folder holds one, or what a function passed to buildBrowseSite returns.
// Null: the front page says no audit was found and how to make one.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

export interface AuditFigures {
  /** Where the figures came from, shown under the heading. */
  source: string;
  /** An HTML fragment (trusted: written by misi-gen), or JSON shown as text. */
  html?: string;
  json?: unknown;
}

/** Reads a dataset's audit figures for the front page (see the header). */
export type AuditReader = (datasetDir: string) => AuditFigures | null;

export const AUDIT_FILES = ['audit/summary.html', 'audit.json'];

export const readAuditFiles: AuditReader = (dir) => {
  const html = join(dir, AUDIT_FILES[0]);
  if (existsSync(html)) return { source: AUDIT_FILES[0], html: readFileSync(html, 'utf8') };
  const json = join(dir, AUDIT_FILES[1]);
  if (!existsSync(json)) return null;
  try {
    return { source: AUDIT_FILES[1], json: JSON.parse(readFileSync(json, 'utf8')) };
  } catch {
    return { source: AUDIT_FILES[1], json: `${AUDIT_FILES[1]} is not JSON` };
  }
};
