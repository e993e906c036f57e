// The engine's promises: same scene -> byte-identical PNG (fresh browsers each time); an
// existing keyed file is not drawn again; a job that fails twice is reported with its
// reason while the rest goes on; no browser outlives the pool.

import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, test } from 'node:test';
import { parseCommands } from '../../renders/commands.ts';
import { findBrowser } from '../../renders/find-browser.ts';
import { pageScene } from '../../renders/page-payload.ts';
import { RenderPool } from '../../renders/render-pool.ts';
import { renderScenes } from '../../renders/render-scenes.ts';
import { complexCamera } from '../../renders/scene-atoms.ts';
import type { SceneSpec } from '../../renders/scene-spec.ts';
import { makeStyle } from '../../renders/style.ts';
import { parseSubset } from '../../renders/subset.ts';
import { tinyComplex } from './synthetic-complex.ts';

const noBrowser = findBrowser() === null ? 'no Chromium on this machine' : false;
const dir = mkdtempSync(join(tmpdir(), 'misi-pool-'));
after(() => rmSync(dir, { recursive: true, force: true }));

const c = tinyComplex();
const spec = (transform = ''): SceneSpec => ({
  complex: c,
  subset: parseSubset('full'),
  style: makeStyle(),
  camera: complexCamera(c),
  view: 'top',
  transform: parseCommands(transform),
  ligandTransform: [],
});

/** One shot of the scene from 50 A straight ahead, for the pool's own tests. */
const shot = { matrix: [1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, -50, 1], projection: Array.from(spec().camera.projectionMatrix) };

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

test('same scene, fresh browsers: byte-identical PNGs; a keyed file is not drawn again', { skip: noBrowser }, async () => {
  const bytes: Buffer[] = [];
  for (const sub of ['a', 'b']) {
    const pool = new RenderPool({ pages: 1 });
    try {
      const [o] = await renderScenes(pool, [{ spec: spec('roll z 30') }], { outDir: join(dir, sub) });
      assert.equal(o.status, 'rendered');
      bytes.push(readFileSync(o.file));
      const before = statSync(o.file).mtimeMs;
      const [again] = await renderScenes(pool, [{ spec: spec('roll z 30') }], { outDir: join(dir, sub) });
      assert.equal(again.status, 'exists');
      assert.equal(statSync(o.file).mtimeMs, before);
      assert.equal(pool.launches, 1);
    } finally {
      const pids = pool.pids();
      await pool.close();
      for (const pid of pids) assert.ok(!alive(pid), `browser ${pid} still running`);
    }
  }
  assert.ok(bytes[0].length > 1000);
  assert.ok(bytes[0].equals(bytes[1]), 'the two PNGs differ');
});

test('a job failing twice is reported with its reason; the pool goes on', { skip: noBrowser }, async () => {
  const pool = new RenderPool({ pages: 1, timeoutMs: 1 });
  try {
    const r = await pool.run({
      scene: pageScene(spec()),
      shots: [{ matrix: [1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, -50, 1], projection: Array.from(spec().camera.projectionMatrix) }],
    });
    assert.equal(r.ok, false);
    assert.equal(r.attempts, 2);
    assert.match((r as { reason: string }).reason, /time(d out|out)/i);
    assert.equal(pool.retries, 1);
    assert.deepEqual(pool.pids(), []);
  } finally {
    await pool.close();
  }
  const good = new RenderPool({ pages: 1, imagesPerBrowser: 2 });
  try {
    const outcomes = await renderScenes(
      good,
      ['move x 1', 'move x 2', 'move x 3'].map((t) => ({ spec: spec(t) })),
      { outDir: join(dir, 'c') },
    );
    assert.deepEqual(
      outcomes.map((o) => o.status),
      ['rendered', 'rendered', 'rendered'],
    );
    // Three images, two per browser: the browser was recycled once.
    assert.equal(good.launches, 1);
    assert.deepEqual(good.pids(), []);
  } finally {
    await good.close();
  }
});

