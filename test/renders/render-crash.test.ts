// A renderer process killed mid-shot, and one that stops answering (SIGSTOP, a hang): each
// counts as a crash, the browser is replaced and the job retried once, and the retried job
// delivers every image, the same pixels as a run without trouble. No browser outlives the pool.

import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { after, test } from 'node:test';
import { parseCommands } from '../../renders/commands.ts';
import { findBrowser } from '../../renders/find-browser.ts';
import { pageScene, pageShot } from '../../renders/page-payload.ts';
import { type PoolJob, RenderPool } from '../../renders/render-pool.ts';
import { complexCamera } from '../../renders/scene-atoms.ts';
import { sceneLabels } from '../../renders/scene-labels.ts';
import { poseScene } from '../../renders/scene-pose.ts';
import type { SceneSpec } from '../../renders/scene-spec.ts';
import { makeStyle } from '../../renders/style.ts';
import { parseSubset } from '../../renders/subset.ts';
import { tinyComplex } from './synthetic-complex.ts';

const noBrowser = findBrowser() === null ? 'no Chromium on this machine' : false;
const c = tinyComplex();
const spec = (transform: string): SceneSpec => ({
  complex: c,
  subset: parseSubset('full'),
  style: makeStyle(),
  camera: complexCamera(c),
  view: 'top',
  transform: parseCommands(transform),
  ligandTransform: [],
});
// Many shots, and the trouble strikes when the first one arrives: the page draws a batch
// without waiting for Node, so with few shots a loaded machine let it finish the whole batch
// before Node saw image 2, and the kill came too late to cost the job anything.
const SHOTS = 48;
const specs = Array.from({ length: SHOTS }, (_, i) => spec(`roll z ${i * 15}`));
const job = (onImage: PoolJob['onImage']): PoolJob => ({
  scene: pageScene(specs[0]),
  shots: specs.map((s) => {
    const pose = poseScene(s);
    return pageShot(s, pose, sceneLabels(s, pose));
  }),
  onImage,
});

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

/** Chromium renderer processes descended from `root` (from /proc). */
function renderers(root: number): number[] {
  const parent = new Map<number, number>();
  for (const d of readdirSync('/proc')) {
    if (!/^\d+$/.test(d)) continue;
    try {
      const stat = readFileSync(`/proc/${d}/stat`, 'latin1');
      parent.set(Number(d), Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]));
    } catch {
      /* gone */
    }
  }
  const descends = (pid: number): boolean => {
    for (let p = parent.get(pid); p; p = parent.get(p)) if (p === root) return true;
    return false;
  };
  return [...parent.keys()].filter((pid) => {
    if (!descends(pid)) return false;
    try {
      return readFileSync(`/proc/${pid}/cmdline`, 'latin1').includes('--type=renderer');
    } catch {
      return false;
    }
  });
}

const reference: Buffer[] = [];
const pools: RenderPool[] = [];
after(async () => {
  for (const p of pools) await p.close();
});

const victims: number[] = [];
after(() => {
  for (const pid of victims) {
    try {
      process.kill(pid, 'SIGKILL');
    } catch {
      /* gone */
    }
  }
});

/** Waits until none of `pids` runs (a killed orphan is reaped by init shortly after). */
async function gone(pids: number[]): Promise<number[]> {
  for (let k = 0; k < 40 && pids.some(alive); k++) await new Promise((r) => setTimeout(r, 100));
  return pids.filter(alive);
}

async function runWith(
  trouble: (pid: number) => void,
  timeoutMs: number,
): Promise<{ result: Awaited<ReturnType<RenderPool['run']>>; images: Buffer[]; pool: RenderPool }> {
  const pool = new RenderPool({ pages: 1, timeoutMs });
  pools.push(pool);
  const images: Buffer[] = [];
  let struck = false;
  const result = await pool.run(
    job((i, img) => {
      images[i] = Buffer.from(img.runs);
      if (i === 0 && !struck) {
        struck = true;
        const [browserPid] = pool.pids();
        const found = renderers(browserPid);
        assert.ok(found.length >= 1, 'no renderer process found');
        victims.push(...found);
        for (const pid of found) trouble(pid);
      }
    }),
  );
  return { result, images, pool };
}

test('a clean job: the reference images', { skip: noBrowser }, async () => {
  const pool = new RenderPool({ pages: 1 });
  pools.push(pool);
  const result = await pool.run(
    job((i, img) => {
      reference[i] = Buffer.from(img.runs);
    }),
  );
  assert.deepEqual(result, { ok: true, attempts: 1 });
  assert.equal(reference.length, SHOTS);
});

test('the renderer killed mid-shot: the browser is replaced, the job retried once, every image delivered', {
  skip: noBrowser,
}, async () => {
  const { result, images, pool } = await runWith((pid) => process.kill(pid, 'SIGKILL'), 30000);
  assert.deepEqual(result, { ok: true, attempts: 2 }, `the job's outcome: ${JSON.stringify(result)}`);
  assert.equal(pool.retries, 1);
  assert.equal(pool.launches, 2);
  assert.equal(images.length, SHOTS);
  images.forEach((img, i) => assert.ok(img.equals(reference[i]), `image ${i} differs from the clean run`));
  const pids = pool.pids();
  await pool.close();
  for (const pid of pids) assert.ok(!alive(pid), `browser ${pid} still running`);
});

test('a renderer that stops answering (SIGSTOP) counts as a crash after the timeout', { skip: noBrowser }, async () => {
  // The timeout bounds every step of an attempt, the retry's too: under CI's load (two test
  // files at a time on two cores) a fresh browser's first shots took more than 8 s once, and
  // the retried job failed. 20 s leaves the retry room and still shows the hang is waited out.
  const timeoutMs = 20000;
  const started = Date.now();
  const { result, images, pool } = await runWith((pid) => process.kill(pid, 'SIGSTOP'), timeoutMs);
  assert.deepEqual(result, { ok: true, attempts: 2 }, `the job's outcome: ${JSON.stringify(result)}`);
  assert.equal(pool.retries, 1);
  assert.ok(Date.now() - started >= timeoutMs, 'retried before the timeout');
  images.forEach((img, i) => assert.ok(img.equals(reference[i]), `image ${i} differs from the clean run`));
  await pool.close();
  // The stopped renderers did not exit with their browser: the pool killed them.
  assert.deepEqual(await gone(victims), [], 'stopped renderer processes left behind');
});
