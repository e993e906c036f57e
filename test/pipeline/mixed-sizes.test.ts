// A dataset of mixed image sizes, generated from the bundled sample with the default sizes
// (translation 512 px, pocket-ligand 1024 px): every PNG is as large as its annotation and
// its task say, the manifest lists the sizes, the same front view at two sizes is two images,
// `stats` counts each task's images by size, and a contact sheet holding 512 and 1024 px
// images scales them all to one tile size.

import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { readImageAnnotation } from '../../pipeline/dataset/read-annotation.ts';
import { generate } from '../../pipeline/generate/run-generate.ts';
import { taskById } from '../../qa/task-registry.ts';
import { findBrowser } from '../../renders/find-browser.ts';
import { SAMPLE_DIR, SAMPLE_LIGANDS } from '../../structures/sample-path.ts';
import { cli as inProcess } from '../cli-in-process.ts';
import { darkBlocks, readPng } from './preview-pixels.ts';

const noBrowser = findBrowser() === null ? 'no Chromium on this machine' : false;
const root = mkdtempSync(join(tmpdir(), 'misi-mixed-sizes-'));
const dataset = join(root, 'data');
const TILE = 100;

before(async () => {
  if (noBrowser) return;
  await generate({
    structures: [SAMPLE_DIR],
    ligandsFile: SAMPLE_LIGANDS,
    out: dataset,
    tasks: ['translation', 'pocket_ligand'].map((t) => taskById(t)!),
    seed: 2,
    perComplex: 'translation=1/1',
    testShare: 0,
    pages: 1,
    quiet: true,
    log: () => {},
  });
});
after(() => rmSync(root, { recursive: true, force: true }));

type Rec = { id: string; complex: string; images: string[] };
const records = (task: string): Rec[] =>
  readFileSync(join(dataset, 'qa', `${task}.train.jsonl`), 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((l) => JSON.parse(l));
const annotation = (image: string) => readImageAnnotation(dataset, image)!;

test('each task at its own size: PNG, annotation and manifest agree', { skip: noBrowser }, async () => {
  const manifest = JSON.parse(readFileSync(join(dataset, 'manifest.json'), 'utf8'));
  assert.deepEqual(manifest.options.imageSizes, { translation: 512, pocket_ligand: 1024 });
  assert.equal(manifest.options.size, null, 'no one size for every task');
  for (const [task, size] of [
    ['translation', 512],
    ['pocket_ligand', 1024],
  ] as const) {
    const recs = records(task);
    assert.ok(recs.length >= 2, `${task}: ${recs.length} questions`);
    for (const image of recs.flatMap((r) => r.images)) {
      const png = readPng(join(dataset, image));
      assert.deepEqual([png.width, png.height], [size, size], `${task} ${image}`);
      const a = annotation(image);
      assert.deepEqual([a.camera.width, a.camera.height], [size, size]);
    }
  }
});

test('the same front view at 512 and 1024 px is two images', { skip: noBrowser }, async () => {
  for (const t of records('translation')) {
    const p = records('pocket_ligand').find((r) => r.complex === t.complex);
    if (!p) continue;
    const a = annotation(t.images[0]),
      b = annotation(p.images[0]);
    assert.deepEqual(
      [a.subset, a.view, a.transform, a.ligandTransform],
      [b.subset, b.view, b.transform, b.ligandTransform],
      'the same scene',
    );
    assert.notEqual(t.images[0], p.images[0]);
    assert.notEqual(a.key, b.key);
    // Same framing: every atom lands twice as far from the corner at twice the size.
    for (const [i, atom] of a.atoms.entries()) {
      assert.ok(Math.abs(2 * atom.x - b.atoms[i].x) < 0.01 && Math.abs(2 * atom.y - b.atoms[i].y) < 0.01, `atom ${i}`);
    }
    return;
  }
  assert.fail('no complex has both a translation and a pocket-ligand question');
});

test("stats: each task's images by size", { skip: noBrowser }, async () => {
  const r = await inProcess(['stats', dataset]);
  assert.equal(r.status, 0, r.stderr);
  const section = (task: string) => r.stdout.split(/\n(?=\S)/).find((s) => s.startsWith(`${task}:`)) ?? '';
  const count = (task: string) => new Set(records(task).flatMap((q) => q.images)).size;
  assert.match(section('translation'), new RegExp(`\\n  images +${count('translation')} at 512 px\\n`));
  assert.match(section('pocket_ligand'), new RegExp(`\\n  images +${count('pocket_ligand')} at 1024 px\\n`));
  const json = JSON.parse((await inProcess(['stats', dataset, '--json'])).stdout);
  const pl = (Array.isArray(json) ? json : json.tasks).find((s: { task: string }) => s.task === 'pocket_ligand');
  assert.deepEqual(pl.imageSizes, { 1024: count('pocket_ligand') });
});

test('a contact sheet of 512 and 1024 px images: every tile the same size', { skip: noBrowser }, async () => {
  // One translation question whose images alternate between the two sizes.
  const mixed = join(root, 'mixed');
  mkdirSync(join(mixed, 'qa'), { recursive: true });
  symlinkSync(join(dataset, 'images'), join(mixed, 'images'));
  symlinkSync(join(dataset, 'annotations'), join(mixed, 'annotations'));
  const t = JSON.parse(readFileSync(join(dataset, 'qa', 'translation.train.jsonl'), 'utf8').split('\n')[0]);
  const large = records('pocket_ligand')[0].images;
  t.images = t.images.map((im: string, i: number) => (i % 2 ? im : large[i]));
  writeFileSync(join(mixed, 'qa', 'translation.train.jsonl'), JSON.stringify(t) + '\n');
  const widths = t.images.map((im: string) => readPng(join(dataset, im)).width);
  assert.deepEqual(widths, [1024, 512, 1024, 512]);

  const out = join(root, 'preview');
  const r = await inProcess(['preview', mixed, '--out', out, '--tile', String(TILE)]);
  assert.equal(r.status, 0, r.stderr);
  const blocks = darkBlocks(readPng(join(out, 'translation.png')), TILE);
  assert.equal(blocks.rows.length, 1);
  assert.equal(blocks.columns.length, 4);
  for (const [a, b] of [...blocks.rows, ...blocks.columns]) assert.ok(Math.abs(b - a - TILE) <= 2, `a tile is ${b - a} px, not ${TILE}`);
});
