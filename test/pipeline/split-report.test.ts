// What split and stats print about a split by protein: the shortfall, the nearest-identity
// histogram and the largest groups, on a split.json written by hand.

import assert from 'node:assert/strict';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import type { SplitFile } from '../../pipeline/split/split-file.ts';
import { largestGroups, nearestHistogram, shortfall, splitAuditLines } from '../../pipeline/split/split-report.ts';

const near = (identity: number) => ({ id: 'z', identity, compared: 'pocket' as const });
const file: SplitFile = {
  by: 'protein',
  seed: 0,
  testShare: 0.5,
  threshold: 0.3,
  target: 5,
  counts: { train: 3, test: 4, excluded: 1 },
  groups: { train: 2, test: 2 },
  achieved: {
    aimed: 5,
    test: 4,
    train: 3,
    excluded: 1,
    val: 0,
    short: 1,
    maxExcluded: 1,
    engine: 'exact 1',
    threshold: 0.3,
    pairsAudited: 12,
    leaks: 0,
    moved: 0,
    leaksLeft: 0,
  },
  complexes: [
    { id: 'a', side: 'test', group: 'g1', nearest: near(0.05) },
    { id: 'b', side: 'test', group: 'g1', nearest: near(0.25) },
    { id: 'c', side: 'test', group: 'g1', nearest: near(0.29) },
    { id: 'd', side: 'test', group: 'g2', nearest: null },
    { id: 'e', side: 'train', group: 'g1' },
    { id: 'f', side: 'excluded', group: 'g1' },
    { id: 'g', side: 'train', group: 'g2' },
    { id: 'h', side: 'train', group: 'g3' },
  ],
};

test('shortfall, histogram and largest groups of a hand-made split', async () => {
  assert.match(shortfall(file)!, /^test holds 4 complexes, 1 short of the 5 aimed at \(20\.0 % short\), with 1 excluded of at most 1/);
  assert.equal(shortfall({ ...file, achieved: { ...file.achieved!, short: 0 } }), null);
  assert.deepEqual(
    nearestHistogram(file).map((l) => l.replace(/#+$/, '#').trim()),
    ['nearest train identity of the test complexes:', '0- 10 %       1  #', '20- 30 %       2  #', 'no chain to compare  1'],
  );
  assert.deepEqual(
    largestGroups(file, 2)
      .slice(1)
      .map((l) => l.trim().split(/\s+/).join(' ')),
    ['g1 5 3 / 1 / 1', 'g2 2 1 / 1 / 0'],
  );
  const dir = await mkdtemp(join(tmpdir(), 'split-report-'));
  try {
    assert.deepEqual(splitAuditLines(dir), []);
    await writeFile(join(dir, 'split.json'), JSON.stringify(file));
    const lines = splitAuditLines(dir);
    assert.match(
      lines[0],
      /^split: aimed 5 test, got 4; train 3, excluded 1 \(12\.5 %, at most 1\); audit: 12 test x train pairs, 0 at the threshold$/,
    );
    assert.equal(lines.length, 5);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
});
