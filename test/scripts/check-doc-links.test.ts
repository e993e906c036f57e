// The docs stay inside the repository: the checker passes on this repository, and on a
// small hand-made repository it reports each kind of problem it exists to catch (a link to a
// missing file, an anchor no heading has, a link leaving the repository, a path named in
// prose that does not exist, a line pointing at ../shared) while accepting what is fine.

import assert from 'node:assert/strict';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { checkDocLinks, headingAnchor } from '../../scripts/check-doc-links.ts';
import { REPO } from '../shared-structures.ts';

test('every link and path in README.md and docs/ resolves inside this repository', () => {
  const problems = checkDocLinks(REPO);
  assert.deepEqual(
    problems.map((p) => `${p.file}:${p.line}: ${p.message}`),
    [],
  );
});

test('headings become GitHub anchors', () => {
  assert.equal(headingAnchor('Measuring it: `npm run bench:scale`'), 'measuring-it-npm-run-benchscale');
  assert.equal(headingAnchor('The browser'), 'the-browser');
  assert.equal(headingAnchor('Splits: `generate --split-by` and `misi-gen split`'), 'splits-generate---split-by-and-misi-gen-split');
});

test('a hand-made repository: each problem reported once with its line, good links accepted', async () => {
  const root = await mkdtemp(join(tmpdir(), 'doc-links-'));
  try {
    await mkdir(join(root, 'docs/history'), { recursive: true });
    await mkdir(join(root, 'qa'), { recursive: true });
    await writeFile(join(root, 'qa/task.ts'), '');
    await writeFile(
      join(root, 'README.md'),
      [
        '# Title',
        '',
        '## Quick start',
        '',
        'See [tasks](docs/tasks.md#the-nine-tasks) and [start](#quick-start) and [web](https://example.org/x).', // 5: fine
        'A [missing page](docs/nope.md).', // 6
        'An [anchor nobody has](docs/tasks.md#nowhere).', // 7
        'Code `[not a link](nope.md)` and `qa/task.ts` and qa/tasks/<id>.ts.', // 8: fine
        'The test set lives in ../shared/structures.', // 9
        '```',
        '[inside a fence](fenced.md)',
        '```', // 10-12: fine
        'Leaving: [up](../outside.md).', // 13
        'Names qa/missing.ts in prose.', // 14
      ].join('\n'),
    );
    await writeFile(join(root, 'docs/tasks.md'), '# The nine tasks\n\nBack to the [README](../README.md#quick-start).\n');
    await writeFile(join(root, 'docs/history/old.md'), 'Then ../shared held it, and qa/gone.ts existed; [a broken link](gone.md).\n');
    const got = checkDocLinks(root).map((p) => `${p.file}:${p.line}: ${p.message}`);
    assert.deepEqual(got, [
      'README.md:6: link docs/nope.md: no such file (docs/nope.md)',
      'README.md:7: link docs/tasks.md#nowhere: docs/tasks.md has no heading with anchor #nowhere',
      'README.md:9: points outside the repository (../shared): say what is meant instead',
      'README.md:13: link ../outside.md leaves the repository',
      'README.md:14: names qa/missing.ts, which the repository does not have',
      'docs/history/old.md:1: link gone.md: no such file (docs/history/gone.md)',
    ]);
  } finally {
    await rm(root, { recursive: true, force: true });
  }
});
