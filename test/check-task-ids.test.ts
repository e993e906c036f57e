// No module of pipeline/ or renders/ knows a task by name (scripts/check-task-ids.ts) or
// imports one task's own module (qa/tasks/<task>.ts): what a task means is read from the task. The checker itself is run on a small tree written here,
// one use of each kind named by file and line, comments and longer names left alone.

import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { importedModules, taskIdUses, taskIdViolations, taskModuleImports } from '../scripts/check-task-ids.ts';
import { REPO } from './shared-structures.ts';

test('pipeline/ and renders/ spell no task id', () => {
  assert.deepEqual(taskIdViolations(REPO), []);
});

test("pipeline/ and renders/ import no task's own module", () => {
  assert.deepEqual(taskModuleImports(REPO), []);
});

test('the script exits 0 on the repository', () => {
  const r = spawnSync(process.execPath, ['--import', 'tsx', join(REPO, 'scripts', 'check-task-ids.ts')], { cwd: REPO, encoding: 'utf8' });
  assert.equal(r.status, 0, r.stdout + r.stderr);
});

test('literals and object keys that are task ids are found; comments, longer names and other text are not', () => {
  const ids = ['rotation', 'rotation_rotation', 'residue_ligand'];
  const text = [
    "// the rotation task, 'rotation' in a comment",
    "if (task === 'rotation') go();", // 2
    '/* "residue_ligand" in a block',
    ' comment */ const a = "residue_ligand";', // 4
    'const b = { rotation_rotation: 1, other: 2 };', // 5
    "const c = 'rotations'; const d = `rotation axis`; const e = 'my_rotation';",
    'const f = `rotation`; // and `zooming` (not an id here)', // 7
    'x ? rotation : y; a::rotation',
  ].join('\n');
  assert.deepEqual(taskIdUses(text, ids), [
    { id: 'rotation', line: 2 },
    { id: 'residue_ligand', line: 4 },
    { id: 'rotation_rotation', line: 5 },
    { id: 'rotation', line: 7 },
  ]);
});

test('a hand-made tree: uses in pipeline/ and renders/ (modules and pages) named, qa/ and test/ not checked', () => {
  const root = mkdtempSync(join(tmpdir(), 'misi-task-ids-'));
  try {
    for (const d of ['pipeline/audit', 'renders/page', 'qa/tasks', 'test']) mkdirSync(join(root, d), { recursive: true });
    writeFileSync(join(root, 'pipeline', 'audit', 'margins.ts'), "const x = 1;\nexport const special = (t: string) => t === 'zooming';\n");
    writeFileSync(join(root, 'renders', 'page', 'page.js'), 'window.TASKS = { docking: true };\n');
    writeFileSync(join(root, 'renders', 'page', 'index.html'), '<!-- "docking" in a comment -->\n<div data-task="docking"></div>\n');
    writeFileSync(join(root, 'qa', 'tasks', 'zooming.ts'), "export const id = 'zooming';\n");
    writeFileSync(join(root, 'test', 'a.test.ts'), "const t = 'zooming';\n");
    const found = taskIdViolations(root, ['zooming', 'docking']).map((v) => `${v.file}:${v.line} ${v.id}`);
    assert.deepEqual(found, ['pipeline/audit/margins.ts:2 zooming', 'renders/page/index.html:2 docking', 'renders/page/page.js:1 docking']);
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
});

test('imports are read from static, re-exporting, side-effect and dynamic forms; commented ones are not', () => {
  const text = [
    "import type { A } from '../../qa/tasks/zooming.ts';",
    "export { B } from './b.ts';",
    "import './side.ts';",
    "const c = await import('../c.js');",
    "// import { D } from './d.ts';",
    "const e = 'from here';",
  ].join('\n');
  assert.deepEqual(importedModules(text), [
    { module: '../../qa/tasks/zooming.ts', line: 1 },
    { module: './b.ts', line: 2 },
    { module: './side.ts', line: 3 },
    { module: '../c.js', line: 4 },
  ]);
});

test("a hand-made tree: a task's own module imported from pipeline/ or renders/ is named; qa/tasks/index.ts, qa/ and other modules are not", () => {
  const root = mkdtempSync(join(tmpdir(), 'misi-task-imports-'));
  try {
    for (const d of ['pipeline/generate', 'renders', 'qa/tasks']) mkdirSync(join(root, d), { recursive: true });
    writeFileSync(
      join(root, 'pipeline', 'generate', 'options.ts'),
      "import { TASKS } from '../../qa/tasks/index.ts';\nimport type { Framing } from '../../qa/tasks/residue-ligand.ts';\nimport { x } from '../../qa/task.ts';\n",
    );
    writeFileSync(join(root, 'renders', 'draw.ts'), "const z = 1;\nconst m = await import('../qa/tasks/zooming.js');\n");
    writeFileSync(join(root, 'qa', 'registry.ts'), "import { zoomingTask } from './tasks/zooming.ts';\n");
    const found = taskModuleImports(root).map((v) => `${v.file}:${v.line} ${v.module}`);
    assert.deepEqual(found, [
      'pipeline/generate/options.ts:2 ../../qa/tasks/residue-ligand.ts',
      'renders/draw.ts:2 ../qa/tasks/zooming.js',
    ]);
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
});
