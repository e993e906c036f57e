// `misi-gen preview` and `misi-gen stats --out` on a tiny dataset generated from the bundled
// sample with real Chromium: the contact sheets hold one row per shown question and one
// tile per image (found from the PNG's pixels), the HTML pages link images that exist, a task
// drawn larger than the default (one loaded with --task-module) adds one full-size image, and
// the charts hold one bar per task and split and per complex with H-bonds.

import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { after, before, test } from 'node:test';
import { pathToFileURL } from 'node:url';
import { generate } from '../../pipeline/generate/run-generate.ts';
import { taskById } from '../../qa/task-registry.ts';
import { findBrowser } from '../../renders/find-browser.ts';
import { SAMPLE_DIR, SAMPLE_LIGANDS } from '../../structures/sample-path.ts';
import { cli as inProcess } from '../cli-in-process.ts';
import { REPO } from '../shared-structures.ts';
import { colourColumns, darkBlocks, readPng } from './preview-pixels.ts';

const noBrowser = findBrowser() === null ? 'no Chromium on this machine' : false;
const TASK_IDS = ['translation', 'rotation_rotation'];
const TILE = 96;
const root = mkdtempSync(join(tmpdir(), 'misi-preview-'));
const dataset = join(root, 'data');

before(async () => {
  if (noBrowser) return;
  await generate({
    structures: [SAMPLE_DIR],
    ligandsFile: SAMPLE_LIGANDS,
    out: dataset,
    tasks: TASK_IDS.map((t) => taskById(t)!),
    seed: 5,
    perComplex: 'translation=1/1,rotation_rotation=1/1',
    testShare: 0.5,
    pages: 2,
    quiet: true,
    log: () => {},
  });
});
after(() => rmSync(root, { recursive: true, force: true }));

const run = (...args: string[]) => inProcess(args, { cwd: REPO });

type Rec = { id: string; split: string; images: string[]; answer: string; options?: { letter: string }[]; complex: string };
const records = (task: string): Rec[] =>
  ['train', 'test'].flatMap((s) =>
    readFileSync(join(dataset, 'qa', `${task}.${s}.jsonl`), 'utf8')
      .split('\n')
      .filter(Boolean)
      .map((l) => JSON.parse(l)),
  );

test('preview: one sheet row per shown question, one tile per image, HTML linking existing images', { skip: noBrowser }, async () => {
  const out = join(root, 'preview');
  const n = 2;
  const r = await run('preview', dataset, '--out', out, '--n', String(n), '--tile', String(TILE));
  assert.equal(r.status, 0, r.stderr);
  const listed = r.stdout.trim().split('\n');
  assert.deepEqual(listed, [...TASK_IDS.flatMap((t) => [join(out, `${t}.png`), join(out, `${t}.html`)]), join(out, 'index.html')]);
  for (const task of TASK_IDS) {
    const all = records(task);
    assert.ok(all.length > n, `${task}: the sample gives more than ${n} questions`);
    const imagesPer = all[0].images.length;

    const png = readPng(join(out, `${task}.png`));
    const blocks = darkBlocks(png, TILE);
    assert.equal(blocks.rows.length, n, `${task}: sheet rows`);
    assert.equal(blocks.columns.length, imagesPer, `${task}: tiles per row`);
    for (const [a, b] of [...blocks.rows, ...blocks.columns])
      assert.ok(Math.abs(b - a - TILE) <= 2, `${task}: a tile is ${b - a} px, not ${TILE}`);
    assert.ok(png.width >= imagesPer * TILE && png.width < imagesPer * (TILE + 20) + 400, `${task}: sheet width ${png.width}`);

    const html = readFileSync(join(out, `${task}.html`), 'utf8');
    const ids = [...html.matchAll(/<section id="([^"]+)"/g)].map((m) => m[1]);
    assert.equal(ids.length, n);
    const shown = ids.map((id) => all.find((q) => q.id === id)!);
    assert.ok(shown.every(Boolean), `${task}: sections name questions of the dataset`);
    assert.equal(new Set(shown.map((q) => q.split)).size, 2, `${task}: both splits are shown`);
    const srcs = [...html.matchAll(/<img src="([^"]+)"/g)].map((m) => m[1]);
    assert.deepEqual(
      srcs.map((s) => resolve(out, decodeURIComponent(s))),
      shown.flatMap((q) => q.images.map((i) => resolve(dataset, i))),
    );
    for (const s of srcs) assert.ok(existsSync(resolve(out, decodeURIComponent(s))), `${s} exists`);
    for (const q of shown) assert.ok(html.includes(`Answer: <b>${q.answer}</b>`), `${q.id}: its answer is on the page`);
    if (task === 'rotation_rotation') {
      for (const q of shown)
        assert.equal((html.split(`id="${q.id}"`)[1].split('<section')[0].match(/<tr/g) ?? []).length, q.options!.length);
    }
  }
  const index = readFileSync(join(out, 'index.html'), 'utf8');
  for (const task of TASK_IDS) assert.ok(index.includes(`href="${task}.html"`) && index.includes(`href="${task}.png"`));
});

