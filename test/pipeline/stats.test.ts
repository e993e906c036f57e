// `misi-gen stats` on a small hand-written dataset folder: counts per split, histograms,
// replacements, and a one-line error for a folder that is not a dataset.

import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, test } from 'node:test';
import { cli as inProcess } from '../cli-in-process.ts';
import { REPO } from '../shared-structures.ts';

const dir = mkdtempSync(join(tmpdir(), 'misi-stats-'));
after(() => rmSync(dir, { recursive: true, force: true }));

/** A question record as generate writes it, with the given id, truth and meta. */
const line = (o: { id: string; truth: unknown; meta: unknown }, split = 'train') =>
  JSON.stringify({
    id: o.id,
    task: o.id.startsWith('rr-') ? 'rotation_rotation' : 'rotation',
    split,
    complex: o.id.split('-')[1],
    images: [],
    question: 'Q?',
    answer: 'A',
    truth: o.truth,
    meta: o.meta,
  }) + '\n';
mkdirSync(join(dir, 'qa'));
writeFileSync(
  join(dir, 'qa', 'rotation.train.jsonl'),
  line({ id: 'rotation-a-000', truth: { commands: [{ kind: 'roll', axis: 'x', amount: 15 }] }, meta: { replacements: 0 } }) +
    line({ id: 'rotation-a-001', truth: { commands: [{ kind: 'roll', axis: 'y', amount: -90 }] }, meta: { replacements: 0 } }) +
    line({ id: 'rotation-b-000', truth: { commands: [{ kind: 'roll', axis: 'x', amount: 15 }] }, meta: { replacements: 0 } }),
);
writeFileSync(join(dir, 'qa', 'rotation.test.jsonl'), '');
/** A choice's truth as generate writes it: the letter and every option (a truth without them is not a choice's). */
const choice = (letter: string) => ({
  letter,
  options: ['A', 'B', 'C', 'D'].map((l) => ({ letter: l, scheme: l === letter ? 'truth' : 'sign' })),
});
writeFileSync(
  join(dir, 'qa', 'rotation_rotation.test.jsonl'),
  line(
    {
      id: 'rr-a-000',
      truth: choice('C'),
      meta: { replacements: 2, params: { f1: 'roll x 15', f2: 'roll z 30' }, decoySchemes: ['magnitude_both'] },
    },
    'test',
  ) +
    line(
      { id: 'rr-a-001', truth: choice('A'), meta: { replacements: 1, params: { f1: 'roll y 15', f2: 'roll z 30' }, decoySchemes: [] } },
      'test',
    ),
);
writeFileSync(
  join(dir, 'manifest.json'),
  JSON.stringify({ options: { tasks: ['rotation', 'rotation_rotation'] }, replacements: { rotation: 0, rotation_rotation: 5 } }),
);

const run = (...args: string[]) => inProcess(['stats', ...args], { cwd: REPO });

test('stats prints counts, histograms and replacements per task', async () => {
  const r = await run(dir);
  assert.equal(r.status, 0, r.stderr);
  assert.equal(
    r.stdout,
    [
      'rotation: 3 questions (train 3, test 0); replaced draws 0 (0 in the run, rejected questions included)',
      '  roll axis      x:2  y:1',
      '  roll x         15:2',
      '  roll y         -90:1',
      'rotation_rotation: 2 questions (test 2); replaced draws 3 (5 in the run, rejected questions included)',
      '  decoy scheme   magnitude_both:1',
      '  f1 axis        roll x:1  roll y:1',
      '  f2 axis        roll z:2',
      '  letter         A:1  C:1',
      // The shortcut audit: rotation-a-000 and -001 share complex, images and answer (a repeat);
      // rotation_rotation has no train questions to fit on, so it is not audited.
      `shortcut audit (blind baselines fitted on train; details: misi-gen audit ${dir}):`,
      '  rotation: FLAGGED; no held-out questions; exact duplicates 1',
      '',
    ].join('\n'),
  );
  const j = JSON.parse((await run(dir, '--json')).stdout);
  assert.deepEqual(
    j.map((s: any) => s.task),
    ['rotation', 'rotation_rotation'],
  );
  assert.deepEqual(j[0].audit.duplicates, { train: 1, test: 0 });
  assert.equal(j[1].audit, null);
});

test('stats on a folder without qa/ fails with one line', async () => {
  const r = await run(join(dir, 'qa'));
  assert.equal(r.status, 1);
  assert.match(r.stderr, /^misi-gen stats: .*qa\/qa: no such folder.*\n$/);
});
