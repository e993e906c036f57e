// `generate --annotations compact|full|none` and `--png-compression fast|small` on the bundled
// sample (real Chromium): the compact annotations, read back by the one reader
// (pipeline/dataset/read-annotation.ts), are the full run's annotation files to the byte;
// stats says the same of both; `none` writes no annotation files and stats says so; the two
// PNG settings give the same pixels (decoded with pngjs) and `small` fewer bytes; a resume
// with another setting is refused by name. Expectations come from the full run's own files
// and the decoded images, not from the code that writes the compact layout.

import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { PNG } from 'pngjs';
import { AnnotationReadError, readImageAnnotation } from '../../pipeline/dataset/read-annotation.ts';
import { findBrowser } from '../../renders/find-browser.ts';
import { cli as inProcess } from '../cli-in-process.ts';

const noBrowser = findBrowser() ? false : 'no Chromium on this machine';
const cli = (...args: string[]) => inProcess(args);
const root = mkdtempSync(join(tmpdir(), 'misi-annotation-layouts-'));
const dir = (name: string) => join(root, name);
const RUN = [
  '--tasks',
  'translation,residue_ligand',
  '--limit',
  '2',
  '--test-share',
  '0.5',
  '--size',
  '128',
  '--per-complex',
  'translation=1/1,residue_ligand=1/1',
  '--workers',
  '1',
];

before(async () => {
  if (noBrowser) return;
  for (const [name, extra] of [
    ['compact', []],
    ['full', ['--annotations', 'full']],
    ['none', ['--annotations', 'none']],
    ['small', ['--png-compression', 'small']],
  ] as const) {
    const r = await cli('generate', '--out', dir(name), ...RUN, ...extra);
    assert.equal(r.status, 0, `${name}: ${r.stderr}`);
  }
});
after(() => rmSync(root, { recursive: true, force: true }));

const manifestOf = (name: string) => JSON.parse(readFileSync(join(dir(name), 'manifest.json'), 'utf8'));

test('the manifest records the layout, the PNG setting and the annotation schema', { skip: noBrowser }, async () => {
  assert.equal(manifestOf('compact').options.annotations, 'compact');
  assert.equal(manifestOf('full').options.annotations, 'full');
  assert.equal(manifestOf('none').options.annotations, 'none');
  assert.equal(manifestOf('compact').options.pngCompression, 'fast');
  assert.equal(manifestOf('small').options.pngCompression, 'small');
  assert.equal(manifestOf('compact').versions.annotationSchema, 2);
});

test('compact annotations read back as the full run wrote them, byte for byte, and are far smaller', { skip: noBrowser }, async () => {
  const fullNames = readdirSync(join(dir('full'), 'annotations')).sort();
  const compactNames = readdirSync(join(dir('compact'), 'annotations')).sort();
  const images = readdirSync(join(dir('full'), 'images')).sort();
  assert.deepEqual(readdirSync(join(dir('compact'), 'images')).sort(), images);
  assert.equal(fullNames.length, images.length);
  // One gzipped record per image, one atom table per complex.
  assert.equal(compactNames.filter((n) => n.endsWith('.json.gz')).length, images.length);
  const complexes = manifestOf('compact')
    .complexes.map((c: { id: string }) => `complex-${c.id}.json`)
    .sort();
  assert.deepEqual(
    compactNames.filter((n) => n.startsWith('complex-')),
    complexes,
  );
  let fullBytes = 0,
    compactBytes = 0;
  for (const name of fullNames) {
    const text = readFileSync(join(dir('full'), 'annotations', name), 'utf8');
    fullBytes += text.length;
    const image = `images/${name.replace(/\.json$/, '.png')}`;
    assert.equal(JSON.stringify(readImageAnnotation(dir('compact'), image)) + '\n', text, name);
    // The full run's own files read through the same reader.
    assert.equal(JSON.stringify(readImageAnnotation(dir('full'), image)) + '\n', text, name);
  }
  for (const name of compactNames) compactBytes += statSync(join(dir('compact'), 'annotations', name)).size;
  assert.ok(compactBytes * 5 < fullBytes, `compact ${compactBytes} bytes against full ${fullBytes}`);
});

test('stats says the same of compact and full annotations', { skip: noBrowser }, async () => {
  const a = await cli('stats', dir('compact'), '--json');
  const b = await cli('stats', dir('full'), '--json');
  assert.equal(a.status, 0, a.stderr);
  assert.equal(b.status, 0, b.stderr);
  assert.deepEqual(JSON.parse(a.stdout), JSON.parse(b.stdout));
  assert.ok(
    (JSON.parse(a.stdout) as { imageSizes?: unknown }[]).every((t) => t.imageSizes),
    'image sizes from the annotations',
  );
});

test('--annotations none: no annotation files; verify passes, stats and the reader say why there are none', {
  skip: noBrowser,
}, async () => {
  const annotations = join(dir('none'), 'annotations');
  assert.ok(!existsSync(annotations) || readdirSync(annotations).length === 0);
  const v = await cli('verify', dir('none'));
  assert.equal(v.status, 0, v.stderr);
  const s = await cli('stats', dir('none'), '--json');
  assert.equal(s.status, 0, s.stderr);
  assert.match(s.stderr, /generated with --annotations none.*image sizes and label legibility are left out/);
  const image = `images/${readdirSync(join(dir('none'), 'images'))[0]}`;
  assert.throws(
    () => readImageAnnotation(dir('none'), image),
    (e: unknown) => e instanceof AnnotationReadError && /--annotations none/.test(e.message),
  );
});

test('--png-compression small: the same pixels as fast, in fewer bytes', { skip: noBrowser }, async () => {
  const names = readdirSync(join(dir('compact'), 'images')).sort();
  assert.deepEqual(readdirSync(join(dir('small'), 'images')).sort(), names);
  let fast = 0,
    small = 0;
  for (const n of names) {
    const a = readFileSync(join(dir('compact'), 'images', n));
    const b = readFileSync(join(dir('small'), 'images', n));
    fast += a.length;
    small += b.length;
    const pa = PNG.sync.read(a),
      pb = PNG.sync.read(b);
    assert.equal(pa.width, pb.width);
    assert.ok(pa.data.equals(pb.data), `${n}: decoded pixels differ`);
  }
  assert.ok(small < fast, `small ${small} bytes, fast ${fast}`);
});

test('a resume with another --annotations or --png-compression is refused, naming it', { skip: noBrowser }, async () => {
  let r = await cli('generate', '--out', dir('compact'), ...RUN, '--annotations', 'full');
  assert.notEqual(r.status, 0);
  assert.match(r.stderr, /--annotations differs: "compact" in that run, "full" now/);
  r = await cli('generate', '--out', dir('compact'), ...RUN, '--png-compression', 'small');
  assert.notEqual(r.status, 0);
  assert.match(r.stderr, /--png-compression differs: "fast" in that run, "small" now/);
});
