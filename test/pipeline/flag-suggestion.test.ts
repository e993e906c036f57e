// A misspelt flag gets the nearest flag of the command that was run (yargs suggests only
// command names); a word near no flag gets none; the usage error is one line, exit 2.

import assert from 'node:assert/strict';
import { test } from 'node:test';
import { editDistance, nearestFlag } from '../../pipeline/flag-suggestion.ts';
import { cli as inProcess } from '../cli-in-process.ts';
import { REPO } from '../shared-structures.ts';

const run = (...args: string[]) => inProcess(args, { cwd: REPO });

test('a misspelt flag: exit 2, the nearest flag of that command suggested, nothing started', async () => {
  for (const [args, hint] of [
    [['generate', '--structure', 'x', '--out', 'y'], /Unknown argument: structure \(--structure: did you mean --structures\?\)/],
    [['split', '--tset-share', '0.2', '--out', 'y'], /Unknown argument: tset-share \(--tset-share: did you mean --test-share\?\)\n/],
    [['eval', 'out', '--baselin', 'random'], /did you mean --baseline\?/],
    [['hbonds', 'x', '--jsn', '--relx'], /Unknown arguments: jsn, relx \(--jsn: did you mean --json\?; --relx: did you mean --relax\?\)/],
  ] as const) {
    const r = await run(...args);
    assert.equal(r.status, 2, `${args.join(' ')}: ${r.stderr}`);
    assert.match(r.stderr, hint);
    assert.equal(r.stderr.split('\n').filter(Boolean).length, 2, 'the message and the help hint');
  }
});

test('a word near no flag gets no suggestion', async () => {
  const r = await run('ingest', '--frobnicate', '--out', 'y');
  assert.equal(r.status, 2);
  assert.match(r.stderr, /Unknown argument: frobnicate\n/);
  assert.doesNotMatch(r.stderr, /did you mean/);
});

test('edit distance counts a swap of neighbours once; short words need a close match', async () => {
  assert.equal(editDistance('tset', 'test'), 1);
  assert.equal(editDistance('kitten', 'sitting'), 3);
  assert.equal(nearestFlag('ot', ['out', 'seed']), 'out');
  assert.equal(nearestFlag('xy', ['out', 'seed']), null);
  assert.equal(nearestFlag('pocket', ['pocket-radius', 'pocket-hydrogens']), null, 'two flags begin with it: no guess');
  assert.equal(nearestFlag('label-font', ['label-font-size', 'label-layout']), 'label-font-size');
});
