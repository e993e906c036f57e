// The histograms a task declares of its own (TaskModule.statsHistograms) are what `stats`
// prints beyond its answer kind's: residue_ligand's verdicts per split and distances per
// verdict (interaction_kind's alike), pocket_ligand's bonds per complex, and those of a task registered from outside.
// A task that declares none gets none, whatever its params are called. On a hand-written
// dataset folder; the tiny set (a subset of test) is never counted.

import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, test } from 'node:test';
import { datasetStats } from '../../pipeline/generate/dataset-stats.ts';
import { registerTask, taskById } from '../../qa/task-registry.ts';

const dir = mkdtempSync(join(tmpdir(), 'misi-stats-histograms-'));
after(() => rmSync(dir, { recursive: true, force: true }));

const record = (task: string, split: string, n: number, params: Record<string, unknown>) =>
  JSON.stringify({
    id: `${task}-c${n}-000`,
    task,
    split,
    complex: `c${n}`,
    images: [],
    question: 'Q?',
    answer: 'A',
    truth: {},
    meta: { replacements: 0, params },
  }) + '\n';
const write = (name: string, lines: string[]) => writeFileSync(join(dir, 'qa', name), lines.join(''));

// Registered as a task written outside the package would be (--task-module): one histogram of its own.
registerTask({
  id: 'parity_task',
  format: 'cloze',
  imageCount: 1,
  defaultCounts: { train: 1, test: 1 },
  template: 'parity_task',
  plan: () => ({ ok: false, reason: 'never planned here', replacements: 0 }),
  statsHistograms: ({ split, params }) => [[`parity ${split}`, Number(params.n) % 2 ? 'odd' : 'even']],
});
// And one that declares none, though its params are named as residue_ligand's are.
registerTask({
  id: 'silent_task',
  format: 'cloze',
  imageCount: 1,
  defaultCounts: { train: 1, test: 1 },
  template: 'silent_task',
  plan: () => ({ ok: false, reason: 'never planned here', replacements: 0 }),
});

mkdirSync(join(dir, 'qa'));
write('residue_ligand.train.jsonl', [
  record('residue_ligand', 'train', 1, { verdict: 'yes', minDistance: 2.93 }),
  record('residue_ligand', 'train', 2, { verdict: 'no', minDistance: 3.41 }),
  record('residue_ligand', 'train', 3, { verdict: 'yes', minDistance: 2.05 }),
]);
write('residue_ligand.test.jsonl', [record('residue_ligand', 'test', 4, { verdict: 'no', minDistance: 2.1 })]);
// The tiny set's records are test ones, repeated.
write('residue_ligand.tiny.jsonl', [record('residue_ligand', 'test', 4, { verdict: 'no', minDistance: 2.1 })]);
write('pocket_ligand.test.jsonl', [
  record('pocket_ligand', 'test', 1, { complexBonds: 4 }),
  record('pocket_ligand', 'test', 2, { complexBonds: 4 }),
  record('pocket_ligand', 'test', 3, { complexBonds: 10 }),
]);
write('parity_task.train.jsonl', [record('parity_task', 'train', 1, { n: 3 }), record('parity_task', 'train', 2, { n: 4 })]);
write('parity_task.test.jsonl', [record('parity_task', 'test', 3, { n: 5 })]);
write('silent_task.test.jsonl', [record('silent_task', 'test', 1, { verdict: 'yes', minDistance: 2.5, complexBonds: 3 })]);
writeFileSync(
  join(dir, 'manifest.json'),
  JSON.stringify({ options: { tasks: ['residue_ligand', 'pocket_ligand', 'parity_task', 'silent_task'] } }),
);

let stats: ReturnType<typeof datasetStats> | undefined;
const histogramsOf = (task: string) => {
  stats ??= datasetStats(dir, { annotations: false });
  return stats.find((s) => s.task === task)?.histograms;
};

test("residue_ligand: verdicts per split and each verdict's least distance in 1 A bins (the tiny set not counted)", () => {
  assert.deepEqual(histogramsOf('residue_ligand'), {
    'verdict train': { yes: 2, no: 1 },
    'distance yes': { '2': 2 },
    'distance no': { '3': 1, '2': 1 },
    'verdict test': { no: 1 },
  });
});

test('pocket_ligand: bonds per complex', () => {
  assert.deepEqual(histogramsOf('pocket_ligand'), { 'bonds/complex': { '4': 2, '10': 1 } });
});

test('a task registered from outside gets the histograms it declares; one that declares none gets none', () => {
  assert.deepEqual(histogramsOf('parity_task'), { 'parity train': { odd: 1, even: 1 }, 'parity test': { odd: 1 } });
  assert.deepEqual(histogramsOf('silent_task'), {});
});

test("interaction_kind (opt-in) declares residue_ligand's verdict histograms, its params being named alike", () => {
  const of = taskById('interaction_kind')?.statsHistograms;
  assert.ok(of, 'interaction_kind declares statsHistograms');
  assert.deepEqual(of({ split: 'test', params: { verdict: 'Yes', minDistance: 3.96 } }), [
    ['verdict test', 'Yes'],
    ['distance Yes', '3'],
  ]);
  assert.deepEqual(of({ split: 'train', params: { kind: 'salt bridge' } }), []);
});
