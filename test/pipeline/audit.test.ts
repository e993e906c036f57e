// The shortcut audit (pipeline/audit/) on small datasets written by hand, whose right figures
// are worked out below: a planted tell is found (consensus option, a letter the option model
// learns, the most typical option image, residue-ligand distance, a repeated question, a
// constant answer), a set without one passes; and `misi-gen audit --strict` exits 3 on a
// flagged dataset, 0 on a clean one.

import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { auditDataset, type TaskAudit } from '../../pipeline/audit/audit-dataset.ts';
import type { QaRecord } from '../../pipeline/dataset/question-record.ts';
import { cli as inProcess } from '../cli-in-process.ts';
import { REPO } from '../shared-structures.ts';

/** A record as generate writes it, with any split name (these files are written by hand). */
type Rec = Omit<QaRecord, 'split'> & { split: string };

function dataset(files: Record<string, Rec[]>, annotations: Record<string, unknown> = {}): string {
  const dir = mkdtempSync(join(tmpdir(), 'misi-audit-'));
  mkdirSync(join(dir, 'qa'));
  for (const [name, recs] of Object.entries(files))
    writeFileSync(join(dir, 'qa', name), recs.map((r) => JSON.stringify(r) + '\n').join(''));
  mkdirSync(join(dir, 'annotations'));
  for (const [name, a] of Object.entries(annotations)) writeFileSync(join(dir, 'annotations', name), JSON.stringify(a));
  return dir;
}

const LETTERS = ['A', 'B', 'C', 'D'];

/** A full annotation record (the fields the reader checks) of an image with one atom, at `at`. */
const annotation = (key: string, complex: string, at: { x: number; y: number }) => ({
  key,
  complex,
  subset: 'complex',
  view: 'front',
  transform: '',
  ligandTransform: '',
  camera: { projection: 'perspective', fovDeg: 30, width: 512, height: 512, near: 1, far: 100, view: [], projectionMatrix: [] },
  ligandMatrix: [],
  sceneMatrix: [],
  atoms: [
    {
      part: 'ligand',
      chain: 'A',
      residueName: 'LIG',
      residueNumber: 1,
      insertionCode: '',
      atomName: 'C1',
      element: 'C',
      ...at,
      depth: 0,
      visible: true,
    },
  ],
  labels: [],
  labelLayout: { mode: 'avoid', fontSize: 12 },
  turnCentre: 'complex',
});
const choice = (task: string, split: string, i: number, options: string[], right: number, images?: string[]): Rec => ({
  id: `${task}-c${split}${i}-000`,
  task,
  split,
  complex: `c${split}${i}`,
  images: images ?? [`images/${split}${i}.png`],
  question: 'Which option? Answer with its letter.',
  answer: LETTERS[right],
  truth: { letter: LETTERS[right] },
  options: options.map((commands, k) => ({ letter: LETTERS[k], commands, ...(images ? { image: images[k] } : {}) })),
  meta: { index: 0, params: {} },
});

/** Four options of which the first is the centre: each other one changes one thing of it
 * (sign, axis or magnitude of the first roll; the second roll the same in all four), so in the
 * first roll the centre shares 2 + 2 + 2 = 6 features with the others and each other option 4.
 * Rotated so that the centre sits under letter `centre`. */
function centredSet(i: number, centre: number): string[] {
  const m = [15, 30, 45, 60][i % 4];
  const other = m === 90 ? 75 : m + 15;
  const set = [`roll x ${m}, roll y 30`, `roll x -${m}, roll y 30`, `roll z ${m}, roll y 30`, `roll x ${other}, roll y 30`];
  const out = new Array(4);
  for (let k = 0; k < 4; k++) out[(centre + k) % 4] = set[k];
  return out;
}

const byName = (t: TaskAudit, name: string, split = 'test') =>
  t.splits.find((s) => s.split === split)!.baselines.find((b) => b.name === name)!;

