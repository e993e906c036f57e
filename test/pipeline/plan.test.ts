// The plan stage on the sample: axes spread over complexes even at one question per
// complex, and stay exactly balanced per complex at the default counts; ids are stable; no
// question of translation, rotation, zooming or docking repeats another of its complex, and
// a count past the parameter space is a reject, not a repeat.

import assert from 'node:assert/strict';
import { test } from 'node:test';
import { parseCounts } from '../../pipeline/generate/counts.ts';
import { planComplex } from '../../pipeline/generate/plan.ts';
import { decideSplit } from '../../pipeline/generate/split.ts';
import { taskContext } from '../../qa/task-context.ts';
import { taskById } from '../../qa/task-registry.ts';
import { parseCommands } from '../../renders/commands.ts';
import { makeStyle } from '../../renders/style.ts';
import { sampleComplexes } from '../qa/sample-complexes.ts';

async function plans(seed: number, taskId: string, perComplex: string) {
  const all = await sampleComplexes();
  const task = taskById(taskId)!;
  const split = decideSplit(
    all.map((c) => c.complex.id),
    seed,
    0,
  );
  const inputs = {
    seed,
    split,
    tasks: [task],
    counts: parseCounts(perComplex, [task]),
    style: makeStyle(),
    complexById: (id: string) => all.find((c) => c.complex.id === id)!,
  };
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
    assert.deepEqual(
      mine.map((q) => q.id),
      [0, 1, 2, 3, 4, 5].map((i) => `rotation-${c}-00${i}`),
    );
    const axes = mine
      .map((q) => parseCommands(q.plan.answer)[0].axis)
      .sort()
      .join('');
    assert.equal(axes, 'xxyyzz');
  }
});

test('a complex excluded by the split by protein gets no questions; one with no side at all is a bug', async () => {
  const all = await sampleComplexes();
  const task = taskById('rotation')!;
  const ids = all.map((c) => c.complex.id);
  const [gone, ...kept] = ids;
  const split = { side: new Map(kept.map((id) => [id, 'train' as const])), ids: { train: kept, test: [] }, excluded: [gone] };
  const inputs = {
    seed: 1,
    split,
    tasks: [task],
    counts: parseCounts('rotation=6/3', [task]),
    style: makeStyle(),
    complexById: (id: string) => all.find((c) => c.complex.id === id)!,
  };
  assert.deepEqual(planComplex(all[0], inputs).questions, []);
  assert.equal(planComplex(all[1], inputs).questions.length, 6);
  assert.throws(() => planComplex(all[0], { ...inputs, split: { ...split, excluded: [] } }), /has no side/);
});

// --- no question repeats another of its complex (draws without replacement, qa/parameter-decks.ts) ---

/** Parameters that make a question what it is: the command, or docking's (side, extra, roll). */
function parameterKey(q: { task: { id: string }; plan: { answer: string; params: Record<string, unknown> } }): string {
  if (q.task.id !== 'docking') return q.plan.answer;
  const [mv, turn] = parseCommands(String(q.plan.params.displacement));
  return `${Math.sign(mv.amount)} ${q.plan.params.extra} ${turn.axis} ${turn.amount}`;
}

const SPACE: Record<string, number> = { translation: 16, rotation: 36, zooming: 21 };

test('translation, rotation, zooming: over 40 seeds, a complex asked for its whole space gets every command once, axes balanced', async () => {
  for (const [id, size] of Object.entries(SPACE)) {
    for (let seed = 0; seed < 40; seed++) {
      const qs = await plans(seed, id, `${id}=${size}/${size}`);
      for (const c of ['1hpv', '1pgp', '3mht']) {
        const mine = qs.filter((q) => q.complex === c);
        assert.equal(mine.length, size, `${id} ${c} seed ${seed}`);
        const keys = mine.map(parameterKey);
        assert.equal(new Set(keys).size, size, `${id} ${c} seed ${seed}: a command repeats`);
        const axes = new Map<string, number>();
        for (const q of mine) {
          const a = parseCommands(q.plan.answer)[0].axis;
          axes.set(a, (axes.get(a) ?? 0) + 1);
        }
        assert.deepEqual([...axes.values()], Array(axes.size).fill(size / axes.size), `${id} ${c}: axes ${[...axes]}`);
      }
    }
  }
});