test("a page takes its next jobs while the last ones' callbacks run, two jobs at most; a failed callback retries the job on the same browser", {
  skip: noBrowser,
}, async () => {
  const pool = new RenderPool({ pages: 1 });
  try {
    // Job A's one callback waits on a gate; jobs B and C queue behind it on the only page.
    // B draws at once (the page is free once A's image has arrived), but C draws nothing
    // until A's callbacks are done: at most two finished jobs per page in Node's hands.
    let open!: () => void;
    const gate = new Promise<void>((r) => {
      open = r;
    });
    const events: string[] = [];
    const a = pool.run({
      scene: pageScene(spec()),
      shots: [shot],
      onImage: async () => {
        events.push('A image');
        await gate;
        events.push('A written');
      },
    });
    const b = pool.run({
      scene: pageScene(spec('roll z 10')),
      shots: [shot, shot],
      onImage: (i) => {
        events.push(`B image ${i}`);
      },
    });
    const c = pool.run({
      scene: pageScene(spec('roll z 20')),
      shots: [shot],
      onImage: () => {
        events.push('C image');
      },
    });
    for (let t = 0; t < 1000 && !events.includes('B image 1'); t++) await new Promise((r) => setTimeout(r, 10));
    assert.ok(events.includes('B image 1'), `B did not draw while A's callbacks ran: ${events.join(', ')}`);
    await new Promise((r) => setTimeout(r, 500));
    assert.deepEqual(events, ['A image', 'B image 0', 'B image 1'], "C drew before A's callbacks were done");
    open();
    assert.deepEqual(await a, { ok: true, attempts: 1 });
    assert.deepEqual(await b, { ok: true, attempts: 1 });
    assert.deepEqual(await c, { ok: true, attempts: 1 });
    assert.deepEqual(events, ['A image', 'B image 0', 'B image 1', 'A written', 'C image']);
    // A callback that fails fails the attempt, not the page: the job is drawn again, by the same browser.
    let calls = 0;
    const c2 = await pool.run({
      scene: pageScene(spec()),
      shots: [shot],
      onImage: async () => {
        if (calls++ === 0) throw new Error('disk full');
      },
    });
    assert.deepEqual(c2, { ok: true, attempts: 2 });
    assert.equal(calls, 2);
    assert.equal(pool.retries, 1);
    assert.equal(pool.launches, 1);
  } finally {
    await pool.close();
  }
});

test('whenSubmitted resolves once that many jobs have been handed to run, or the pool closes', { skip: noBrowser }, async () => {
  const pool = new RenderPool({ pages: 1 });
  const runs: Promise<unknown>[] = [];
  try {
    assert.equal(pool.submitted, 0);
    await pool.whenSubmitted(0); // at once
    let second = false;
    const waiting = pool.whenSubmitted(2).then(() => {
      second = true;
    });
    runs.push(pool.run({ scene: pageScene(spec('roll z 1')), shots: [shot] }));
    await new Promise((resolve) => setImmediate(resolve));
    assert.equal(pool.submitted, 1);
    assert.equal(second, false);
    runs.push(pool.run({ scene: pageScene(spec('roll z 2')), shots: [shot] }));
    await waiting; // as soon as the second job is handed over, before it is drawn
    assert.equal(pool.submitted, 2);
    const more = pool.whenSubmitted(5);
    await Promise.all(runs);
    await pool.close();
    await more; // no fifth job will come: closing settles it
  } finally {
    await Promise.allSettled(runs);
    await pool.close();
  }
});

test('whenQueueBelow waits until jobs queued for a page have been taken', { skip: noBrowser }, async () => {
  const pool = new RenderPool({ pages: 1 });
  try {
    assert.equal(pool.queued, 0);
    await pool.whenQueueBelow(1); // nothing queued: at once
    // The first job takes the only page; the next three wait for it.
    const runs = [0, 1, 2, 3].map((k) => pool.run({ scene: pageScene(spec(`roll z ${k}`)), shots: [shot] }));
    assert.equal(pool.queued, 3);
    const order: string[] = [];
    const room = pool.whenQueueBelow(2).then(() => order.push(`room with ${pool.queued} queued`));
    const second = runs[1].then(() => order.push('job 1 done'));
    await Promise.all([room, second]);
    // Fewer than two queued once job 2 left the queue: when job 1 handed it the page, before job 1's run resolved.
    assert.deepEqual(order, ['room with 1 queued', 'job 1 done']);
    for (const r of await Promise.all(runs)) assert.equal(r.ok, true);
    assert.equal(pool.queued, 0);
  } finally {
    await pool.close();
  }
});
