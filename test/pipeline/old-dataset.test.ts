// A dataset written before compact annotations (test/fixtures/dataset-210c3b4, made by misi-gen
// at commit 210c3b4: one full JSON annotation per image, no `annotations` option or version in
// its manifest) still verifies, gives its stats (image sizes and label legibility read from
// its annotations), previews and exports as before. The expectations are read from the
// fixture's own files (its records, its manifest, its annotation files), never from the code
// under test. The fixture is copied first: nothing is written into it.

import assert from 'node:assert/strict';
import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { readImageAnnotation } from '../../pipeline/dataset/read-annotation.ts';
import { openDataset } from '../../pipeline/dataset/read-dataset.ts';
import { findBrowser } from '../../renders/find-browser.ts';
import { cli as inProcess } from '../cli-in-process.ts';
import { REPO } from '../shared-structures.ts';

const noBrowser = findBrowser() ? false : 'no Chromium on this machine';
const FIXTURE = join(REPO, 'test/fixtures/dataset-210c3b4');
const cli = (...args: string[]) => inProcess(args);
const root = mkdtempSync(join(tmpdir(), 'misi-old-dataset-'));
const data = join(root, 'data');

/** The fixture's records, read as JSON lines. */
function records(): { task: string; split: string; images: string[] }[] {
  return readdirSync(join(FIXTURE, 'qa'))
    .filter((n) => !n.includes('.tiny.'))
    .flatMap((n) =>
      readFileSync(join(FIXTURE, 'qa', n), 'utf8')
        .split('\n')
        .filter(Boolean)
        .map((l) => JSON.parse(l)),
    );
}

before(() => cpSync(FIXTURE, data, { recursive: true }));
after(() => rmSync(root, { recursive: true, force: true }));

test('the fixture is of the old layout: full annotations only, no annotation option or version in its manifest', async () => {
  const manifest = JSON.parse(readFileSync(join(data, 'manifest.json'), 'utf8'));
  assert.equal(manifest.options.annotations, undefined);
  assert.equal(manifest.versions.annotationSchema, undefined);
  const names = readdirSync(join(data, 'annotations'));
  assert.ok(names.length > 0 && names.every((n) => /^[0-9a-f]{32}\.json$/.test(n)), names.join(' '));
});

test('verify: every record and image matches the manifest', async () => {
  const r = await cli('verify', data);
  assert.equal(r.status, 0, r.stderr);
  const manifest = JSON.parse(readFileSync(join(data, 'manifest.json'), 'utf8'));
  assert.match(r.stderr, new RegExp(`${records().length} records and ${manifest.images.length} images match the manifest`));
  // Made before the digest of every file: one line says what was not checked byte for byte.
  assert.equal(manifest.files, undefined);
  assert.equal(
    r.stderr.split('\n').filter((l) => /not checked: .*made before misi-gen recorded the digest of every file/.test(l)).length,
    1,
    r.stderr,
  );
});

test('the annotation reader gives each old annotation file as it is written', async () => {
  const folder = openDataset(data);
  assert.equal(folder.annotationLayout, 'full');
  for (const name of readdirSync(join(data, 'annotations'))) {
    const image = `images/${name.replace(/\.json$/, '.png')}`;
    const written = JSON.parse(readFileSync(join(data, 'annotations', name), 'utf8'));
    assert.deepEqual(folder.annotation(image), written, name);
    assert.deepEqual(readImageAnnotation(data, image), written, name);
  }
});

test('stats: counts per split, image sizes and label legibility from the old annotations', async () => {
  const r = await cli('stats', data, '--json');
  assert.equal(r.status, 0, r.stderr);
  const stats = JSON.parse(r.stdout) as {
    task: string;
    count: Record<string, number>;
    imageSizes?: Record<string, number>;
    legibility?: { labels: number };
  }[];
  const manifest = JSON.parse(readFileSync(join(data, 'manifest.json'), 'utf8'));
  const all = records();
  for (const task of manifest.options.tasks as string[]) {
    const s = stats.find((t) => t.task === task)!;
    const mine = all.filter((q) => q.task === task);
    assert.equal(s.count.train, mine.filter((q) => q.split === 'train').length, `${task} train`);
    assert.equal(s.count.test, mine.filter((q) => q.split === 'test').length, `${task} test`);
    // Sizes as the annotation files say them, over the task's distinct images.
    const images = [...new Set(mine.flatMap((q) => q.images))];
    const sizes: Record<string, number> = {};
    for (const im of images) {
      const a = JSON.parse(readFileSync(join(data, im.replace(/^images\//, 'annotations/').replace(/\.png$/, '.json')), 'utf8'));
      const key = a.camera.width === a.camera.height ? String(a.camera.width) : `${a.camera.width} x ${a.camera.height}`;
      sizes[key] = (sizes[key] ?? 0) + 1;
    }
    assert.deepEqual(s.imageSizes, sizes, `${task} image sizes`);
    assert.ok(s.legibility && s.legibility.labels > 0, `${task}: label legibility from the annotations' labels`);
  }
});

test('preview: a contact sheet and a page per task', { skip: noBrowser }, async () => {
  const out = join(root, 'preview');
  const r = await cli('preview', data, '--out', out);
  assert.equal(r.status, 0, r.stderr);
  const manifest = JSON.parse(readFileSync(join(data, 'manifest.json'), 'utf8'));
  for (const task of manifest.options.tasks as string[]) {
    assert.ok(statSync(join(out, `${task}.png`)).size > 0, `${task}.png`);
    assert.ok(existsSync(join(out, `${task}.html`)), `${task}.html`);
  }
});

test('export llava: every image hard-linked (no second copy), or copied with --copy-images', async () => {
  const linked = join(root, 'llava');
  let r = await cli('export', data, '--format', 'llava', '--out', linked);
  assert.equal(r.status, 0, r.stderr);
  const images = [...new Set(records().flatMap((q) => q.images))];
  assert.match(r.stderr, new RegExp(`images: ${images.length} hard-linked`));
  for (const im of images) assert.equal(statSync(join(linked, im)).ino, statSync(join(data, im)).ino, `${im}: the dataset's own file`);
  const copied = join(root, 'llava-copied');
  r = await cli('export', data, '--format', 'llava', '--out', copied, '--copy-images');
  assert.equal(r.status, 0, r.stderr);
  assert.match(r.stderr, new RegExp(`images: 0 hard-linked.*, ${images.length} copied`));
  for (const im of images) {
    assert.notEqual(statSync(join(copied, im)).ino, statSync(join(data, im)).ino, `${im}: a copy`);
    assert.ok(readFileSync(join(copied, im)).equals(readFileSync(join(data, im))), `${im}: same bytes`);
  }
});

test('export hf: the parquet shards carry every image', async () => {
  const out = join(root, 'hf');
  const r = await cli('export', data, '--format', 'hf', '--out', out);
  assert.equal(r.status, 0, r.stderr);
  assert.match(r.stderr, new RegExp(`${new Set(records().flatMap((q) => q.images)).size} distinct images, all checks passed`));
});
