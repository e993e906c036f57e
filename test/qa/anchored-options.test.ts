// Option sets with no tell (qa/anchored-options.ts): over many seeds, the choices-only
// consensus rule (the option sharing the most axes, signs and magnitudes with the other three)
// finds the truth of tasks 5, 6 and 8 no more often than chance with the default options, and
// far more often with `decoys: paper` (so the check can fail); task 8's steps keep the
// distribution of true moves (detailed balance, counted); and the truths of a complex's
// questions never repeat.

import assert from 'node:assert/strict';
import { test } from 'node:test';
import seedrandom from 'seedrandom';
import { centringWeight, locationChange } from '../../qa/centring-move.ts';
import type { PreparedComplex, QuestionPlan, TaskModule } from '../../qa/task.ts';
import { balancedSlot, taskContext } from '../../qa/task-context.ts';
import { taskById } from '../../qa/task-registry.ts';
import { formatCommands } from '../../renders/commands.ts';
import { makeStyle } from '../../renders/style.ts';
import { sampleWithBonds as sampleComplexes } from './hbond-complexes.ts';

const style = makeStyle();

function plans(all: PreparedComplex[], task: TaskModule, seeds: number, perComplex: number, decoys: string): QuestionPlan[] {
  const ids = all.map((c) => c.complex.id).sort();
  const byId = (id: string) => all.find((c) => c.complex.id === id)!;
  const out: QuestionPlan[] = [];
  for (let seed = 0; seed < seeds; seed++) {
    for (const subject of all) {
      const count = task.questionCount ? task.questionCount(subject, 'train', perComplex) : perComplex;
      const offset = seedrandom(`${seed}|${task.id}|${subject.complex.id}|slot`)();
      for (let index = 0; index < count; index++) {
        // The one context builder, with this file's own generators (its rates are measured on them).
        const r = task.plan(
          taskContext({
            seed,
            task: task.id,
            split: 'train',
            index,
            count,
            rng: seedrandom(`${seed}|${task.id}|${subject.complex.id}|${index}`),
            subject,
            slot: balancedSlot(offset, index),
            splitIds: ids,
            complexById: byId,
            style,
            options: { decoys },
          }),
        );
        if (r.ok) out.push(r.plan);
      }
    }
  }
  return out;
}

/** The consensus rule's share of right answers, ties counted as the share of tied options that are right. */
function consensusRate(list: QuestionPlan[]): number {
  let right = 0;
  for (const p of list) {
    if (p.truth.kind !== 'letter') throw new Error('not a choice plan');
    const feats = p.truth.options.map((o) => o.commands!.map((c) => [c.axis, Math.sign(c.amount), Math.abs(c.amount)]));
    const shared = feats.map((mine, i) =>
      feats.reduce((s, other, j) => (i === j ? s : s + mine.reduce((t, f, k) => t + f.filter((v, m) => v === other[k][m]).length, 0)), 0),
    );
    const most = Math.max(...shared);
    const tied = p.truth.options.filter((_, i) => shared[i] === most);
    right += tied.filter((o) => o.scheme === 'truth').length / tied.length;
  }
  return right / list.length;
}

for (const [id, perComplex, seeds] of [
  ['rotation_rotation', 6, 40],
  ['translation_rotation', 6, 40],
  ['interaction_location', 3, 120],
] as const) {
  test(`${id}: the consensus rule finds the anchored truth no more often than chance; the paper's set gives it away`, async () => {
    const all = await sampleComplexes();
    const task = taskById(id)!;
    const anchored = plans(all, task, seeds, perComplex, 'anchored');
    const paper = plans(all, task, Math.ceil(seeds / 4), perComplex, 'paper');
    assert.ok(anchored.length >= 300, `${anchored.length} questions planned`);
    const rate = consensusRate(anchored);
    // Chance is 1/4; 4 standard errors of a share of n questions above it is the most noise allows.
    const bound = 0.25 + 4 * Math.sqrt((0.25 * 0.75) / anchored.length);
    assert.ok(
      rate <= bound,
      `anchored: consensus right for ${(100 * rate).toFixed(1)} % of ${anchored.length} (bound ${(100 * bound).toFixed(1)} %)`,
    );
    assert.ok(consensusRate(paper) >= 0.6, `paper: consensus right for ${(100 * consensusRate(paper)).toFixed(1)} %`);
    // Every option set is four distinct moves, the truth among them once, its letter the answer.
    for (const p of anchored) {
      if (p.truth.kind !== 'letter') throw new Error('not a choice plan');
      assert.equal(new Set(p.truth.options.map((o) => formatCommands(o.commands!))).size, 4);
      assert.equal(p.truth.options.filter((o) => o.scheme === 'truth').length, 1);
      assert.equal(p.truth.options.find((o) => o.scheme === 'truth')!.letter, p.answer);
      assert.ok(typeof p.params.anchor === 'string', 'the anchor is recorded');
    }
  });
}

test('rotation_rotation and translation_rotation: no two questions of a complex share their truth, in 30 questions each', async () => {
  const all = await sampleComplexes();
  for (const id of ['rotation_rotation', 'translation_rotation']) {
    const list = plans(all.slice(0, 2), taskById(id)!, 1, 30, 'anchored');
    for (const c of [0, 1]) {
      const mine = list.slice(c * 30, c * 30 + 30).map((p) => `${p.params.f1}, ${p.params.f2}`);
      assert.equal(new Set(mine).size, mine.length, `${id}: a truth repeats among ${mine.join(' | ')}`);
    }
  }
});

test("task 8 steps keep the true moves' distribution: from values drawn by centringWeight, each pair (v, w) is as frequent as (w, v)", () => {
  const values = Array.from({ length: 41 }, (_, i) => i - 20);
  const weights = values.map(centringWeight);
  const total = weights.reduce((a, b) => a + b, 0);
  const rng = seedrandom('detailed-balance');
  const draw = () => {
    let u = rng() * total;
    for (let i = 0; i < values.length; i++) if ((u -= weights[i]) < 0) return values[i];
    return values[values.length - 1];
  };
  const pairs = new Map<string, number>();
  const N = 400_000;
  for (let n = 0; n < N; n++) {
    const v = draw();
    const w = locationChange(rng, [v, 0]).value[0];
    if (w !== v) pairs.set(`${v} ${w}`, (pairs.get(`${v} ${w}`) ?? 0) + 1);
  }
  let checked = 0;
  for (const [key, forward] of pairs) {
    const [v, w] = key.split(' ').map(Number);
    const backward = pairs.get(`${w} ${v}`) ?? 0;
    if (forward + backward < 400) continue;
    checked++;
    // Equal in expectation: the difference of two counts is within 4.5 standard deviations (sqrt of their sum).
    assert.ok(Math.abs(forward - backward) <= 4.5 * Math.sqrt(forward + backward), `${v} -> ${w}: ${forward}, back ${backward}`);
  }
  assert.ok(checked >= 20, `${checked} pairs frequent enough to compare`);
});