test('preview --task draws one task; bad input is one line on stderr', { skip: noBrowser }, async () => {
  const out = join(root, 'one');
  const r = await run('preview', dataset, '--out', out, '--task', 'translation');
  assert.equal(r.status, 0, r.stderr);
  assert.ok(existsSync(join(out, 'translation.png')) && !existsSync(join(out, 'rotation_rotation.png')));
  // --n 8 with fewer questions: every question is shown.
  assert.equal(darkBlocks(readPng(join(out, 'translation.png')), 128).rows.length, records('translation').length);

  const unknown = await run('preview', dataset, '--out', out, '--task', 'nope');
  assert.equal(unknown.status, 1);
  assert.match(unknown.stderr, /^misi-gen preview: .*'nope'.*\n$/);
  const notData = await run('preview', join(dataset, 'qa'), '--out', out);
  assert.equal(notData.status, 1);
  assert.match(notData.stderr, /^misi-gen preview: .*no such folder.*\n$/);
});

test('preview: a task drawn larger than the default, one loaded with --task-module too, shows one image at full size', {
  skip: noBrowser,
}, async () => {
  // The example's tenth task, drawn at 640 px unless told otherwise (TaskModule.defaultImageSize).
  const module = join(root, 'large-task.mjs');
  const example = pathToFileURL(join(REPO, 'docs/api-example/ligand-rotation-task.mjs')).href;
  writeFileSync(
    module,
    `import { ligandRotationTask } from ${JSON.stringify(example)};\nexport const large = { ...ligandRotationTask, id: 'ligand_rotation_large', defaultImageSize: 640 };\n`,
  );
  const data = join(root, 'large');
  const g = await run(
    'generate',
    '--out',
    data,
    '--tasks',
    'translation,ligand_rotation_large',
    '--per-complex',
    'translation=1/1,ligand_rotation_large=1/1',
    '--test-share',
    '0.5',
    '--workers',
    '1',
    '--task-module',
    module,
  );
  assert.equal(g.status, 0, g.stderr);
  const out = join(root, 'large-preview');
  const r = await run('preview', data, '--out', out, '--n', '2', '--tile', String(TILE), '--task-module', module);
  assert.equal(r.status, 0, r.stderr);
  const fullRows = (task: string) =>
    darkBlocks(readPng(join(out, `${task}.png`)), TILE).rows.filter(([a, b]) => Math.abs(b - a - 640) <= 2);
  assert.equal(fullRows('ligand_rotation_large').length, 1, 'one 640 px image under the tiles');
  assert.equal(fullRows('translation').length, 0, 'translation (512 px) shows tiles only');
});

test('stats --out: the text table on stdout, and charts with a bar per task and split and per complex', { skip: noBrowser }, async () => {
  const out = join(root, 'charts');
  const r = await run('stats', dataset, '--out', out);
  assert.equal(r.status, 0, r.stderr);
  assert.equal(r.stdout, (await run('stats', dataset)).stdout, 'the table is unchanged by --out');
  const names = ['counts.png', ...TASK_IDS.map((t) => `answers-${t}.png`), 'hbonds.png'];
  assert.deepEqual(
    r.stderr.trim().split('\n'),
    names.map((f) => `stats: ${join(out, f)}`),
  );

  const counts = readPng(join(out, 'counts.png'));
  const per = (split: string) => TASK_IDS.filter((t) => records(t).some((q) => q.split === split)).length;
  assert.equal(colourColumns(counts, [0x4a, 0x78, 0xc2], 20).length, per('train'), 'train bars');
  assert.equal(colourColumns(counts, [0xe0, 0x8a, 0x2c], 20).length, per('test'), 'test bars');

  // rotation_rotation: one histogram per name (letter, f1/f2 axes, decoy schemes), each a bar per value.
  const rr = records('rotation_rotation');
  const letters = new Set(rr.map((q) => q.answer)).size;
  const answers = readPng(join(out, 'answers-rotation_rotation.png'));
  assert.ok(colourColumns(answers, [0x4a, 0x78, 0xc2], 20).length >= letters);

  const bonds = readFileSync(join(dataset, 'complexes.jsonl'), 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((l) => JSON.parse(l).hbonds.length);
  assert.equal(colourColumns(readPng(join(out, 'hbonds.png')), [0x59, 0xa1, 0x4f], 20).length, bonds.filter((b: number) => b > 0).length);
});
