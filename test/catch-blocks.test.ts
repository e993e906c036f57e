// Every error the package catches without looking at it (a bare `catch {`) says why where it
// is caught: the block's first line is a comment, giving the reason to go on or naming the
// problem it reports (file and cause). A catch that swallows an error with no word is a
// silent failure waiting for a user to find it.

import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { test } from 'node:test';
import { sourceFiles } from '../scripts/source-files.ts';
import { REPO } from './shared-structures.ts';

/** Bare catches whose block does not open with a comment, by file, with their line numbers. */
function unexplainedCatches(text: string): number[] {
  const lines = text.split('\n');
  const out: number[] = [];
  lines.forEach((line, i) => {
    if (!/\bcatch \{\s*$/.test(line)) return;
    const next = (lines[i + 1] ?? '').trim();
    if (!next.startsWith('//') && !next.startsWith('/*')) out.push(i + 1);
  });
  return out;
}

test('every bare catch of the package says why, where it is caught', () => {
  const found: string[] = [];
  let seen = 0;
  for (const dir of ['structures', 'renders', 'qa', 'pipeline'])
    for (const file of sourceFiles(join(REPO, dir))) {
      const text = readFileSync(file, 'utf8');
      seen += (text.match(/\bcatch \{\s*$/gm) ?? []).length;
      const lines = unexplainedCatches(text);
      const rel = relative(REPO, file);
      if (lines.length) found.push(`${rel}: line ${lines.join(', ')}`);
    }
  assert.deepEqual(found, []);
  // The check reads this repository (else it shows nothing): some 50 bare catches.
  assert.ok(seen > 40, `${seen} bare catches read`);
});

test('the check: a bare catch opening with a comment passes, one without is named by line', () => {
  const text = ['try {', '  a();', '} catch {', '  // gone', '}', 'try {', '  b();', '} catch {', '  return null;', '}'].join('\n');
  assert.deepEqual(unexplainedCatches(text), [8]);
  assert.deepEqual(unexplainedCatches('} catch (e) {\n  return null;\n}'), [], 'a catch that names its error is not bare');
});
