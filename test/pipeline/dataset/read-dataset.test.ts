// The dataset reader (pipeline/dataset/read-dataset.ts) on folders written here by hand, as
// generate lays them out: options in both shapes reach the scorer as letter -> text; a
// malformed line is named by file and line (and, given a problem sink, skipped while the
// rest is read); a val split is read where its files are and refused where they are not;
// a missing file, manifest or qa folder is named.

import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { DatasetReadError, loadDataset, openDataset, readQaFile, readQaSplit } from '../../../pipeline/dataset/read-dataset.ts';

/** A question record with every field generate writes. */
const record = (task: string, split: string, n: number, extra: Record<string, unknown> = {}) => ({
  id: `${task}-c${n}-000`,
  task,
  split,
  complex: `c${n}`,
  images: [`images/k${n}.png`],
  question: `Question ${n}?`,
  answer: `move x ${n}`,
  truth: { commands: [{ kind: 'move', axis: 'x', amount: n }] },
  meta: { seed: 1 },
  ...extra,
});
const lines = (...records: unknown[]) => records.map((r) => (typeof r === 'string' ? r : JSON.stringify(r)) + '\n').join('');

/** A folder with a manifest naming `tasks` and the given qa files (name -> text). */
function dataset(tasks: string[] | null, files: Record<string, string>): string {
  const dir = mkdtempSync(join(tmpdir(), 'misi-read-'));
  mkdirSync(join(dir, 'qa'));
  if (tasks)
    writeFileSync(join(dir, 'manifest.json'), JSON.stringify({ format: 'misi-gen-dataset/1', seed: 3, options: { tasks }, counts: {} }));
  for (const [name, text] of Object.entries(files)) writeFileSync(join(dir, 'qa', name), text);
  return dir;
}

const isReadError = (re: RegExp) => (e: Error) => {
  assert.ok(e instanceof DatasetReadError, `a DatasetReadError, not ${e.constructor.name}: ${e.message}`);
  assert.match(e.message, re);
  return true;
};
const rejectsWith = (f: () => unknown, re: RegExp) => assert.throws(f, isReadError(re));
const escaped = (path: string) => path.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

test('list-shaped and letter-keyed options both read as letter -> text', async () => {
  const listed = {
    id: 'interaction_location-x-000',
    task: 'interaction_location',
    answer: 'C',
    options: [
      { letter: 'A', commands: 'move x 1, move y 2' },
      { letter: 'B', commands: 'move x -1, move y 2' },
      { letter: 'C', commands: 'move x 3, move y -4' },
      { letter: 'D', commands: 'move x -3, move y 6' },
    ],
  };
  const keyed = {
    id: 'rotation_rotation-x-000',
    task: 'rotation_rotation',
    answer: 'A',
    options: { A: 'roll x 15, roll y 30', B: 'roll x 30, roll y 45', C: 'roll x -15, roll y 60', D: 'roll z 15, roll y 75' },
  };
  const dir = dataset(null, { 'interaction_location.test.jsonl': lines(listed), 'rotation_rotation.test.jsonl': lines(keyed) });
  const records = await readQaSplit(dir, 'test');
  const byId = new Map(records.map((r) => [r.id, r]));
  assert.deepEqual(byId.get(listed.id)!.options, {
    A: 'move x 1, move y 2',
    B: 'move x -1, move y 2',
    C: 'move x 3, move y -4',
    D: 'move x -3, move y 6',
  });
  assert.deepEqual(byId.get(keyed.id)!.options, keyed.options);
  assert.equal(byId.get(keyed.id)!.source, 'qa/rotation_rotation.test.jsonl:1');
});

