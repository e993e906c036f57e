// The image socket (renders/image-channel.ts): a page's pixels come back over a WebSocket
// on 127.0.0.1, the same runs, byte for byte, as through the DevTools protocol; a page
// whose socket is gone fails its next image with a message instead of hanging, and the
// pool then replaces it and still delivers every image.

import assert from 'node:assert/strict';
import { after, test } from 'node:test';
import type { Browser } from 'puppeteer-core';
import { closeBrowser, launchBrowser } from '../../renders/browser.ts';
import { parseCommands } from '../../renders/commands.ts';
import { findBrowser } from '../../renders/find-browser.ts';
import { pageScene, pageShot } from '../../renders/page-payload.ts';
import { RenderPool } from '../../renders/render-pool.ts';
import { complexCamera } from '../../renders/scene-atoms.ts';
import { sceneLabels } from '../../renders/scene-labels.ts';
import { ScenePage } from '../../renders/scene-page.ts';
import { poseScene } from '../../renders/scene-pose.ts';
import type { SceneSpec } from '../../renders/scene-spec.ts';
import { makeStyle } from '../../renders/style.ts';
import { parseSubset } from '../../renders/subset.ts';
import { ingest } from '../../structures/ingest.ts';
import { SAMPLE_DIR, SAMPLE_LIGANDS } from '../../structures/sample-path.ts';

const noBrowser = findBrowser() === null ? 'no Chromium on this machine' : false;
const browsers: Browser[] = [];
after(async () => {
  for (const b of browsers) await closeBrowser(b);
});

async function sampleShots() {
  const { complexes } = await ingest([SAMPLE_DIR], { ligandsFile: SAMPLE_LIGANDS });
  const c = complexes[0];
  const specs: SceneSpec[] = ['front', 'left', 'top'].map((view) => ({
    complex: c,
    subset: parseSubset('full'),
    style: makeStyle(),
    camera: complexCamera(c),
    view: view as SceneSpec['view'],
    transform: parseCommands('roll y 30'),
    ligandTransform: [],
  }));
  return {
    scene: pageScene(specs[0]),
    shots: specs.map((s) => {
      const pose = poseScene(s);
      return pageShot(s, pose, sceneLabels(s, pose));
    }),
  };
}

/** Two pages of one new browser, one sending pixels over the socket and one through the protocol, both with the sample's scene loaded. */
async function socketAndProtocolPages() {
  const { scene, shots } = await sampleShots();
  const b = await launchBrowser();
  browsers.push(b);
  const bySocket = await ScenePage.open(b);
  const byProtocol = await ScenePage.open(b, 30000, { imageSocket: false });
  assert.equal(bySocket.transport, 'socket', `socket not opened: ${bySocket.socketProblem}`);
  assert.equal(byProtocol.transport, 'protocol');
  await bySocket.load(scene, 30000);
  await byProtocol.load(scene, 30000);
  return { shots, bySocket, byProtocol };
}

test("pixels over the socket equal the protocol's, byte for byte", { skip: noBrowser, timeout: 120000 }, async () => {
  const { shots, bySocket, byProtocol } = await socketAndProtocolPages();
  for (const shot of shots) {
    const a = await bySocket.shoot(shot, 30000);
    const p = await byProtocol.shoot(shot, 30000);
    assert.equal(a.width, p.width);
    assert.ok(a.runs.length > 1000, `only ${a.runs.length} bytes of runs`);
    assert.ok(Buffer.from(a.runs).equals(Buffer.from(p.runs)), 'the runs differ between the socket and the protocol');
  }
  assert.deepEqual(
    bySocket.refused.filter((u) => !u.endsWith('/favicon.ico')),
    [],
  );
});

test("a batch of shots over the socket gives the protocol's runs, in order", { skip: noBrowser, timeout: 120000 }, async () => {
  const { shots, bySocket, byProtocol } = await socketAndProtocolPages();
  const batch: Buffer[] = [];
  const batchShots = [...shots, ...shots.slice().reverse()];
  await bySocket.shootAll(batchShots, 30000, (i, img) => {
    assert.equal(i, batch.length);
    batch.push(Buffer.from(img.runs));
  });
  assert.equal(batch.length, batchShots.length);
  for (let i = 0; i < batchShots.length; i++) {
    const p = await byProtocol.shoot(batchShots[i], 30000);
    assert.ok(batch[i].equals(Buffer.from(p.runs)), `image ${i} of the batch differs from the protocol's`);
  }
  // The same page goes on with single shots after a batch (the socket's serials agree).
  const single = await bySocket.shoot(shots[0], 30000);
  assert.ok(Buffer.from(single.runs).equals(batch[0]));
});

test('a page whose socket closed fails its next image; the pool replaces it and delivers all', {
  skip: noBrowser,
  timeout: 120000,
}, async () => {
  const { scene, shots } = await sampleShots();
  const b = await launchBrowser();
  browsers.push(b);
  const page = await ScenePage.open(b);
  await page.load(scene, 30000);
  await page.shoot(shots[0], 30000);
  await page.page.evaluate(() => (window as any).misi.closeImageSocket());
  await assert.rejects(page.shoot(shots[1], 10000), /image socket/);

  // Through a pool: the first attempt's page has lost its socket when the job's batch
  // starts (its page opened by the warm-up), the retry on a new browser draws it all.
  const pool = new RenderPool({ pages: 1, timeoutMs: 20000 });
  await pool.warmUp({ scene, shots: shots.slice(0, 1) });
  await (pool as any).workers[0].page.page.evaluate(() => (window as any).misi.closeImageSocket());
  const got: number[] = [];
  const result = await pool.run({
    scene,
    shots,
    onImage: async (i) => {
      got.push(i);
    },
  });
  await pool.close();
  assert.deepEqual(result, { ok: true, attempts: 2 });
  assert.deepEqual(
    got.slice(-shots.length),
    shots.map((_, i) => i),
  );
});
