// Writing text and links into generated HTML: escaping, and a relative URL from a page's
// folder to a file on disk.
import { relative, sep } from 'node:path';

export function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');
}

/** The URL, relative to a page in `pageDir`, of the file at `file` (both absolute or both relative to the cwd). */
export function relativeUrl(pageDir: string, file: string): string {
  return relative(pageDir, file).split(sep).map(encodeURIComponent).join('/');
}
