// The plan stage on the sample: axes spread over complexes even at one question per
// complex, and stay exactly balanced per complex at the default counts; ids are stable.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { planComplex } from '../../pipeline/generate/plan.ts';
import { decideSplit } from '../../pipeline/generate/split.ts';
import { parseCounts } from '../../pipeline/generate/counts.ts';
import { taskById } from '../../qa/task-registry.ts';
import { makeStyle } from '../../renders/style.ts';
import { parseCommands } from '../../renders/commands.ts';
import { sampleComplexes } from '../qa/sample-complexes.ts';

async function plans(seed: number, taskId: string, perComplex: string) {
  const all = await sampleComplexes();
  const task = taskById(taskId)!;
  const split = decideSplit(all.map((c) => c.complex.id), seed, 0);
  const inputs = { seed, split, tasks: [task], counts: parseCounts(perComplex, [task]), style: makeStyle(), complexById: (id: string) => all.find((c) => c.complex.id === id)! };
  return all.flatMap((c) => planComplex(c, inputs).questions);
}

test('one question per complex: the axis still varies across complexes and seeds', async () => {
  const axes = new Map<string, number>();
  for (let seed = 0; seed < 30; seed++) {
    for (const q of await plans(seed, 'rotation', 'rotation=1/1')) {
      const a = parseCommands(q.plan.answer)[0].axis;
      axes.set(a, (axes.get(a) ?? 0) + 1);
    }
  }
  assert.deepEqual([...axes.keys()].sort(), ['x', 'y', 'z']);
  for (const [a, n] of axes) assert.ok(n >= 18, `axis ${a}: ${n} of 90`);
});

test('default counts: every complex gets each axis equally often; ids from task, complex and index', async () => {
  const qs = await plans(5, 'rotation', 'rotation=6/3');
  assert.equal(qs.length, 18);
  for (const c of ['1hpv', '1pgp', '3mht']) {
    const mine = qs.filter((q) => q.complex === c);
    assert.deepEqual(mine.map((q) => q.id), [0, 1, 2, 3, 4, 5].map((i) => `rotation-${c}-00${i}`));
    const axes = mine.map((q) => parseCommands(q.plan.answer)[0].axis).sort().join('');
    assert.equal(axes, 'xxyyzz');
  }
});

test('a complex excluded by the split by protein gets no questions; one with no side at all is a bug', async () => {
  const all = await sampleComplexes();
  const task = taskById('rotation')!;
  const ids = all.map((c) => c.complex.id);
  const [gone, ...kept] = ids;
  const split = { side: new Map(kept.map((id) => [id, 'train' as const])), ids: { train: kept, test: [] }, excluded: [gone] };
  const inputs = { seed: 1, split, tasks: [task], counts: parseCounts('rotation=6/3', [task]), style: makeStyle(), complexById: (id: string) => all.find((c) => c.complex.id === id)! };
  assert.deepEqual(planComplex(all[0], inputs).questions, []);
  assert.equal(planComplex(all[1], inputs).questions.length, 6);
  assert.throws(() => planComplex(all[0], { ...inputs, split: { ...split, excluded: [] } }), /has no side/);
});
