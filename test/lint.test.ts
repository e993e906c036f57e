// The linter and formatter (Biome, configured once in biome.json) hold over the whole tree:
// `biome ci` fails on any lint error or any file not formatted as `npm run format` would
// write it, naming the file and line. Run here so that `npm test`, and so CI, checks it.

import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';

const REPO = join(dirname(fileURLToPath(import.meta.url)), '..');
const biome = join(dirname(createRequire(import.meta.url).resolve('@biomejs/biome/package.json')), 'bin', 'biome');

test('biome ci: no lint error, every file formatted', () => {
  const r = spawnSync(process.execPath, [biome, 'ci', '--colors=off', '.'], { cwd: REPO, encoding: 'utf8' });
  assert.equal(r.status, 0, `${r.stdout}\n${r.stderr}`);
  assert.match(r.stdout + r.stderr, /Checked \d+ files/);
});
