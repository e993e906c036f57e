// Image size per task: `--size N` and `--size TASK=N` parsing and its usage errors (exit 2,
// one line, before anything runs); the sizes the tasks get by default; the same question at
// two sizes has the same text, answer and truth, and its scenes are other images (other keys)
// drawn through the same framing.

import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { parseCounts } from '../../pipeline/generate/counts.ts';
import { imageSizes, parseSizes, preparedAtSize } from '../../pipeline/generate/image-sizes.ts';
import { planComplex } from '../../pipeline/generate/plan.ts';
import { buildRecord } from '../../pipeline/generate/records.ts';
import { decideSplit } from '../../pipeline/generate/split.ts';
import { taskById } from '../../qa/task-registry.ts';
import { TASKS } from '../../qa/tasks/index.ts';
import { complexCamera } from '../../renders/scene-atoms.ts';
import { sceneKey } from '../../renders/scene-key.ts';
import { makeStyle } from '../../renders/style.ts';
import { cli as inProcess } from '../cli-in-process.ts';
import { sampleWithBonds } from '../qa/hbond-complexes.ts';

const tasks = (...ids: string[]) => ids.map((id) => taskById(id)!);

test("--size values: N for every task, TASK=N for one (repeatable, comma-separated too), a task's own value wins", async () => {
  const ts = tasks('translation', 'pocket_ligand', 'interaction_location');
  assert.deepEqual(parseSizes(undefined, ts), {});
  assert.deepEqual(parseSizes('768', ts), { all: 768 });
  assert.deepEqual(parseSizes(['pocket_ligand=640', '300'], ts), { all: 300, perTask: { pocket_ligand: 640 } });
  assert.deepEqual(parseSizes('translation=256,interaction_location=2048', ts), {
    perTask: { translation: 256, interaction_location: 2048 },
  });
  assert.deepEqual(imageSizes(ts, parseSizes(['pocket_ligand=640', '300'], ts)), {
    translation: 300,
    pocket_ligand: 640,
    interaction_location: 300,
  });
  assert.deepEqual(imageSizes(ts, parseSizes('translation=256', ts)), {
    translation: 256,
    pocket_ligand: 1024,
    interaction_location: 1024,
  });
});

test('default sizes: the two whole-pocket H-bond tasks 1024 px, every other task 512', async () => {
  const sizes = imageSizes(TASKS);
  assert.equal(Object.keys(sizes).length, 9);
  for (const [id, n] of Object.entries(sizes)) assert.equal(n, id === 'pocket_ligand' || id === 'interaction_location' ? 1024 : 512, id);
});

test('--size errors name the value and the problem', async () => {
  const ts = tasks('translation', 'pocket_ligand');
  const cases: [string | string[], RegExp][] = [
    ['abc', /'abc' is not a whole number of pixels from 64 to 4096/],
    ['63', /'63' is not a whole number/],
    ['4097', /'4097' is not a whole number/],
    ['512.5', /'512.5' is not a whole number/],
    ['pocket_ligand=', /size of pocket_ligand '' is not a whole number/],
    ['pocket_ligand=big', /size of pocket_ligand 'big'/],
    ['docking=512', /'docking' is not one of the chosen tasks \(translation, pocket_ligand\)/],
    ['nope=512', /'nope' is not one of the chosen tasks/],
    [['512', '768'], /two sizes for every task \(512 and 768\)/],
    [['pocket_ligand=512', 'pocket_ligand=1024'], /two sizes for pocket_ligand \(512 and 1024\)/],
    ['512,', /empty value/],
  ];
  for (const [value, message] of cases) assert.throws(() => parseSizes(value, ts), message, String(value));
});

test('generate: --size usage errors exit 2 with one line before anything is read or written', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'misi-sizes-'));
  try {
    const out = join(dir, 'out');
    const cases: [string[], RegExp][] = [
      [['--size', 'pocket_ligand=huge'], /size of pocket_ligand 'huge'/],
      [['--size', '512', '--size', '600'], /two sizes for every task/],
      [['--tasks', 'translation', '--size', 'pocket_ligand=1024'], /'pocket_ligand' is not one of the chosen tasks \(translation\)/],
      [['--size', '10'], /'10' is not a whole number of pixels from 64 to 4096/],
    ];
    for (const [args, message] of cases) {
      const r = await inProcess(['generate', '--out', out, ...args]);
      assert.equal(r.status, 2, `${args.join(' ')}: ${r.stderr}`);
      assert.match(r.stderr, message);
      assert.equal(
        r.stderr
          .trim()
          .split('\n')
          .filter((l) => /size/.test(l)).length,
        1,
        r.stderr,
      );
      assert.ok(!existsSync(out), `${args.join(' ')}: nothing written`);
    }
    const help = await inProcess(['generate', '--help']);
    assert.match(
      help.stdout.replace(/\s+/g, ' '),
      /TASK=N for one \(repeatable\); default 512; interaction_location, pocket_ligand and pocket_interactions 1024/,
    );
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('a camera at another size frames the same: the complex camera made at that size', async () => {
  for (const c of await sampleWithBonds()) {
    for (const size of [256, 1024, 777]) {
      assert.deepEqual(preparedAtSize(c, size).camera, complexCamera(c.complex, { width: size, height: size }));
    }
    assert.equal(preparedAtSize(c, 1024), preparedAtSize(c, 1024), 'one object per size');
  }
});

test('every task at two sizes: the same question text, answer and truth; other scene keys, the size in every camera', async () => {
  const all = await sampleWithBonds();
  const split = decideSplit(
    all.map((c) => c.complex.id),
    3,
    0.5,
  );
  const plan = (size: number) =>
    all.flatMap(
      (c) =>
        planComplex(c, {
          seed: 3,
          split,
          tasks: TASKS,
          counts: parseCounts(undefined, TASKS),
          style: makeStyle(),
          sizes: imageSizes(TASKS, { all: size }),
          complexById: (id) => all.find((x) => x.complex.id === id)!,
        }).questions,
    );
  const small = plan(384),
    large = plan(1024);
  // Enough to exercise every task (84 on the sample: residue_ligand asks paired residues only).
  assert.ok(small.length > 60, `${small.length} questions`);
  assert.deepEqual(
    large.map((q) => q.id),
    small.map((q) => q.id),
  );
  assert.deepEqual(new Set(small.map((q) => q.task.id)).size, 9);
  for (const [i, q] of small.entries()) {
    const a = buildRecord(q, 3),
      b = buildRecord(large[i], 3);
    assert.equal(b.question, a.question, q.id);
    assert.equal(b.answer, a.answer, q.id);
    assert.deepEqual(large[i].plan.truth, q.plan.truth, q.id);
    assert.deepEqual(large[i].plan.vars, q.plan.vars, q.id);
    q.plan.images.forEach((spec, k) => {
      const other = large[i].plan.images[k];
      assert.equal(spec.camera.width, 384);
      assert.equal(other.camera.width, 1024);
      assert.deepEqual(
        { ...other.camera, width: 0, height: 0 },
        { ...spec.camera, width: 0, height: 0 },
        `${q.id} image ${k}: the same framing`,
      );
      assert.notEqual(sceneKey(other), sceneKey(spec), `${q.id} image ${k}: two sizes, two images`);
    });
  }
});
