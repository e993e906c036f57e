// A task written outside the package keeps its template in its own folder (TaskModule
// templateDir): the template is read from there, its own partials win, and the bundled
// partials fill in the rest; the bundled template of the same name is not confused with it.

import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { loadTemplate, TEMPLATE_DIR } from '../../qa/template.ts';

test('a template folder of its own, with its partials first and the bundled ones after', () => {
  const dir = mkdtempSync(join(tmpdir(), 'misi-template-'));
  try {
    mkdirSync(join(dir, 'partials'));
    writeFileSync(join(dir, 'partials', 'frame.txt'), 'My own frame.\n');
    writeFileSync(
      join(dir, 'translation.txt'),
      'template: translation\nversion: 99\n---\nMine: {{n}}.\n\n{{> frame}}\n\n{{> conventions}}\n',
    );
    const mine = loadTemplate('translation', dir);
    const bundled = loadTemplate('translation');
    assert.equal(mine.version, 99);
    assert.notEqual(bundled.version, 99, 'the bundled template of the same id is still the bundled one');
    assert.ok(mine.body.startsWith('Mine: {{n}}.\n\nMy own frame.\n\n'), mine.body);
    const conventions = readFileSync(join(TEMPLATE_DIR, 'partials', 'conventions.txt'), 'utf8').trim();
    assert.ok(mine.body.endsWith(conventions), 'the bundled conventions partial is inserted');
    writeFileSync(join(dir, 'broken.txt'), 'template: broken\nversion: 1\n---\n{{> no-such-partial}}\n');
    assert.throws(() => loadTemplate('broken', dir), /broken\.txt: partial 'no-such-partial' not found/);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
