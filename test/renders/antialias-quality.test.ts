// The default antialiasing method holds the quality bar against 2 x 2 supersampling on the
// bundled sample (its three complexes, full scene, six views): mean grey SSIM >= 0.98, the
// label text pixel for pixel the same, no atom missing or moved, the same annotations.
// And it antialiases: its edges are nearer supersampling's than no antialiasing's are.

import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, test } from 'node:test';
import { compareAntialiasing, MIN_MEAN_SSIM, summarise } from '../../renders/antialias-quality.ts';
import { findBrowser } from '../../renders/find-browser.ts';
import { RenderPool } from '../../renders/render-pool.ts';
import { complexCamera } from '../../renders/scene-atoms.ts';
import type { SceneSpec } from '../../renders/scene-spec.ts';
import { DEFAULT_ANTIALIAS, makeStyle } from '../../renders/style.ts';
import { parseSubset } from '../../renders/subset.ts';
import { VIEW_NAMES } from '../../renders/views.ts';
import { ingest } from '../../structures/ingest.ts';
import { SAMPLE_DIR, SAMPLE_LIGANDS } from '../../structures/sample-path.ts';

const noBrowser = findBrowser() === null ? 'no Chromium on this machine' : false;
const dir = mkdtempSync(join(tmpdir(), 'misi-aa-'));
after(() => rmSync(dir, { recursive: true, force: true }));

test('the default antialiasing meets the quality bar against supersampling on the sample', { skip: noBrowser }, async () => {
  const { complexes } = await ingest([SAMPLE_DIR], { ligandsFile: SAMPLE_LIGANDS });
  assert.equal(complexes.length, 3);
  const style = makeStyle();
  const scenes = complexes.flatMap((complex) =>
    VIEW_NAMES.map((view) => ({
      name: `${complex.id}-${view}`,
      spec: {
        complex,
        subset: parseSubset('full'),
        style,
        camera: complexCamera(complex),
        view,
        transform: [],
        ligandTransform: [],
      } as SceneSpec,
    })),
  );
  const pool = new RenderPool();
  let results;
  try {
    results = await compareAntialiasing(pool, scenes, [DEFAULT_ANTIALIAS, 'none'], dir);
  } finally {
    await pool.close();
  }
  const [chosen, none] = summarise(results);
  assert.equal(chosen.method, DEFAULT_ANTIALIAS);
  assert.notEqual(DEFAULT_ANTIALIAS, 'none');
  assert.equal(chosen.images, 18);
  assert.ok(chosen.meanSsim >= MIN_MEAN_SSIM, `mean SSIM ${chosen.meanSsim}`);
  assert.ok(chosen.minSsim >= 0.95, `lowest SSIM ${chosen.minSsim} (${chosen.worst})`);
  assert.equal(chosen.imagesWithTextDiffering, 0, 'label text pixels differ');
  assert.equal(chosen.atomsDiffering, 0, 'atoms missing or moved');
  assert.equal(chosen.annotationsDiffering, 0);
  // Antialiased edges: nearer supersampling than hit-or-miss pixels are, in every image.
  for (const r of results.filter((x) => x.method === DEFAULT_ANTIALIAS)) {
    const n = results.find((x) => x.method === 'none' && x.name === r.name)!;
    assert.ok(r.edgeSsim > n.edgeSsim, `${r.name}: edge SSIM ${r.edgeSsim} (${DEFAULT_ANTIALIAS}) vs ${n.edgeSsim} (none)`);
  }
  assert.ok(chosen.meanEdgeSsim > none.meanEdgeSsim);
});
