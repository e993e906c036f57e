// The layering rule of docs/design.md holds (scripts/check-layers.ts): no module of
// structures/, renders/, qa/ or pipeline/ imports a higher layer, scripts/ or test/, and only
// renders/ imports Puppeteer or 3Dmol.js. The checker itself is run on a small tree written
// here with one violation of each kind, each named by file and line.

import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { importsWithLines, layerViolations } from '../scripts/check-layers.ts';
import { REPO } from './shared-structures.ts';

test('the package keeps to its layers', () => {
  assert.deepEqual(layerViolations(REPO), []);
  // The checker reads this repository's imports (else the line above shows nothing).
  const generate = importsWithLines(readFileSync(join(REPO, 'pipeline', 'generate', 'run-generate.ts'), 'utf8'));
  assert.ok(generate.some((i) => i.specifier === '../../renders/style.ts'));
  assert.ok(
    importsWithLines(readFileSync(join(REPO, 'renders', 'browser.ts'), 'utf8')).some((i) => i.specifier.startsWith('puppeteer-core')),
  );
});

test('the script exits 0 on the repository', () => {
  const r = spawnSync(process.execPath, ['--import', 'tsx', join(REPO, 'scripts', 'check-layers.ts')], { cwd: REPO, encoding: 'utf8' });
  assert.equal(r.status, 0, r.stderr);
});

test('a hand-made tree: every kind of violation named by file and line, allowed imports not', () => {
  const root = mkdtempSync(join(tmpdir(), 'misi-layers-'));
  try {
    for (const d of ['structures', 'renders', 'qa/tasks', 'pipeline', 'scripts']) mkdirSync(join(root, d), { recursive: true });
    writeFileSync(join(root, 'structures', 'model.ts'), 'export type Complex = { id: string };\n');
    writeFileSync(
      join(root, 'structures', 'bad.ts'),
      "// reads\nimport type { Camera } from '../renders/camera.ts';\nexport type C = Camera;\n",
    );
    writeFileSync(
      join(root, 'renders', 'camera.ts'),
      "import type { Complex } from '../structures/model.ts';\nimport puppeteer from 'puppeteer-core';\nexport type Camera = Complex;\n",
    );
    writeFileSync(
      join(root, 'qa', 'tasks', 'one.ts'),
      [
        "import { Camera } from '../../renders/camera.ts';",
        "import $3Dmol from '3dmol/build/3Dmol.js';",
        "export const later = () => import('../../pipeline/run.ts');",
        "import { install } from '@puppeteer/browsers';",
        "import { readFileSync } from 'node:fs';",
      ].join('\n') + '\n',
    );
    writeFileSync(
      join(root, 'pipeline', 'run.ts'),
      "import '../qa/tasks/one.ts';\nexport * from '../scripts/tool.ts';\nconst p = require.resolve('puppeteer');\n",
    );
    writeFileSync(join(root, 'scripts', 'tool.ts'), "import '../pipeline/run.ts';\nimport 'puppeteer';\n");
    const found = layerViolations(root).map((v) => `${v.file}:${v.line}: ${v.problem}`);
    assert.deepEqual(
      found.map((f) => f.split(': ')[0]),
      ['structures/bad.ts:2', 'qa/tasks/one.ts:2', 'qa/tasks/one.ts:3', 'qa/tasks/one.ts:4', 'pipeline/run.ts:2', 'pipeline/run.ts:3'],
    );
    assert.match(found[0], /imports renders\/camera\.ts: structures\/ is below renders\//);
    assert.match(found[1], /imports 3dmol\/build\/3Dmol\.js: only renders\/ touches Puppeteer and 3Dmol\.js/);
    assert.match(found[2], /imports pipeline\/run\.ts: qa\/ is below pipeline\//);
    assert.match(found[4], /imports scripts\/tool\.ts/);
    assert.match(found[5], /imports puppeteer: only renders\//);
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
});
