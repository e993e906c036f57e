// Finds import circles among the package's TypeScript modules (structures/, renders/, qa/,
// pipeline/): a module that, through its imports, imports itself. Every import counts,
// `import type` and `import('...')` too: a circle of types alone still ties two modules
// into one unit that cannot be read or moved apart. Prints each circle and exits 1 when
// there is one; test/import-circles.test.ts runs it.
//   node --import tsx scripts/find-import-circles.ts
import { readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { sourceFiles } from './source-files.ts';

export const SOURCE_FOLDERS = ['structures', 'renders', 'qa', 'pipeline'];

/** Relative specifiers a file imports (static, type-only, re-exports and dynamic). */
export function importsOf(text: string): string[] {
  const found = new Set<string>();
  for (const m of text.matchAll(/(?:^|[\s;])(?:import|export)\s[^'";]*?from\s*['"](\.[^'"]+)['"]/g)) found.add(m[1]);
  for (const m of text.matchAll(/(?:^|[\s;])import\s*['"](\.[^'"]+)['"]/g)) found.add(m[1]);
  for (const m of text.matchAll(/\bimport\(\s*['"](\.[^'"]+)['"]\s*\)/g)) found.add(m[1]);
  return [...found];
}

/** The module graph of the folders under `root`: file -> files it imports (paths relative to root). */
export function importGraph(root: string, folders = SOURCE_FOLDERS): Map<string, string[]> {
  const graph = new Map<string, string[]>();
  for (const file of folders.flatMap((f) => sourceFiles(join(root, f), /\.ts$/))) {
    const targets = importsOf(readFileSync(file, 'utf8'))
      .map((spec) => resolve(dirname(file), spec))
      .filter((path) => path.endsWith('.ts'))
      .map((path) => relative(root, path));
    graph.set(relative(root, file), targets);
  }
  return graph;
}

/** Every circle: the strongly connected groups of more than one module (or a module importing itself), sorted. */
export function importCircles(graph: Map<string, string[]>): string[][] {
  // Tarjan's algorithm, iterative over the sorted modules.
  let counter = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const circles: string[][] = [];
  const visit = (start: string) => {
    const work: [string, number][] = [[start, 0]];
    index.set(start, counter);
    low.set(start, counter++);
    stack.push(start);
    onStack.add(start);
    while (work.length) {
      const top = work[work.length - 1];
      const [node, i] = top;
      const next = (graph.get(node) ?? []).filter((n) => graph.has(n));
      if (i < next.length) {
        top[1]++;
        const to = next[i];
        if (!index.has(to)) {
          index.set(to, counter);
          low.set(to, counter++);
          stack.push(to);
          onStack.add(to);
          work.push([to, 0]);
        } else if (onStack.has(to)) low.set(node, Math.min(low.get(node)!, index.get(to)!));
        continue;
      }
      work.pop();
      if (work.length) {
        const parent = work[work.length - 1][0];
        low.set(parent, Math.min(low.get(parent)!, low.get(node)!));
      }
      if (low.get(node) === index.get(node)) {
        const group: string[] = [];
        let n: string;
        do {
          n = stack.pop()!;
          onStack.delete(n);
          group.push(n);
        } while (n !== node);
        if (group.length > 1 || (graph.get(node) ?? []).includes(node)) circles.push(group.sort());
      }
    }
  };
  for (const node of [...graph.keys()].sort()) if (!index.has(node)) visit(node);
  return circles.sort((a, b) => (a[0] < b[0] ? -1 : 1));
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
  const circles = importCircles(importGraph(root));
  for (const c of circles) console.log(`import circle: ${c.join(' <-> ')}`);
  console.log(circles.length ? `${circles.length} import circle${circles.length === 1 ? '' : 's'}` : 'no import circle');
  process.exitCode = circles.length ? 1 : 0;
}
