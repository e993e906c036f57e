// renders/image-work.ts, the parts of renderScenes that need no browser, on the bundled
// sample: an image's names (keyed, given, compact, none) and whether it is on disk already;
// the jobs (one per loaded scene, split at SHOTS_PER_JOB, images on disk left out, first-seen
// order); an image's layout (annotation kept or not, the file text full or gzipped compact).

import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, test } from 'node:test';
import { gunzipSync } from 'node:zlib';
import { scene } from '../../qa/scenes.ts';
import { drawJobs, imageWork, layOutImage, SHOTS_PER_JOB } from '../../renders/image-work.ts';
import { imageFileName, loadKey, sceneKey } from '../../renders/scene-key.ts';
import { makeStyle } from '../../renders/style.ts';
import { sampleComplexes } from '../qa/sample-complexes.ts';

const root = mkdtempSync(join(tmpdir(), 'misi-image-work-'));
after(() => rmSync(root, { recursive: true, force: true }));
const style = makeStyle();

test('names: keyed under outDir with its annotation beside it; given paths kept; an image on disk exists', async () => {
  const [c] = await sampleComplexes();
  const spec = scene(c, style, { view: 'left' });
  const dir = join(root, 'names');
  const keyed = imageWork({ spec }, { outDir: dir });
  assert.equal(keyed.outcome.key, sceneKey(spec));
  assert.equal(keyed.outcome.file, join(dir, imageFileName(spec)));
  assert.equal(keyed.outcome.annotationFile, keyed.outcome.file.replace(/\.png$/, '.json'));
  assert.equal(keyed.outcome.status, 'rendered');
  assert.equal(
    imageWork({ spec }, { outDir: dir, annotationLayout: 'compact' }).outcome.annotationFile,
    keyed.outcome.file.replace(/\.png$/, '.json.gz'),
  );
  const webp = imageWork({ spec }, { outDir: dir, format: 'webp', quality: 0.5 });
  assert.equal(webp.outcome.key, sceneKey(spec, 'webp', 0.5));
  assert.match(webp.outcome.file, /\.webp$/);
  assert.equal(imageWork({ spec, annotationsOut: null }, { outDir: dir }).outcome.annotationFile, null);
  const given = imageWork({ spec, out: join(root, 'mine.png') }, { outDir: dir });
  assert.equal(given.outcome.file, join(root, 'mine.png'));
  assert.equal(given.outcome.annotationFile, null, 'a named image gets an annotation only when one is named');
  // On disk: a keyed image is not drawn again; a named one always is.
  mkdirSync(dir, { recursive: true });
  writeFileSync(keyed.outcome.file, 'x');
  writeFileSync(join(root, 'mine.png'), 'x');
  assert.equal(imageWork({ spec }, { outDir: dir }).outcome.status, 'exists');
  assert.equal(imageWork({ spec, out: join(root, 'mine.png') }, { outDir: dir }).outcome.status, 'rendered');
});

test('jobs: one per loaded scene in first-seen order, at most SHOTS_PER_JOB shots, images on disk left out', async () => {
  const [a, b] = await sampleComplexes();
  const dir = join(root, 'jobs');
  const views = ['front', 'left', 'top', 'back', 'right', 'bottom'] as const;
  // 40 shots of a's loaded scene (views and whole-scene moves do not reload), 2 of b's, interleaved.
  const specsA = Array.from({ length: 40 }, (_, k) =>
    scene(a, style, { view: views[k % 6], transform: [{ kind: 'move', axis: 'x', amount: k }] }),
  );
  const specsB = [scene(b, style), scene(b, style, { view: 'top' })];
  assert.equal(new Set(specsA.map(loadKey)).size, 1, 'the 40 share one load');
  const works = [specsA[0], specsB[0], ...specsA.slice(1), specsB[1]].map((spec) => imageWork({ spec }, { outDir: dir }));
  works[2].outcome.status = 'exists';
  const jobs = drawJobs(works);
  assert.deepEqual(
    jobs.map((j) => j.length),
    [SHOTS_PER_JOB, 40 - 1 - SHOTS_PER_JOB, 2],
  );
  assert.equal(jobs[0][0], works[0]);
  assert.ok(!jobs.flat().includes(works[2]));
  assert.deepEqual(jobs[2], [works[1], works[works.length - 1]]);
  for (const job of jobs) assert.equal(new Set(job.map((w) => loadKey(w.spec))).size, 1);
});

test('layout: pose and labels held for the job, the annotation kept or not, its text full or compact', async () => {
  const [c] = await sampleComplexes();
  const spec = scene(c, style);
  const full = imageWork({ spec }, { outDir: join(root, 'lay') });
  layOutImage(full, true, false);
  assert.ok(full.pose && full.labels);
  assert.equal(full.outcome.annotation?.key, full.outcome.key);
  assert.deepEqual(JSON.parse(full.annotationText as string), JSON.parse(JSON.stringify(full.outcome.annotation)));
  const compact = imageWork({ spec }, { outDir: join(root, 'lay'), annotationLayout: 'compact' });
  layOutImage(compact, false, true);
  assert.equal(compact.outcome.annotation, undefined);
  const text = gunzipSync(await (compact.annotationText as Promise<Buffer>)).toString();
  assert.ok(text.endsWith('\n'));
  assert.equal(typeof JSON.parse(text), 'object');
  const none = imageWork({ spec, annotationsOut: null }, {});
  layOutImage(none, true, false);
  assert.equal(none.annotationText, undefined, 'no file, no text');
  assert.ok(none.outcome.annotation);
});