test('a planted consensus tell is found: the truth is always the centre of the options', async () => {
  // Truth at the centre, under letters that cycle A-D; the consensus rule is right for all 40.
  const train = Array.from({ length: 40 }, (_, i) => choice('rotation_rotation', 'train', i, centredSet(i, i % 4), i % 4));
  const testSet = Array.from({ length: 40 }, (_, i) => choice('rotation_rotation', 'test', i, centredSet(i, i % 4), i % 4));
  const dir = dataset({ 'rotation_rotation.train.jsonl': train, 'rotation_rotation.test.jsonl': testSet });
  try {
    const t = auditDataset(dir).tasks[0];
    const c = byName(t, 'consensus');
    assert.equal(c.n, 40);
    assert.equal(c.score, 1);
    // Wilson's 95 % interval of 40 of 40 starts at 40 / (40 + 1.96^2) = 0.912.
    assert.ok(Math.abs(c.low - 0.9124) < 1e-3, String(c.low));
    assert.equal(c.flagged, true);
    assert.equal(t.splits[0].chance, 0.25);
    assert.equal(t.clean, false);
    assert.match(t.findings.join('; '), /consensus 100\.0 %/);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('options with the truth off-centre as often as chance pass: consensus 25 %, the option model learns nothing', async () => {
  // The centre is the truth in 10 of 40 test questions (i % 4 === 0) and a decoy otherwise,
  // and the right letter cycles A-D independently of where the centre sits.
  const make = (split: string) =>
    Array.from({ length: 40 }, (_, i) => {
      const right = i % 4;
      const centre = (right + Math.floor(i / 4)) % 4;
      return choice('rotation_rotation', split, i, centredSet(i, centre), right);
    });
  const dir = dataset({ 'rotation_rotation.train.jsonl': make('train'), 'rotation_rotation.test.jsonl': make('test') });
  try {
    const t = auditDataset(dir).tasks[0];
    // Centre == right exactly when floor(i / 4) % 4 === 0: i in 0-3, 16-19, 32-35: 12 of 40.
    assert.equal(byName(t, 'consensus').score, 12 / 40);
    assert.equal(byName(t, 'consensus').flagged, false);
    assert.equal(t.clean, true, t.findings.join('; '));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('a letter tell is learned by the option model: the truth is always under A', async () => {
  // Options all alike in shape (the centre rotates through the letters); the truth always A.
  const make = (split: string) =>
    Array.from({ length: 60 }, (_, i) => choice('translation_rotation', split, i, centredSet(i, (i + 1) % 4), 0));
  const dir = dataset({ 'translation_rotation.train.jsonl': make('train'), 'translation_rotation.test.jsonl': make('test') });
  try {
    const t = auditDataset(dir).tasks[0];
    assert.equal(byName(t, 'optionModel').score, 1);
    assert.equal(byName(t, 'optionModel').flagged, true);
    // The text baseline (one wording, the train majority letter A) finds it too.
    assert.equal(byName(t, 'text').score, 1);
    // The consensus rule picks the centre, under A only when (i + 1) % 4 === 0: 15 of 60.
    assert.equal(byName(t, 'consensus').score, 15 / 60);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('the most typical option image is found from the annotations', async () => {
  // Option images whose one atom sits at (0,0), (10,0), (-10,0), (0,10): the first has the
  // least summed distance to the others (10 + 10 + 10 = 30 against 10 + 20 + 14.1 and more).
  const at = [
    [0, 0],
    [10, 0],
    [-10, 0],
    [0, 10],
  ];
  const annotations: Record<string, unknown> = {};
  const make = (split: string) =>
    Array.from({ length: 30 }, (_, i) => {
      const right = i % 4;
      const images = LETTERS.map((l) => `images/${split}${i}${l}.png`);
      LETTERS.forEach((l, k) => {
        // The (0, 0) image is the right option's.
        const [x, y] = at[(k - right + 4) % 4];
        annotations[`${split}${i}${l}.json`] = annotation(`${split}${i}${l}`, `c${split}${i}`, { x, y });
      });
      // Every option the same commands pattern but distinct, so choices alone say nothing of the images.
      return choice(
        'rotation_rotation',
        split,
        i,
        [`roll x 15, roll y 30`, `roll x 30, roll y 45`, `roll x 45, roll y 60`, `roll x 60, roll y 75`],
        right,
        images,
      );
    });
  const dir = dataset({ 'rotation_rotation.train.jsonl': make('train'), 'rotation_rotation.test.jsonl': make('test') }, annotations);
  try {
    const t = auditDataset(dir).tasks[0];
    assert.equal(byName(t, 'optionImages').score, 1);
    assert.equal(byName(t, 'optionImages').n, 30);
    assert.equal(byName(t, 'optionImages').flagged, true);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

const residue = (split: string, i: number, name: string, distance: number, yes: boolean): Rec => ({
  id: `residue_ligand-c${split}${i}-000`,
  task: 'residue_ligand',
  split,
  complex: `c${split}${i}`,
  images: [`images/r${split}${i}.png`],
  question: `Task: does residue ${name} ${i} (chain A) form a hydrogen bond with the ligand?`,
  answer: yes ? `Yes: ${name} OG, O1` : 'No',
  truth: {},
  meta: { index: 0, params: { residue: `${name} A:${i}`, verdict: yes ? 'yes' : 'no', bonds: yes ? 1 : 0, minDistance: distance } },
});

test('residue_ligand: a verdict told by distance is found; negatives matched in distance and name pass', async () => {
  // Told: every Yes at 2.8-3.1 A, every No at 5-8 A; names SER for both sides alike.
  const told = (split: string) =>
    Array.from({ length: 40 }, (_, i) =>
      residue(split, i, i % 4 < 2 ? 'SER' : 'LEU', i % 2 ? 2.8 + (i % 4) / 10 : 5 + (i % 4), i % 2 === 1),
    );
  let dir = dataset({ 'residue_ligand.train.jsonl': told('train'), 'residue_ligand.test.jsonl': told('test') });
  try {
    const t = auditDataset(dir).tasks[0];
    assert.equal(byName(t, 'distance').score, 1);
    assert.equal(byName(t, 'distance').flagged, true);
    assert.equal(t.splits[0].chance, 0.5);
    // SER and LEU each 10 Yes and 10 No on train: the name says nothing; ties go to "no" (sorted first): 20 of 40.
    assert.equal(byName(t, 'residueName').score, 0.5);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  // Matched: each Yes has a No of the same name at the same distance.
  const matched = (split: string) =>
    Array.from({ length: 40 }, (_, i) => residue(split, i, ['SER', 'THR'][Math.floor(i / 2) % 2], 3 + Math.floor(i / 2) / 10, i % 2 === 1));
  dir = dataset({ 'residue_ligand.train.jsonl': matched('train'), 'residue_ligand.test.jsonl': matched('test') });
  try {
    const t = auditDataset(dir).tasks[0];
    // Each distance holds one Yes and one No, so any threshold gets exactly one of each pair: 20 of 40.
    assert.equal(byName(t, 'distance').score, 0.5);
    assert.equal(byName(t, 'residueName').score, 0.5);
    assert.equal(t.clean, true, t.findings.join('; '));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('a question repeating another of its split and a constant answer are flagged; audit --strict exits 3, and 0 when clean', async () => {
  const q = (split: string, i: number, answer: string, complex = `c${i}`): Rec => ({
    id: `translation-${complex}-00${i}`,
    task: 'translation',
    split,
    complex,
    images: [`images/${complex}.png`, `images/${complex}-${answer}.png`],
    question: 'Which move?',
    answer,
    truth: {},
    meta: { index: i, params: {} },
  });
  const answers = ['move x 1', 'move x -2', 'move y 3', 'move y -4', 'move x 3', 'move y -1', 'move x -4', 'move y 2'];
  // Train: 8 distinct questions; test: 8 distinct, then the first again under another id.
  const train = answers.map((a, i) => q('train', i, a, `t${i}`));
  const testSet = [...answers.map((a, i) => q('test', i, a, `s${i}`)), { ...q('test', 0, answers[0], 's0'), id: 'translation-s0-009' }];
  const dir = dataset({ 'translation.train.jsonl': train, 'translation.test.jsonl': testSet });
  try {
    const t = auditDataset(dir).tasks[0];
    assert.deepEqual(t.duplicates, { train: 0, test: 1 });
    assert.equal(t.clean, false);
    assert.match(t.findings[0], /1 exact duplicate in test/);
    const strict = await inProcess(['audit', dir, '--strict'], { cwd: REPO });
    assert.equal(strict.status, 3, strict.stderr);
    assert.match(strict.stdout, /translation: 1 exact duplicate in test/);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  // The same without the repeat: clean, exit 0 under --strict; the JSON names the task.
  const clean = dataset({ 'translation.train.jsonl': train, 'translation.test.jsonl': testSet.slice(0, 8) });
  try {
    const r = await inProcess(['audit', clean, '--strict', '--json'], { cwd: REPO });
    assert.equal(r.status, 0, r.stderr + r.stdout);
    const report = JSON.parse(r.stdout);
    assert.equal(report.clean, true);
    assert.equal(report.tasks[0].task, 'translation');
  } finally {
    rmSync(clean, { recursive: true, force: true });
  }
  // Every test answer the same as every train answer: the wording baseline scores it all.
  const constant = dataset({
    'translation.train.jsonl': answers.map((_, i) => q('train', i, 'move x 2', `t${i}`)),
    'translation.test.jsonl': answers.map((_, i) => q('test', i, 'move x 2', `s${i}`)),
  });
  try {
    const t = auditDataset(constant).tasks[0];
    assert.equal(byName(t, 'text').score, 1);
    assert.equal(byName(t, 'text').flagged, true);
  } finally {
    rmSync(constant, { recursive: true, force: true });
  }
});

test('audit names a folder that is not a dataset and exits 1', async () => {
  const r = await inProcess(['audit', join(tmpdir(), 'no-such-dataset-here')], { cwd: REPO });
  assert.equal(r.status, 1);
  assert.match(r.stderr, /misi-gen audit: .*no-such-dataset-here.*no such folder/);
});

test('val is scored like test, beside it, when the dataset has it (generate --buffer val)', async () => {
  // Train: the truth always the centre; test: never (a decoy is); val: always. Consensus: test 0 of 20, val 20 of 20.
  const make = (split: string, truthAtCentre: boolean) =>
    Array.from({ length: 20 }, (_, i) => {
      const right = i % 4;
      return choice('rotation_rotation', split, i, centredSet(i, truthAtCentre ? right : (right + 1) % 4), right);
    });
  const dir = dataset({
    'rotation_rotation.train.jsonl': make('train', true),
    'rotation_rotation.test.jsonl': make('test', false),
    'rotation_rotation.val.jsonl': make('val', true),
  });
  try {
    const t = auditDataset(dir).tasks[0];
    assert.deepEqual(
      t.splits.map((s) => s.split),
      ['test', 'val'],
    );
    assert.equal(byName(t, 'consensus', 'test').score, 0);
    assert.equal(byName(t, 'consensus', 'val').score, 1);
    assert.equal(byName(t, 'consensus', 'val').flagged, true);
    assert.deepEqual(t.duplicates, { train: 0, test: 0, val: 0 });
    assert.match(t.findings.join('; '), /consensus 100\.0 % .* on val/);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
