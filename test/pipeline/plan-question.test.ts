// planQuestion (pipeline/generate/plan-question.ts, exported by pipeline/index.ts) plans a
// question exactly as generate does: generate writes the bundled sample's dataset with real
// Chromium, and every record it wrote is planned again here from the record's task, complex,
// split and index alone (the run's seed and counts, the split's ids from its split.json, the
// default style and sizes; the sample read again with its H-bonds, as generate reads it): same id, answer, params, and the same whole record.

import assert from 'node:assert/strict';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { parseCounts } from '../../pipeline/generate/counts.ts';
import { questionId, requestedCount } from '../../pipeline/generate/plan.ts';
import { buildRecord } from '../../pipeline/generate/records.ts';
import { generate } from '../../pipeline/generate/run-generate.ts';
import { planQuestion } from '../../pipeline/index.ts';
import { isSplit } from '../../qa/split-names.ts';
import { taskById } from '../../qa/task-registry.ts';
import { TASKS } from '../../qa/tasks/index.ts';
import { findBrowser } from '../../renders/find-browser.ts';
import { SAMPLE_DIR, SAMPLE_LIGANDS } from '../../structures/sample-path.ts';
import { sampleWithBonds } from '../qa/hbond-complexes.ts';

const noBrowser = findBrowser() === null ? 'no Chromium on this machine' : false;
const SEED = 11;
const PER_COMPLEX =
  'translation=1/1,rotation=2/1,zooming=1/1,residue_ligand=2/1,translation_rotation=1/1,rotation_rotation=1/1,docking=1/1,interaction_location=1/1,pocket_ligand=1/1';
const root = mkdtempSync(join(tmpdir(), 'misi-plan-question-'));
const out = join(root, 'data');

before(async () => {
  if (noBrowser) return;
  await generate({
    structures: [SAMPLE_DIR],
    ligandsFile: SAMPLE_LIGANDS,
    out,
    tasks: TASKS,
    seed: SEED,
    perComplex: PER_COMPLEX,
    testShare: 0.5,
    pages: 2,
    quiet: true,
    log: () => {},
  });
});
after(() => rmSync(root, { recursive: true, force: true }));

test('planQuestion plans every record generate wrote for the sample: same id, answer, params, record', { skip: noBrowser }, async () => {
  const all = await sampleWithBonds();
  const byId = (id: string) => all.find((c) => c.complex.id === id)!;
  const split = JSON.parse(readFileSync(join(out, 'split.json'), 'utf8')) as { complexes: { id: string; side: string }[] };
  const idsOf = (side: string) =>
    split.complexes
      .filter((c) => c.side === side)
      .map((c) => c.id)
      .sort();
  const counts = parseCounts(PER_COMPLEX, TASKS);
  let n = 0;
  const sides = new Set<string>();
  const tasks = new Set<string>();
  for (const file of readdirSync(join(out, 'qa')).filter((f) => f.endsWith('.jsonl') && !f.includes('.tiny.'))) {
    for (const line of readFileSync(join(out, 'qa', file), 'utf8')
      .split('\n')
      .filter(Boolean)) {
      const record = JSON.parse(line);
      const task = taskById(record.task)!;
      assert.ok(isSplit(record.split));
      sides.add(record.split);
      tasks.add(record.task);
      const index: number = record.meta.index;
      const r = planQuestion(task, byId(record.complex), record.split, index, {
        seed: SEED,
        requested: requestedCount(counts[task.id], record.split),
        splitIds: idsOf(record.split),
        complexById: byId,
      });
      assert.ok(r.ok, `${record.id}: ${r.ok ? '' : r.reason}`);
      assert.equal(questionId(task.id, record.complex, index), record.id);
      assert.equal(r.plan.answer, record.answer, record.id);
      assert.deepEqual(JSON.parse(JSON.stringify(r.plan.params)), record.meta.params, record.id);
      const again = buildRecord({ id: record.id, task, split: record.split, complex: record.complex, index, plan: r.plan }, SEED);
      assert.deepEqual(JSON.parse(JSON.stringify(again)), record, record.id);
      n++;
    }
  }
  assert.deepEqual([...sides].sort(), ['test', 'train']);
  // 28 records of 9 tasks at the time of writing; fewer would mean generate wrote less.
  assert.ok(n >= 20, `${n} records compared`);
  assert.equal(tasks.size, 9, [...tasks].join(', '));
});

test('another seed plans another question (the comparison above can fail)', { skip: noBrowser }, async () => {
  const all = await sampleWithBonds();
  const task = taskById('rotation')!;
  const plans = [0, 1, 2, 3, 4, 5].map((seed) => planQuestion(task, all[0], 'train', 0, { seed }));
  const answers = new Set(plans.map((p) => (p.ok ? p.plan.answer : p.reason)));
  assert.ok(answers.size > 1, [...answers].join(' | '));
});
