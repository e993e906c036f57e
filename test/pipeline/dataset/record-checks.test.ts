// Each record a dataset is made of, hand-made with one fault or a few, read by its reader:
// the message names the file (and line, where the file has lines) and each wrong field.
// The good records come from the old-dataset fixture (test/fixtures/dataset-210c3b4), written
// by an older misi-gen, so these also show older files still read.

import assert from 'node:assert/strict';
import { cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { AnnotationReadError, AnnotationReader } from '../../../pipeline/dataset/read-annotation.ts';
import { DatasetReadError, openDataset, readSplitJson } from '../../../pipeline/dataset/read-dataset.ts';
import { RunMismatchError, readIdentity } from '../../../pipeline/generate/run-identity.ts';
import { readSplitFile } from '../../../pipeline/split/split-file.ts';
import { readPredictionLines } from '../../../qa/scoring/prediction-lines.ts';

const FIXTURE = resolve(fileURLToPath(new URL('../../fixtures/dataset-210c3b4', import.meta.url)));
const json = (path: string) => JSON.parse(readFileSync(path, 'utf8'));

/** A copy of the fixture to spoil (the fixture itself is never written). */
function copy(): string {
  const dir = mkdtempSync(join(tmpdir(), 'misi-records-'));
  cpSync(FIXTURE, dir, { recursive: true });
  return dir;
}

const throwsNaming = (f: () => unknown, kind: new (...a: never[]) => Error, expected: string) =>
  assert.throws(f, (e: Error) => {
    assert.ok(e instanceof kind, `a ${kind.name}, not ${e.constructor.name}: ${e.message}`);
    assert.equal(e.message, expected);
    return true;
  });

test('the fixture, written by an older misi-gen, reads whole: manifest, split.json and every annotation', () => {
  const dir = copy();
  const folder = openDataset(dir, { manifest: 'required' });
  assert.deepEqual(folder.manifest!.options!.tasks, json(join(FIXTURE, 'manifest.json')).options.tasks);
  assert.equal(readSplitJson(dir)!.complexes.length, json(join(FIXTURE, 'split.json')).complexes.length);
  const reader = new AnnotationReader(dir, 'full');
  for (const name of readdirSync(join(dir, 'annotations'))) {
    assert.equal(reader.read(`images/${name.replace(/\.json$/, '.png')}`)!.key, json(join(dir, 'annotations', name)).key);
  }
});

test('manifest.json: each wrong field named with the file', () => {
  const dir = copy();
  const m = json(join(dir, 'manifest.json'));
  m.seed = '7';
  m.options.maxExcluded = 'a tenth';
  m.counts[m.options.tasks[0]].test = null;
  m.images[1] = { path: 'images/x.png' };
  writeFileSync(join(dir, 'manifest.json'), JSON.stringify(m));
  const task = m.options.tasks[0];
  throwsNaming(
    () => openDataset(dir),
    DatasetReadError,
    `${join(dir, 'manifest.json')}: field \`seed\` must be a number, got string; ` +
      `field \`options.maxExcluded\` must be a number, got string; field \`counts.${task}.test\` must be a number, got null; field \`images[1].sha256\` is missing (must be a string)`,
  );
});

test("split.json: a side outside the vocabulary and a mistyped nearest identity are named, by the dataset reader and by --split-from's", async () => {
  const dir = copy();
  const s = json(join(dir, 'split.json'));
  s.complexes[0].side = 'holdout';
  s.complexes[1].nearest = { id: s.complexes[0].id, identity: 'high', compared: 'whole' };
  writeFileSync(join(dir, 'split.json'), JSON.stringify(s));
  const path = join(dir, 'split.json');
  const said = `${path}: field \`complexes[0].side\` must be "train" or "test" or "val" or "excluded", got "holdout"; field \`complexes[1].nearest.identity\` must be a number, got string`;
  throwsNaming(() => readSplitJson(dir), DatasetReadError, said);
  await assert.rejects(readSplitFile(path), (e: Error) => e.message === said);
});

test("split.json of an older form (sides held as `split`, no groups) reads as today's", () => {
  const dir = copy();
  const s = json(join(dir, 'split.json'));
  s.complexes = s.complexes.map(({ id, side }: { id: string; side: string }) => ({ id, split: side }));
  writeFileSync(join(dir, 'split.json'), JSON.stringify(s));
  const read = readSplitJson(dir)!;
  assert.deepEqual(
    read.complexes.map((c) => [c.id, c.side, c.group]),
    json(join(FIXTURE, 'split.json')).complexes.map((c: { id: string; side: string }) => [c.id, c.side, c.id]),
  );
});

test('qa files: the line and each wrong field of a bad record', () => {
  const dir = copy();
  const name = readdirSync(join(dir, 'qa')).find((n) => n.endsWith('.test.jsonl'))!;
  const path = join(dir, 'qa', name);
  const [first, ...rest] = readFileSync(path, 'utf8').split('\n');
  const bad = { ...JSON.parse(first), answer: 12, images: ['images/a.png', 3] };
  writeFileSync(path, [JSON.stringify(bad), ...rest].join('\n'));
  const [task, split] = name.split('.');
  throwsNaming(
    () => openDataset(dir).questions(task, split),
    DatasetReadError,
    `${path}:1: field \`images[1]\` must be a string, got number; field \`answer\` must be a string, got number`,
  );
});

test('annotations: a full record, a compact record and an atom table, each wrong field named with the file', () => {
  const dir = copy();
  const name = readdirSync(join(dir, 'annotations'))[0];
  const full = json(join(dir, 'annotations', name));
  const image = `images/${name.replace(/\.json$/, '.png')}`;
  writeFileSync(
    join(dir, 'annotations', name),
    JSON.stringify({ ...full, atoms: [{ ...full.atoms[0], visible: 'yes' }], turnCentre: undefined }),
  );
  throwsNaming(
    () => new AnnotationReader(dir, 'full').read(image),
    AnnotationReadError,
    `annotations/${name}: field \`turnCentre\` is missing (must be a string); field \`atoms[0].visible\` must be true or false, got string`,
  );

  // The compact layout: the per-image record (gzipped) and the complex's atom table.
  const { atoms: _atoms, labels: _labels, ...shared } = full;
  const compact = {
    ...shared,
    layout: 'compact',
    schema: 2,
    atoms: { runs: [0, 1], x: '1', y: [0], depth: [0], hidden: [] },
    labels: { atom: [], box: [], flags: [] },
  };
  writeFileSync(join(dir, 'annotations', `${name}.gz`), gzipSync(JSON.stringify(compact)));
  const reader = new AnnotationReader(dir, 'compact');
  throwsNaming(() => reader.read(image), AnnotationReadError, `annotations/${name}.gz: field \`atoms.x\` must be a list, got string`);
  compact.atoms.x = [0] as unknown as string;
  writeFileSync(join(dir, 'annotations', `${name}.gz`), gzipSync(JSON.stringify(compact)));
  const table = {
    schema: 2,
    complex: full.complex,
    residues: [{ part: 'pocket', chain: 'A', residueName: 'LYS', residueNumber: 183, insertionCode: '', label: 'LYS 183', atoms: [['N']] }],
  };
  writeFileSync(join(dir, 'annotations', `complex-${full.complex}.json`), JSON.stringify(table));
  throwsNaming(
    () => reader.read(image),
    AnnotationReadError,
    `annotations/complex-${full.complex}.json: field \`residues[0].atoms[0][1]\` is missing (must be a string)`,
  );
});

test('parts/run.json: a mistyped option is named with the file; an older run lacking options still reads', () => {
  const dir = mkdtempSync(join(tmpdir(), 'misi-run-'));
  mkdirSync(join(dir, 'parts'));
  const path = join(dir, 'parts', 'run.json');
  writeFileSync(
    path,
    JSON.stringify({
      format: 'misi-gen-run/1',
      dataset: { seed: 0, tasks: ['translation'], testShare: 'half' },
      inputs: { structures: 'pdbbind', ligands: null, shard: null },
    }),
  );
  throwsNaming(
    () => readIdentity(dir),
    RunMismatchError,
    `${path}: field \`dataset.testShare\` must be a number, got string; field \`inputs.structures\` must be a list, got string`,
  );
  writeFileSync(path, JSON.stringify({ format: 'misi-gen-run/1', dataset: { seed: 0, tasks: ['translation'] }, inputs: {} }));
  assert.deepEqual(readIdentity(dir), { dataset: { seed: 0, tasks: ['translation'] }, inputs: {} });
});

test('predictions: each bad line named by number and field, the good ones kept', () => {
  const text = [
    JSON.stringify({ id: 'translation-1a30-000', prediction: 'move x 2' }),
    JSON.stringify({ id: '', prediction: 'move x 2' }),
    JSON.stringify({ id: 'rotation-1a30-000', prediction: ['roll y 15'] }),
    JSON.stringify({ prediction: 3 }),
  ].join('\n');
  const r = readPredictionLines(text);
  assert.deepEqual([...r.replies], [['translation-1a30-000', 'move x 2']]);
  assert.deepEqual(r.problems, [
    { line: 2, problem: 'field `id` must not be empty' },
    { line: 3, problem: 'field `prediction` must be a string, got a list (id rotation-1a30-000)' },
    { line: 4, problem: 'field `id` is missing (must be a string); field `prediction` must be a string, got number' },
  ]);
});
