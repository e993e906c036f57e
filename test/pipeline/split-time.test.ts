// The time split on entries with known dates (worked out by hand): test from the date on,
// year-only dates (a PDBbind index) by year, undated complexes excluded, and train
// complexes whose ligand also occurs in test excluded.

import assert from 'node:assert/strict';
import { test } from 'node:test';
import { splitFromGrouping } from '../../pipeline/generate/split.ts';
import { groupSummaries } from '../../pipeline/split/group-complexes.ts';
import { splitLeaks } from '../../pipeline/split/split-file.ts';
import { indexYears, splitByTime, timeSummary } from '../../pipeline/split/time-split.ts';
import { ingest } from '../../structures/ingest.ts';
import { SAMPLE_DIR, SAMPLE_LIGANDS } from '../../structures/sample-path.ts';

const items = [
  { id: 'a', date: '2018-12-31', smiles: 'CCO' },
  { id: 'b', date: '2019-01-01', smiles: 'c1ccccc1' },
  { id: 'c', date: '2020-06-15', smiles: 'CCO' },
  { id: 'd', date: '2015-03-02', smiles: 'CCN' },
  { id: 'e', date: null, smiles: 'CCC' },
  { id: 'f', date: '2019', smiles: 'CN' },
  { id: 'g', date: '2017', smiles: null },
  { id: 'h', date: '2021', smiles: 'CCCl' },
];

test('time split: on or after the date is test; years by year; undated and test ligands leave train', () => {
  const r = splitByTime(items, '2019-01-01');
  assert.deepEqual(Object.fromEntries(r.side), {
    a: 'excluded',
    b: 'test',
    c: 'test',
    d: 'train',
    e: 'excluded',
    f: 'test',
    g: 'train',
    h: 'test',
  });
  assert.deepEqual(r.notes, [
    { id: 'e', note: 'no release date: excluded' },
    { id: 'a', note: 'its ligand also occurs in test: excluded' },
  ]);
  // Mid-year: a year-only entry of that year cannot be placed.
  const mid = splitByTime(items, '2019-07-01');
  assert.equal(mid.side.get('f'), 'excluded');
  assert.equal(mid.side.get('b'), 'train');
  // A PDBbind index's year wins over the entry's date.
  const years = indexYears('# header\n1aaa  2.00  2001   4.00  Ki=1uM  // 1aaa.pdf (ABC)\nbad line\n', 'INDEX_test');
  assert.deepEqual([...years.years], [['1aaa', '2001']]);
  assert.equal(years.problems.length, 1);
  assert.match(years.problems[0], /^INDEX_test:3: /);
  const withIndex = splitByTime([{ id: '1AAA', date: '2022-01-01', smiles: null }], '2019-01-01', years.years);
  assert.equal(withIndex.side.get('1AAA'), 'train');
  assert.throws(() => splitByTime(items, '2019-1-1'), /not YYYY-MM-DD/);
});

test('time split of the sample through the shared split: dates from the entry, split.json without leaks', async () => {
  const { complexes } = await ingest([SAMPLE_DIR], { ligandsFile: SAMPLE_LIGANDS });
  // The sample's folders carry no date: give them known ones (as the readers would fill entry).
  const dates: Record<string, string> = { '1hpv': '1996-01-01', '1pgp': '2003-05-20', '3mht': '2010-02-17' };
  const dated = complexes.map((c) => ({ ...c, entry: { releaseDate: dates[c.id], releaseDateSource: 'pdb-header' } }));
  assert.deepEqual(
    dated.map((c) => timeSummary(c).date),
    dated.map((c) => dates[c.id]),
  );
  const grouping = await groupSummaries(
    dated.map((c) => ({ id: c.id, time: timeSummary(c) })),
    { by: 'time' },
  );
  const split = splitFromGrouping(grouping, { by: 'time', seed: 0, testShare: 0, splitDate: '2003-05-20' });
  assert.deepEqual(split.ids, { train: ['1hpv'], test: ['1pgp', '3mht'] });
  assert.equal(split.file.splitDate, '2003-05-20');
  assert.deepEqual(splitLeaks(split.file), []);
});
