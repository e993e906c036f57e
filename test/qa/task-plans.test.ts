// Every task planned on the bundled sample, its answers recomputed here from the scenes it
// hands to the renderer (never from the task's own bookkeeping): image counts and order,
// answer formats, the answer equal to the drawn transform, decoys, option separation from
// annotation records, and the docking undo.

import assert from 'node:assert/strict';
import { test } from 'node:test';
import seedrandom from 'seedrandom';
import { planQuestion } from '../../pipeline/generate/plan-question.ts';
import type { PreparedComplex, QuestionPlan, TaskModule } from '../../qa/task.ts';
import { taskById } from '../../qa/task-registry.ts';
import { TASKS } from '../../qa/tasks/index.ts';
import { annotate } from '../../renders/annotation.ts';
import { type Command, formatCommands, parseCommands } from '../../renders/commands.ts';
import { commandsMatrix, transformPoint } from '../../renders/rigid-motion.ts';
import { ligandMatrixOf, poseScene } from '../../renders/scene-pose.ts';
import type { SceneSpec } from '../../renders/scene-spec.ts';
import { makeStyle } from '../../renders/style.ts';
import { NEEDS_SHARED } from '../shared-structures.ts';
import { moveLigand } from './ligand-motion.ts';
import { sampleComplexes, sharedComplexes } from './sample-complexes.ts';

const style = makeStyle();
const IMAGES: Record<string, number> = {
  translation: 4,
  rotation: 4,
  zooming: 4,
  translation_rotation: 11,
  rotation_rotation: 8,
  docking: 7,
};
const ANGLE = '(15|30|45|60|75|90)';
const FORMAT: Record<string, RegExp> = {
  translation: /^move [xy] -?[1-4]$/,
  rotation: new RegExp(`^roll [xyz] -?${ANGLE}$`),
  zooming: /^move z (4[0-9]|5[0-9]|60)$/,
  translation_rotation: /^[ABCD]$/,
  rotation_rotation: /^[ABCD]$/,
  docking: new RegExp(`^roll [xyz] -?${ANGLE}, move x -?[1-9][0-9]*$`),
};
const QUESTIONS = 6;
/** The six spatial tasks planned here (the H-bond tasks have their own tests: hbond-tasks*.test.ts). */
const SPATIAL = TASKS.filter((t) => t.id in IMAGES);
/** Each check runs on the bundled sample and, when present, on 20 complexes of ../shared. */
const SETS: [string, () => Promise<PreparedComplex[]>, string | false][] = [
  ['sample', sampleComplexes, false],
  ['shared (20)', sharedComplexes, NEEDS_SHARED],
];
function eachSet(name: string, fn: (all: PreparedComplex[], t: any) => Promise<void>) {
  for (const [set, load, skip] of SETS) test(`${set}: ${name}`, { skip }, async (t) => fn(await load(), t));
}

function planAll(all: PreparedComplex[], task: TaskModule, seed: string) {
  const ids = all.map((c) => c.complex.id).sort();
  const byId = (id: string) => all.find((c) => c.complex.id === id)!;
  const out: { subject: PreparedComplex; plan: QuestionPlan }[] = [];
  // The run seed too follows the test's seed (the spatial tasks' parameter decks are keyed by it).
  const runSeed = Math.floor(seedrandom(`${seed}|run`)() * 2 ** 31);
  for (const subject of all) {
    for (let index = 0; index < QUESTIONS; index++) {
      // Planned as generate plans (its seeds, slots and decks; the task's image size).
      const r = planQuestion(task, subject, 'train', index, { seed: runSeed, count: QUESTIONS, splitIds: ids, complexById: byId, style });
      assert.ok(r.ok, `${task.id} ${subject.complex.id} #${index}: ${r.ok ? '' : r.reason}`);
      out.push({ subject, plan: r.plan });
    }
  }
  return out;
}

const describe = (s: SceneSpec) => ({
  complex: s.complex.id,
  subset: s.subset.kind,
  view: s.view,
  transform: formatCommands(s.transform),
  ligand: formatCommands(s.ligandTransform),
});
const start = (id: string, view: string, subset = 'full', ligand = '') => ({ complex: id, subset, view, transform: '', ligand });

function meanPixelShift(a: SceneSpec, b: SceneSpec): number {
  const pa = annotate(a, poseScene(a), '').atoms;
  const pb = annotate(b, poseScene(b), '').atoms;
  assert.equal(pa.length, pb.length);
  return pa.reduce((s, p, i) => s + Math.hypot(p.x - pb[i].x, p.y - pb[i].y), 0) / pa.length;
}