test('a malformed line is named by file and line; with a problem sink the others are still read', async () => {
  const good = [record('translation', 'test', 1), record('translation', 'test', 3)];
  const dir = dataset(['translation'], {
    'translation.train.jsonl': lines(record('translation', 'train', 2)),
    'translation.test.jsonl': lines(good[0], '{"id": "translation-c2-000", "task": "transl', good[1]),
  });
  const file = join(dir, 'qa', 'translation.test.jsonl');
  await assert.rejects(readQaSplit(dir, 'test'), isReadError(new RegExp(`^${escaped(file)}:2: not JSON$`)));
  rejectsWith(() => loadDataset(dir), new RegExp(`^${escaped(file)}:2: not JSON$`));
  const problems: string[] = [];
  const read = readQaFile(openDataset(dir).file('translation', 'test')!, 'record', (p) => problems.push(p));
  assert.deepEqual(problems, [`${file}:2: not JSON`]);
  assert.deepEqual(
    read.map((q) => [q.record.id, q.line]),
    [
      [good[0].id, 1],
      [good[1].id, 3],
    ],
  );

  // A line that is JSON but not a question record: each missing or mistyped field named.
  const partial = dataset(['translation'], {
    'translation.train.jsonl': lines(record('translation', 'train', 2)),
    'translation.test.jsonl': lines(good[0], { ...record('translation', 'test', 4), question: undefined, images: 'images/k4.png' }),
  });
  rejectsWith(
    () => loadDataset(partial),
    new RegExp(
      `^${escaped(join(partial, 'qa', 'translation.test.jsonl'))}:2: field \`images\` must be a list, got string; field \`question\` is missing \\(must be a string\\)$`,
    ),
  );
  // Each kind of fault, named by field: a wrong type, a value outside the vocabulary, a bad option, no truth.
  const faults = dataset(['translation'], {
    'translation.train.jsonl': lines(record('translation', 'train', 2)),
    'translation.test.jsonl': lines(
      { ...record('translation', 'test', 5), answer: 3 },
      { ...record('translation', 'test', 6), split: 'tset' },
      { ...record('translation', 'test', 7), options: [{ letter: 'A', commands: 1 }] },
      { ...record('translation', 'test', 8), truth: undefined, meta: [] },
    ),
  });
  const faultFile = join(faults, 'qa', 'translation.test.jsonl');
  const said: string[] = [];
  readQaFile(openDataset(faults).file('translation', 'test')!, 'record', (p) => said.push(p));
  assert.deepEqual(said, [
    `${faultFile}:1: field \`answer\` must be a string, got number`,
    `${faultFile}:2: field \`split\` must be "train" or "test" or "val", got "tset"`,
    `${faultFile}:3: field \`options[0].commands\` must be a string, got number`,
    `${faultFile}:4: field \`truth\` is missing; field \`meta\` must be an object, got a list`,
  ]);
  // The scorer needs no more than id, task and answer: the same file scores.
  assert.equal((await readQaSplit(partial, 'test')).length, 2);
});

test('a val split is read where qa/ holds val files, and refused by name where it does not', async () => {
  const files = {
    'translation.train.jsonl': lines(record('translation', 'train', 1)),
    'translation.test.jsonl': lines(record('translation', 'test', 2), record('translation', 'test', 3)),
    'translation.val.jsonl': lines(record('translation', 'val', 4)),
  };
  const withVal = loadDataset(dataset(['translation'], files));
  assert.deepEqual(withVal.splits, ['train', 'test', 'val', 'tiny']);
  assert.deepEqual(
    withVal.records.get('translation')!.val.map((r) => r.id),
    ['translation-c4-000'],
  );
  // No tiny file: the tiny set is computed from test (fewer than 50 test questions: all of them).
  assert.deepEqual(
    withVal.records.get('translation')!.tiny.map((r) => r.id),
    ['translation-c2-000', 'translation-c3-000'],
  );
  const dir = dataset(['translation'], files);
  assert.deepEqual(
    (await readQaSplit(dir, 'val')).map((r) => [r.id, r.source]),
    [['translation-c4-000', 'qa/translation.val.jsonl:1']],
  );

  const { 'translation.val.jsonl': _, ...noVal } = files;
  const without = dataset(['translation'], noVal);
  assert.deepEqual(loadDataset(without).splits, ['train', 'test', 'tiny']);
  await assert.rejects(
    readQaSplit(without, 'val'),
    isReadError(
      new RegExp(
        `^${escaped(join(without, 'qa'))}: no <task>\\.val\\.jsonl files for the val split \\(val comes from generate --buffer val\\)$`,
      ),
    ),
  );
});

test('a missing qa file, manifest or qa folder is named', () => {
  // The manifest names rotation, whose train file is not there.
  const dir = dataset(['translation', 'rotation'], {
    'translation.train.jsonl': lines(record('translation', 'train', 1)),
    'translation.test.jsonl': lines(record('translation', 'test', 2)),
    'rotation.test.jsonl': lines(record('rotation', 'test', 2)),
  });
  rejectsWith(
    () => loadDataset(dir),
    new RegExp(`^${escaped(join(dir, 'qa', 'rotation.train.jsonl'))}: missing \\(the dataset is incomplete\\)$`),
  );
  const noManifest = dataset(null, { 'translation.test.jsonl': lines(record('translation', 'test', 2)) });
  rejectsWith(() => loadDataset(noManifest), new RegExp(`^${escaped(join(noManifest, 'manifest.json'))}: no such file`));
  assert.deepEqual(openDataset(noManifest).tasks, ['translation'], 'without a manifest the qa files name the tasks');
  const empty = mkdtempSync(join(tmpdir(), 'misi-read-'));
  rejectsWith(() => openDataset(empty), new RegExp(`^${escaped(join(empty, 'qa'))}: no such folder`));
});
