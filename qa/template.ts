// Question templates: data files under qa/templates/. A template is a small header, a line
// `---`, then the question text:
//
//   template: translation
//   version: 1
//   ---
//   Text with {{placeholders}} filled from the plan's vars, and {{> partial}} lines that
//   insert qa/templates/partials/<partial>.txt (shared wording such as the conventions).
//
// A placeholder with no value is an error, so a template and its task cannot drift apart.
// A task written outside this package keeps its templates in its own folder (TaskModule
// templateDir); its partials are looked for there first, then among the bundled ones.

import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { fileErrorText } from '../structures/file-error.ts';

/** The bundled templates (beside this module, in the sources and in dist/). */
export const TEMPLATE_DIR = fileURLToPath(new URL('./templates/', import.meta.url));

export interface Template {
  id: string;
  version: number;
  /** The text with partials already inserted, placeholders still open. */
  body: string;
}

const cache = new Map<string, Template>();

function readPartial(name: string, file: string, dir: string): string {
  const own = join(dir, 'partials', `${name}.txt`);
  const path = existsSync(own) ? own : join(TEMPLATE_DIR, 'partials', `${name}.txt`);
  try {
    return readFileSync(path, 'utf8').replace(/\s+$/, '');
  } catch (e) {
    const missing = (e as NodeJS.ErrnoException).code === 'ENOENT';
    throw new Error(`${file}: partial '${name}' ${missing ? 'not found' : 'cannot be read'} (${path}: ${fileErrorText(e)})`);
  }
}

/** Template `id` from `dir` (default: the bundled templates). */
export function loadTemplate(id: string, dir: string = TEMPLATE_DIR): Template {
  const key = join(dir, id);
  const hit = cache.get(key);
  if (hit) return hit;
  const file = join(dir, `${id}.txt`);
  const text = readFileSync(file, 'utf8');
  const split = text.indexOf('\n---\n');
  if (split < 0) throw new Error(`${file}: no '---' line between header and text`);
  const header = new Map<string, string>();
  for (const line of text.slice(0, split).split('\n')) {
    const m = /^(\w+):\s*(.*)$/.exec(line.trim());
    if (m) header.set(m[1], m[2]);
  }
  if (header.get('template') !== id) throw new Error(`${file}: header says template '${header.get('template')}', expected '${id}'`);
  const version = Number(header.get('version'));
  if (!Number.isInteger(version) || version < 1) throw new Error(`${file}: bad version '${header.get('version')}'`);
  const body = text
    .slice(split + 5)
    .replace(/\{\{>\s*([\w-]+)\s*\}\}/g, (_, name: string) => readPartial(name, file, dir))
    .replace(/\s+$/, '');
  const t = { id, version, body };
  cache.set(key, t);
  return t;
}

/** The question text: the template's body with every {{name}} replaced. */
export function fillTemplate(t: Template, vars: Record<string, string>): string {
  return t.body.replace(/\{\{\s*([\w-]+)\s*\}\}/g, (_, name: string) => {
    const v = vars[name];
    if (v === undefined) throw new Error(`template ${t.id}: no value for {{${name}}}`);
    return v;
  });
}