eachSet('every task: image count, answer format, never a zero transform; no cloze answer repeats within a complex', async (all, _t) => {
  for (const task of SPATIAL) {
    const answers = new Map<string, string[]>();
    for (const { subject, plan } of planAll(all, task, 's1')) {
      assert.equal(plan.images.length, IMAGES[task.id], task.id);
      assert.match(plan.answer, FORMAT[task.id], `${task.id}: '${plan.answer}'`);
      if (task.format === 'cloze') assert.ok(parseCommands(plan.answer).every((c) => c.amount !== 0));
      answers.set(subject.complex.id, [...(answers.get(subject.complex.id) ?? []), plan.answer]);
    }
    // Drawn without replacement (qa/parameter-decks.ts): a cloze answer is the question's parameters.
    if (task.format === 'cloze') for (const [c, a] of answers) assert.equal(new Set(a).size, a.length, `${task.id} ${c}: ${a}`);
  }
});

eachSet(
  'translation, rotation, zooming: three start views, then the front view after exactly the answer; axes balanced',
  async (all, _t) => {
    for (const id of ['translation', 'rotation', 'zooming']) {
      const axes = new Map<string, number>();
      for (const { subject, plan } of planAll(all, taskById(id)!, 's2')) {
        const c = subject.complex.id;
        assert.deepEqual(plan.images.slice(0, 3).map(describe), [start(c, 'front'), start(c, 'left'), start(c, 'top')]);
        assert.deepEqual(describe(plan.images[3]), { ...start(c, 'front'), transform: plan.answer });
        const axis = parseCommands(plan.answer)[0].axis;
        axes.set(axis, (axes.get(axis) ?? 0) + 1);
      }
      const n = all.length * QUESTIONS;
      const expected = id === 'translation' ? { x: n / 2, y: n / 2 } : id === 'rotation' ? { x: n / 3, y: n / 3, z: n / 3 } : { z: n };
      assert.deepEqual(Object.fromEntries([...axes].sort()), expected, id);
    }
  },
);

function checkOptions(plan: QuestionPlan, first: number, before: Command[], onto: string) {
  const truth = plan.truth;
  assert.equal(truth.kind, 'letter');
  if (truth.kind !== 'letter') return;
  const options = truth.options;
  assert.deepEqual(
    options.map((o) => [o.letter, o.image]),
    [
      ['A', first],
      ['B', first + 1],
      ['C', first + 2],
      ['D', first + 3],
    ],
  );
  assert.equal(truth.letter, plan.answer);
  const f = [...before];
  for (const o of options) {
    const s = plan.images[o.image!];
    assert.equal(s.complex.id, onto);
    assert.equal(s.view, 'front');
    assert.equal(formatCommands(s.transform), formatCommands([...f, ...o.commands!]));
  }
  // Four different transforms whose images look different: at least 8 px apart on average (512 px wide).
  assert.equal(new Set(options.map((o) => formatCommands(o.commands!))).size, 4);
  for (let i = 0; i < 4; i++)
    for (let j = i + 1; j < 4; j++) {
      const shift = meanPixelShift(plan.images[first + i], plan.images[first + j]);
      assert.ok(shift >= 8, `options ${i} and ${j} differ by only ${shift.toFixed(2)} px`);
    }
  return options.find((o) => o.letter === plan.answer)!.commands!;
}

eachSet('translation+rotation: reference, its after image, a partner from the split, the truth among four options', async (all, _t) => {
  for (const { subject, plan } of planAll(all, taskById('translation_rotation')!, 's3')) {
    const ref = subject.complex.id;
    const partner = plan.images[4].complex.id;
    assert.notEqual(partner, ref);
    assert.deepEqual(plan.images.slice(0, 3).map(describe), [start(ref, 'front'), start(ref, 'left'), start(ref, 'top')]);
    assert.deepEqual(plan.images.slice(4, 7).map(describe), [start(partner, 'front'), start(partner, 'left'), start(partner, 'top')]);
    const after = plan.images[3];
    assert.equal(after.complex.id, ref);
    const [f1, f2] = after.transform;
    assert.ok(f1.kind === 'move' && (f1.axis === 'x' || f1.axis === 'y') && f2.kind === 'roll');
    const right = checkOptions(plan, 7, [], partner);
    assert.deepEqual(right, after.transform);
  }
});

eachSet('rotation+rotation: two rolls on different axes, the options applied after them, the truth repeats them', async (all, _t) => {
  for (const { subject, plan } of planAll(all, taskById('rotation_rotation')!, 's4')) {
    const c = subject.complex.id;
    assert.deepEqual(plan.images.slice(0, 3).map(describe), [start(c, 'front'), start(c, 'left'), start(c, 'top')]);
    const pair = plan.images[3].transform;
    assert.equal(pair.length, 2);
    assert.ok(pair.every((x) => x.kind === 'roll'));
    assert.notEqual(pair[0].axis, pair[1].axis);
    const right = checkOptions(plan, 4, pair, c);
    assert.deepEqual(right, pair);
  }
});

