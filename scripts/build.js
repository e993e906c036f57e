// `npm run build`: compiles structures/, renders/, qa/ and pipeline/ into dist/ (JavaScript and
// .d.ts, tsconfig.build.json) and copies every other file under them (the page's HTML and
// script, the font, the templates, the sample) to the same place in dist/, so a module finds
// its files at the same relative path in the sources and in the compiled package. Plain
// JavaScript, so it runs before anything is built; `npm ci` (prepare) and `npm test` run it.

import { spawnSync } from 'node:child_process';
import { cpSync, readdirSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const LAYERS = ['structures', 'renders', 'qa', 'pipeline'];
/**
 * Not copied: sources (compiled instead), the bin, which stays outside dist/ and loads it,
 * and the page's type-check settings (renders/page/tsconfig.json; the page's .js files are
 * copied as they are: the browser loads them).
 */
const skip = (path) =>
  path.endsWith('.ts') || path === join('pipeline', 'bin', 'misi-gen.js') || path === join('renders', 'page', 'tsconfig.json');

rmSync(join(root, 'dist'), { recursive: true, force: true });
const tsc = join(dirname(createRequire(import.meta.url).resolve('typescript/package.json')), 'bin', 'tsc');
const compiled = spawnSync(process.execPath, [tsc, '-p', join(root, 'tsconfig.build.json')], { stdio: 'inherit' });
if (compiled.status !== 0) {
  process.stderr.write('build: tsc failed (see above)\n');
  process.exit(compiled.status ?? 1);
}
let copied = 0;
for (const layer of LAYERS) {
  for (const entry of readdirSync(join(root, layer), { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const path = join(entry.parentPath ?? entry.path, entry.name).slice(root.length + 1);
    if (skip(path)) continue;
    cpSync(join(root, path), join(root, 'dist', path));
    copied++;
  }
}
process.stderr.write(`build: compiled ${LAYERS.join(', ')} into dist/ and copied ${copied} other files\n`);