test('translation, rotation, zooming: at the default counts, no repeat within a complex over 200 seeds; draws still vary', async () => {
  for (const id of Object.keys(SPACE)) {
    const seen = new Map<string, number>();
    for (let seed = 0; seed < 200; seed++) {
      const qs = await plans(seed, id, `${id}=${taskById(id)!.defaultCounts.train}/${taskById(id)!.defaultCounts.test}`);
      for (const c of ['1hpv', '1pgp', '3mht']) {
        const keys = qs.filter((q) => q.complex === c).map(parameterKey);
        assert.equal(new Set(keys).size, keys.length, `${id} ${c} seed ${seed}: ${keys}`);
        for (const k of keys) seen.set(k, (seen.get(k) ?? 0) + 1);
      }
    }
    // Every command of the space comes up across seeds, none far more often than the rest.
    assert.equal(seen.size, SPACE[id], `${id}: ${seen.size} distinct commands`);
    const counts = [...seen.values()];
    assert.ok(Math.max(...counts) < 2.5 * Math.min(...counts), `${id}: ${Math.min(...counts)}..${Math.max(...counts)}`);
  }
});

test('a count beyond the space: one reject per question past it, naming the task, never a repeat', async () => {
  for (const [id, size] of Object.entries(SPACE)) {
    const all = await sampleComplexes();
    const task = taskById(id)!;
    const split = decideSplit(
      all.map((c) => c.complex.id),
      3,
      0,
    );
    const inputs = {
      seed: 3,
      split,
      tasks: [task],
      counts: parseCounts(`${id}=${size + 5}/${size + 5}`, [task]),
      style: makeStyle(),
      complexById: (x: string) => all.find((c) => c.complex.id === x)!,
    };
    for (const c of all) {
      const { questions, rejects } = planComplex(c, inputs);
      assert.equal(questions.length, size, `${id} ${c.complex.id}`);
      assert.equal(new Set(questions.map(parameterKey)).size, size);
      assert.deepEqual(
        questions.map((q) => q.index),
        [...Array(size).keys()],
      );
      assert.deepEqual(
        rejects.map((r) => [r.index, r.task, r.reason, r.internal]),
        Array.from({ length: 5 }, (_, k) => [size + k, id, `no more distinct ${id} parameters for this complex: ${size} used`, undefined]),
      );
    }
  }
});

test('docking: no (side, extra, roll) repeats within a complex over 10 seeds; roll axes balanced; the 217th question is a reject', async () => {
  for (let seed = 0; seed < 10; seed++) {
    const qs = await plans(seed, 'docking', 'docking=12/12');
    for (const c of ['1hpv', '1pgp', '3mht']) {
      const mine = qs.filter((q) => q.complex === c);
      assert.equal(mine.length, 12, `${c} seed ${seed}`);
      assert.equal(new Set(mine.map(parameterKey)).size, 12, `${c} seed ${seed}: a displacement repeats`);
      const axes = mine
        .map((q) => parseCommands(String(q.plan.params.displacement))[1].axis)
        .sort()
        .join('');
      assert.equal(axes, 'xxxxyyyyzzzz');
    }
  }
  // The space: 2 sides x 3 extras x 12 angles per roll axis, 216 in all; positions past it reject
  // before any geometry is computed.
  const [subject] = await sampleComplexes();
  const docking = taskById('docking')!;
  for (const index of [216, 217, 300]) {
    const r = docking.plan(
      taskContext({
        seed: 0,
        task: docking.id,
        split: 'train',
        index,
        count: index + 1,
        rng: () => 0.5,
        slot: (k) => index % k,
        subject,
        splitIds: [subject.complex.id],
        complexById: () => subject,
        style: makeStyle(),
      }),
    );
    assert.deepEqual(r, { ok: false, reason: 'no more distinct docking parameters for this complex: 216 used', replacements: 0 });
  }
});