eachSet('docking: displacement then answer puts every ligand atom back (1e-6 A); the move just clears the pocket', async (all, t) => {
  let worstRecomputed = 0;
  for (const { subject, plan } of planAll(all, taskById('docking')!, 's5')) {
    const c = subject.complex.id;
    const both = plan.images[6];
    const displacement = both.ligandTransform;
    assert.deepEqual(
      plan.images.map((s) => [s.subset.kind, s.view, formatCommands(s.transform), formatCommands(s.ligandTransform)]),
      [
        ...['front', 'left', 'top'].map((v) => ['pocket', v, '', formatCommands(displacement)]),
        ...['front', 'left', 'top'].map((v) => ['ligand', v, '', formatCommands(displacement)]),
        ['full', 'front', '', formatCommands(displacement)],
      ],
    );
    assert.ok(plan.images.every((s) => s.complex.id === c));
    const [mv, turn] = displacement;
    assert.ok(displacement.length === 2 && mv.kind === 'move' && mv.axis === 'x' && turn.kind === 'roll');
    // In the eye frame of the question's own camera (docking frames pocket + displaced ligand).
    const heavy = subject.complex.ligand.atoms.filter((a) => !a.isHydrogen).map((a) => transformPoint(both.camera.view, a.xyz));
    // The renderer's ligand motion is the displacement as defined here.
    const moved = moveLigand(heavy, displacement);
    const rendererMoved = heavy.map((p) => transformPoint(ligandMatrixOf(both), p));
    rendererMoved.forEach((p, i) => assert.ok(Math.hypot(p[0] - moved[i][0], p[1] - moved[i][1], p[2] - moved[i][2]) < 1e-6));
    // The answer undoes it.
    const answer = parseCommands(plan.answer);
    const back = moveLigand(heavy, [...displacement, ...answer]);
    const worst = Math.max(...back.map((p, i) => Math.hypot(p[0] - heavy[i][0], p[1] - heavy[i][1], p[2] - heavy[i][2])));
    assert.ok(worst <= 1e-6, `${c}: '${plan.answer}' leaves an atom ${worst} A away`);
    // For the record: the answer applied as a fresh sequence, its roll centre recomputed from
    // the displaced ligand's new bounding box (the renderer's commandsMatrix), does not.
    const fresh = commandsMatrix(answer, rendererMoved);
    worstRecomputed = Math.max(
      worstRecomputed,
      ...rendererMoved.map((p, i) => {
        const q = transformPoint(fresh, p);
        return Math.hypot(q[0] - heavy[i][0], q[1] - heavy[i][1], q[2] - heavy[i][2]);
      }),
    );
    // Clear of the pocket in the front view at |d| - extra, not at one angstrom less.
    const side = Math.sign(mv.amount);
    const clearsAt = (d: number) => {
      // Judged through the complex's own camera (the images use the question's wider one).
      const spec = { ...both, camera: subject.camera, ligandTransform: [{ ...mv, amount: side * d }, turn] };
      const atoms = annotate(spec, poseScene(spec), '').atoms;
      const xs = (part: string) => atoms.filter((a) => a.part === part).map((a) => a.x);
      return side > 0 ? Math.min(...xs('ligand')) > Math.max(...xs('pocket')) : Math.max(...xs('ligand')) < Math.min(...xs('pocket'));
    };
    // The question's camera keeps the displaced ligand wholly in the picture.
    assert.equal(plan.params.ligandVisibleShare, 1, `${c}: part of the ligand is outside image 7`);
    const extra = Number(plan.params.extra);
    assert.ok([0, 1, 2].includes(extra));
    const clear = Math.abs(mv.amount) - extra;
    assert.ok(clearsAt(clear), `${c}: not clear at ${clear}`);
    if (clear > 1) assert.ok(!clearsAt(clear - 1), `${c}: already clear at ${clear - 1}`);
  }
  t.diagnostic(`answer as a fresh command sequence (bounding-box centre recomputed): worst residual ${worstRecomputed.toFixed(3)} A`);
});

eachSet('same generator seed, same plans; another seed, other questions', async (all, _t) => {
  const text = (seed: string) =>
    JSON.stringify(SPATIAL.map((t) => planAll(all, t, seed).map(({ plan }) => ({ ...plan, images: plan.images.map(describe) }))));
  assert.equal(text('same'), text('same'));
  const answers = (seed: string) => SPATIAL.flatMap((t) => planAll(all, t, seed).map(({ plan }) => plan.answer));
  const a = answers('one');
  const b = answers('two');
  const differ = a.filter((x, i) => x !== b[i]).length;
  assert.ok(differ > a.length / 2, `only ${differ} of ${a.length} answers differ`);
});
