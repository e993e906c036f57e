// Checks that the docs stay inside the repository: every relative link and image in
// README.md and docs/**/*.md names a file that exists in the repository (and, for
// `page.md#anchor`, a heading of that page); and in the user docs (all but docs/history/,
// which keeps paths of their day) every repository path written in the text
// (`structures/...`, `renders/...`, `qa/...`, `pipeline/...`, `scripts/...`, `test/...`,
// `docs/...`) exists, and no line points outside the repository (`../shared`).
//
//   node --import tsx scripts/check-doc-links.ts [root]     exit 1 and one line per problem
import { existsSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import fg from 'fast-glob';

export interface DocProblem {
  file: string;
  line: number;
  message: string;
}

const PATH_ROOTS = ['structures', 'renders', 'qa', 'pipeline', 'scripts', 'test', 'docs'];
// A repository path in prose: one of the roots, then path characters; not part of a longer
// path (`dist/qa/...`, `out/qa/...`) and not a placeholder (`qa/tasks/<id>.ts`, globs).
const PROSE_PATH = new RegExp(`(?<![\\w./<>-])((?:${PATH_ROOTS.join('|')})/[\\w./-]*)`, 'g');
const OUTSIDE = /(^|[^\w.])(\.\.\/shared|\/work\/shared)/;

/** GitHub's anchor for a heading: lower case, punctuation dropped, spaces to hyphens. */
export function headingAnchor(text: string): string {
  return text
    .trim()
    .toLowerCase()
    .replace(/[`*_]/g, '')
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/[^\p{L}\p{N}\s-]/gu, '')
    .replace(/\s/g, '-');
}

function anchorsOf(text: string): Set<string> {
  const seen = new Map<string, number>();
  const anchors = new Set<string>();
  let fenced = false;
  for (const line of text.split('\n')) {
    if (/^\s*(```|~~~)/.test(line)) fenced = !fenced;
    const m = fenced ? null : /^#{1,6}\s+(.*?)\s*#*\s*$/.exec(line);
    if (!m) continue;
    const base = headingAnchor(m[1]!);
    const n = seen.get(base) ?? 0;
    seen.set(base, n + 1);
    anchors.add(n === 0 ? base : `${base}-${n}`);
  }
  return anchors;
}

/** The links and images of one line, outside code spans. */
function linkTargets(line: string): string[] {
  const text = line.replace(/`[^`]*`/g, '');
  const targets: string[] = [];
  for (const m of text.matchAll(/!?\[[^\]]*\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g)) targets.push(m[1]!);
  for (const m of text.matchAll(/^\s*\[[^\]]+\]:\s*(\S+)/g)) targets.push(m[1]!);
  return targets;
}

function isExternal(target: string): boolean {
  return /^[a-z][a-z0-9+.-]*:/i.test(target);
}

export function checkDocLinks(root: string): DocProblem[] {
  const files = ['README.md', ...fg.sync('docs/**/*.md', { cwd: root, onlyFiles: true }).sort()].filter((f) => existsSync(join(root, f)));
  const anchorCache = new Map<string, Set<string>>();
  const anchors = (abs: string): Set<string> => {
    let a = anchorCache.get(abs);
    if (!a) anchorCache.set(abs, (a = anchorsOf(readFileSync(abs, 'utf8'))));
    return a;
  };
  const problems: DocProblem[] = [];
  for (const file of files) {
    const abs = join(root, file);
    const isHistory = file.startsWith('docs/history/');
    const lines = readFileSync(abs, 'utf8').split('\n');
    let fenced = false;
    lines.forEach((line, i) => {
      const at = { file, line: i + 1 };
      if (!isHistory && OUTSIDE.test(line)) {
        problems.push({ ...at, message: 'points outside the repository (../shared): say what is meant instead' });
      }
      if (/^\s*(```|~~~)/.test(line)) {
        fenced = !fenced;
        return;
      }
      if (fenced) return;
      for (const target of linkTargets(line)) {
        if (isExternal(target)) continue;
        const [pathPart, anchor] = target.split('#', 2) as [string, string | undefined];
        const dest = pathPart === '' ? abs : resolve(dirname(abs), decodeURIComponent(pathPart));
        const rel = relative(root, dest);
        if (rel.startsWith('..') || rel.split(sep)[0] === '..') {
          problems.push({ ...at, message: `link ${target} leaves the repository` });
          continue;
        }
        if (!existsSync(dest)) {
          problems.push({ ...at, message: `link ${target}: no such file (${rel})` });
          continue;
        }
        if (anchor && dest.endsWith('.md') && statSync(dest).isFile() && !anchors(dest).has(anchor.toLowerCase())) {
          problems.push({ ...at, message: `link ${target}: ${rel} has no heading with anchor #${anchor}` });
        }
      }
      if (isHistory) return;
      const named = new Set<string>();
      const prose = line.replace(/\]\([^)]*\)/g, ']');
      for (const m of prose.matchAll(PROSE_PATH)) {
        if (/[<{*]/.test(prose[m.index! + m[0].length] ?? '')) continue; // a placeholder: qa/tasks/<id>.ts
        named.add(m[1]!.replace(/[.,;:]+$/, ''));
      }
      for (const path of named) {
        if (!existsSync(join(root, path))) problems.push({ ...at, message: `names ${path}, which the repository does not have` });
      }
    });
  }
  return problems;
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const root = resolve(process.argv[2] ?? '.');
  const problems = checkDocLinks(root);
  for (const p of problems) console.log(`${p.file}:${p.line}: ${p.message}`);
  if (problems.length > 0) {
    console.error(`check-doc-links: ${problems.length} problems`);
    process.exit(1);
  }
  console.error('check-doc-links: every link and path resolves inside the repository');
}
