// No module of structures/, renders/, qa/ or pipeline/ imports itself through others
// (scripts/find-import-circles.ts). The finder itself is checked on small folders written
// here: a circle over a type import, one over a dynamic import, and a chain without one.

import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { importCircles, importGraph } from '../scripts/find-import-circles.ts';
import { REPO } from './shared-structures.ts';

test('the package has no import circle', () => {
  const graph = importGraph(REPO);
  assert.ok(graph.size > 200, `only ${graph.size} modules found`);
  assert.deepEqual(importCircles(graph), []);
});

test('the finder finds circles over type and dynamic imports, and none in a chain', () => {
  const root = mkdtempSync(join(tmpdir(), 'misi-circles-'));
  try {
    mkdirSync(join(root, 'qa', 'tasks'), { recursive: true });
    mkdirSync(join(root, 'pipeline', 'commands'), { recursive: true });
    writeFileSync(join(root, 'qa', 'task.ts'), "import type { Framing } from './camera.ts';\nexport type T = Framing;\n");
    writeFileSync(join(root, 'qa', 'camera.ts'), "import type { T } from './task.ts';\nexport type Framing = 'a';\n");
    writeFileSync(join(root, 'qa', 'tasks', 'one.ts'), "import { x } from '../chain.ts';\nexport const y = x;\n");
    writeFileSync(join(root, 'qa', 'chain.ts'), 'export const x = 1;\n');
    writeFileSync(
      join(root, 'pipeline', 'cli.ts'),
      "export class UsageError extends Error {}\nexport const load = () => import('./commands/render.ts');\n",
    );
    writeFileSync(
      join(root, 'pipeline', 'commands', 'render.ts'),
      "import { UsageError } from '../cli.ts';\nexport const e = UsageError;\n",
    );
    assert.deepEqual(importCircles(importGraph(root, ['qa', 'pipeline'])), [
      ['pipeline/cli.ts', 'pipeline/commands/render.ts'],
      ['qa/camera.ts', 'qa/task.ts'],
    ]);
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
});
