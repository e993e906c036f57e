// Every repository path docs/design.md names in backticks exists: a path is a backticked
// token that starts with one of the repository's folders (structures/, renders/, qa/,
// pipeline/, scripts/, test/, docs/, .ci/) and holds no placeholder (`<id>`, `*`, `...`),
// which dataset paths such as `qa/<task>.<split>.jsonl` do. Prints each missing path as
// docs/design.md:line and exits 1 when one is missing; test/scripts/check-design-paths.test.ts
// runs it.
//   node --import tsx scripts/check-design-paths.ts
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const REPOSITORY_FOLDERS = ['structures/', 'renders/', 'qa/', 'pipeline/', 'scripts/', 'test/', 'docs/', '.ci/'];

/** The repository paths a markdown text names in backticks, with their 1-based lines. */
export function namedPaths(markdown: string): { path: string; line: number }[] {
  const out: { path: string; line: number }[] = [];
  markdown.split('\n').forEach((text, i) => {
    for (const m of text.matchAll(/`([^`\s]+)`/g)) {
      const token = m[1];
      if (!REPOSITORY_FOLDERS.some((f) => token.startsWith(f))) continue;
      if (/[<>*]|\.\.\./.test(token)) continue;
      out.push({ path: token, line: i + 1 });
    }
  });
  return out;
}

/** The paths `doc` (relative to `root`) names that do not exist, as `doc:line: path`. */
export function missingPaths(root: string, doc = 'docs/design.md'): string[] {
  return namedPaths(readFileSync(join(root, doc), 'utf8'))
    .filter((p) => !existsSync(join(root, p.path)))
    .map((p) => `${doc}:${p.line}: ${p.path} does not exist`);
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
  const missing = missingPaths(root);
  for (const m of missing) console.error(m);
  if (missing.length) process.exit(1);
  console.error(
    `check-design-paths: every path docs/design.md names exists (${namedPaths(readFileSync(join(root, 'docs/design.md'), 'utf8')).length})`,
  );
}
