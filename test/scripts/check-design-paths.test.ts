// Every repository path docs/design.md names exists (scripts/check-design-paths.ts); the
// checker itself on a page written here: a missing path named by line, placeholders and
// dataset paths left alone.

import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { missingPaths, namedPaths } from '../../scripts/check-design-paths.ts';
import { REPO } from '../shared-structures.ts';

test('every path docs/design.md names exists', () => {
  assert.deepEqual(missingPaths(REPO), []);
});

test('a page with a missing path: named by line; placeholders, dataset paths and flags are not paths', () => {
  const root = mkdtempSync(join(tmpdir(), 'misi-design-paths-'));
  try {
    mkdirSync(join(root, 'docs'));
    mkdirSync(join(root, 'qa'));
    writeFileSync(join(root, 'qa', 'task.ts'), '');
    writeFileSync(
      join(root, 'docs', 'design.md'),
      [
        '| a | `qa/task.ts` (`plan`) |',
        '| b | `qa/gone.ts`, `qa/<task>.<split>.jsonl`, `parts/...`, `--seed` |',
        'and `pipeline/nowhere.ts` too',
      ].join('\n'),
    );
    assert.deepEqual(
      namedPaths('`qa/task.ts` `qa/*.jsonl` `images/`').map((p) => p.path),
      ['qa/task.ts'],
    );
    assert.deepEqual(missingPaths(root), [
      'docs/design.md:2: qa/gone.ts does not exist',
      'docs/design.md:3: pipeline/nowhere.ts does not exist',
    ]);
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
});
