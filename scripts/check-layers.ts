// Checks the layering rule of docs/design.md on every import of the package's modules
// (structures/, renders/, qa/, pipeline/; TypeScript and JavaScript): a module imports only
// its own layer and the layers below it (structures -> renders -> qa -> pipeline), never
// scripts/ or test/ (which may import anything), and only renders/ imports the browser and
// viewer packages (puppeteer, puppeteer-core, @puppeteer/browsers, 3dmol). Every kind of
// import counts: static, `import type`, re-exports, side-effect imports, `import()`,
// `require()` and `require.resolve()` / `import.meta.resolve()`. Prints each violation as
// file:line and what is wrong, and exits 1 when there is one; test/check-layers.test.ts
// runs it.
//   node --import tsx scripts/check-layers.ts
import { readFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { sourceFiles } from './source-files.ts';

/** The layers, lowest first: each may import itself and those before it. */
export const LAYERS = ['structures', 'renders', 'qa', 'pipeline'] as const;
/** Packages only renders/ may import (the browser and the viewer). */
export const RENDER_ONLY_PACKAGES = ['puppeteer', 'puppeteer-core', '@puppeteer/browsers', '3dmol'];

export interface Violation {
  file: string;
  line: number;
  problem: string;
}

/** Every module specifier `text` imports, with its 1-based line. */
export function importsWithLines(text: string): { specifier: string; line: number }[] {
  const patterns = [
    /(?:^|[\s;])(?:import|export)\s[^'";]*?from\s*['"]([^'"]+)['"]/g,
    /(?:^|[\s;])import\s*['"]([^'"]+)['"]/g,
    /\bimport\(\s*['"]([^'"]+)['"]\s*\)/g,
    /\brequire(?:\.resolve)?\(\s*['"]([^'"]+)['"]\s*[,)]/g,
    /\bimport\.meta\.resolve\(\s*['"]([^'"]+)['"]\s*\)/g,
  ];
  const lineStarts = [0];
  for (let i = 0; i < text.length; i++) if (text[i] === '\n') lineStarts.push(i + 1);
  const lineOf = (offset: number) => {
    let lo = 0,
      hi = lineStarts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (lineStarts[mid] <= offset) lo = mid;
      else hi = mid - 1;
    }
    return lo + 1;
  };
  const found = new Map<string, { specifier: string; line: number }>();
  for (const p of patterns) {
    for (const m of text.matchAll(p)) {
      const at = m.index! + m[0].lastIndexOf(m[1]);
      found.set(`${at}`, { specifier: m[1], line: lineOf(at) });
    }
  }
  return [...found.values()].sort((a, b) => a.line - b.line);
}

/** The layer of a path relative to the root (a built copy under dist/ counts as its source), or its top folder. */
function layerOf(path: string): string {
  const parts = path.split(sep);
  return parts[0] === 'dist' && parts.length > 1 ? parts[1] : parts[0];
}

const rank = (layer: string) => (LAYERS as readonly string[]).indexOf(layer);

/** The package a bare specifier names (`@scope/name` or `name`). */
function packageOf(specifier: string): string {
  const parts = specifier.split('/');
  return specifier.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0];
}

/** Every violation of the rule in the layers under `root`, by file and line. */
export function layerViolations(root: string): Violation[] {
  const out: Violation[] = [];
  for (const layer of LAYERS) {
    for (const path of sourceFiles(join(root, layer))) {
      const file = relative(root, path);
      for (const { specifier, line } of importsWithLines(readFileSync(path, 'utf8'))) {
        if (specifier.startsWith('.')) {
          const target = relative(root, resolve(dirname(path), specifier));
          const to = layerOf(target);
          if (target.startsWith('..')) out.push({ file, line, problem: `imports ${specifier}, outside the repository` });
          else if (rank(to) < 0)
            out.push({
              file,
              line,
              problem: `imports ${target}: a module of ${layer}/ imports only ${LAYERS.slice(0, rank(layer) + 1).join('/, ')}/ (never ${to}/)`,
            });
          else if (rank(to) > rank(layer))
            out.push({
              file,
              line,
              problem: `imports ${target}: ${layer}/ is below ${to}/ (structures -> renders -> qa -> pipeline; a lower layer never imports a higher one)`,
            });
        } else if (layer !== 'renders' && !specifier.startsWith('node:') && RENDER_ONLY_PACKAGES.includes(packageOf(specifier))) {
          out.push({ file, line, problem: `imports ${specifier}: only renders/ touches Puppeteer and 3Dmol.js` });
        }
      }
    }
  }
  return out;
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
  const found = layerViolations(root);
  for (const v of found) console.error(`${v.file}:${v.line}: ${v.problem}`);
  if (found.length) {
    console.error(`check-layers: ${found.length} import${found.length === 1 ? '' : 's'} against the layering rule (docs/design.md)`);
    process.exit(1);
  }
  console.error('check-layers: every import keeps to the layers');
}
