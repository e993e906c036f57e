// A pool of N headless pages (one browser each, default one per core) fed from a queue.
// A job is one scene loaded once and shot under several matrices. A crashed page (its
// renderer process gone, the browser gone) or a hung one (no answer within the timeout:
// browser launch and page set-up, scene load, each image) counts as a crash: the browser is
// replaced and the job retried once from its first image; a job that fails twice is
// reported with its reason and the rest goes on. Browsers are recycled after a number of
// images so memory stays flat.
import { availableParallelism } from 'node:os';
import type { Browser } from 'puppeteer-core';
import { describeThrown } from '../structures/reject.ts';
import { closeBrowser, launchBrowser, NoBrowserError } from './browser.ts';
import type { PageScene } from './page/page-api.ts';
import type { Shot } from './page-payload.ts';
import { type EncodedImage, type RawImage, ScenePage, withTimeout } from './scene-page.ts';

export const DEFAULT_IMAGES_PER_BROWSER = 5000;

export interface PoolOptions {
  /** Pages (each in its own browser); default one per core. */
  pages?: number;
  gpu?: boolean;
  /**
   * Images a browser draws before it is replaced (default DEFAULT_IMAGES_PER_BROWSER). A
   * new browser costs ~2.5 s of CPU before its first image; memory stayed flat over 3,000
   * images without replacement (docs/benchmarks.md), so this is a guard, not a need.
   */
  imagesPerBrowser?: number;
  /** Time allowed per image (and per scene load), ms. */
  timeoutMs?: number;
  /** Time allowed for a browser launch and for the page's set-up, ms (default 60 s, at least timeoutMs). */
  launchTimeoutMs?: number;
  executablePath?: string;
}

export interface PoolJob {
  scene: PageScene;
  /** One shot (model -> eye matrix and projection) per image. */
  shots: Shot[];
  /**
   * Called as each image arrives. A returned promise is not waited for before the next
   * shot (so callers can encode while the page draws on), only before the job ends.
   */
  onImage?: (index: number, image: RawImage) => void | Promise<void>;
  /** Have the page encode the images (WebP or JPEG, quality 0-1) instead of sending pixels. */
  encode?: { format: 'webp' | 'jpeg'; quality: number };
  /** With `encode`: called with each file as it arrives (instead of onImage). */
  onEncoded?: (index: number, image: EncodedImage) => void | Promise<void>;
}

/** `p`, marked as handled now (its rejection is read later, when the job's callbacks are settled). */
function watched(p: Promise<void>): Promise<void> {
  p.catch(() => {});
  return p;
}

export type PoolResult = { ok: true; attempts: number } | { ok: false; attempts: number; reason: string };

interface Worker {
  id: number;
  browser: Browser | null;
  page: ScenePage | null;
  images: number;
  /**
   * The callbacks of the page's job before last, which may still run while it draws the
   * next: the next job's shots wait for them (after its scene load), so at most two jobs'
   * images per page are in Node's hands beside the one being drawn. (Waiting for the last
   * job's instead kept each page waiting ~17 ms per job, ~7 % of its time.)
   */
  tail: Promise<unknown>;
  /** The callbacks of the page's last job: the next job's `tail`. */
  last: Promise<unknown>;
}

export class RenderPool {
  readonly size: number;
  private readonly options: Required<Omit<PoolOptions, 'executablePath'>> & { executablePath?: string };
  private readonly idle: Worker[] = [];
  private readonly waiting: ((w: Worker) => void)[] = [];
  /** Callers of whenQueueBelow and whenSubmitted, each until its condition holds. */
  private readonly waiters: { ready: () => boolean; resolve: () => void }[] = [];
  private jobsSubmitted = 0;
  private readonly workers: Worker[] = [];
  private closed = false;
  /** Browsers launched so far (recycling and replacement included). */
  launches = 0;
  /** Jobs that needed a second attempt. */
  retries = 0;

  constructor(options: PoolOptions = {}) {
    this.options = {
      pages: options.pages ?? availableParallelism(),
      gpu: options.gpu ?? false,
      imagesPerBrowser: options.imagesPerBrowser ?? DEFAULT_IMAGES_PER_BROWSER,
      timeoutMs: options.timeoutMs ?? 30000,
      launchTimeoutMs: Math.max(options.launchTimeoutMs ?? 60000, options.timeoutMs ?? 0),
      executablePath: options.executablePath,
    };
    this.size = Math.max(1, this.options.pages);
    for (let i = 0; i < this.size; i++) {
      const w: Worker = { id: i, browser: null, page: null, images: 0, tail: Promise.resolve(), last: Promise.resolve() };
      this.workers.push(w);
      this.idle.push(w);
    }
  }

  /** Browser process ids currently running (for memory figures and tests). */
  pids(): number[] {
    return this.workers.flatMap((w) => (w.browser?.process()?.pid ? [w.browser.process()!.pid!] : []));
  }

  private acquire(): Promise<Worker> {
    const w = this.idle.pop();
    if (w) return Promise.resolve(w);
    return new Promise((resolve) => this.waiting.push(resolve));
  }

  private release(w: Worker): void {
    const next = this.waiting.shift();
    if (next) next(w);
    else this.idle.push(w);
    this.wakeWaiters();
  }

  /** Resolves at once when `ready()` holds (or the pool is closed), else once it does. */
  private until(ready: () => boolean): Promise<void> {
    if (this.closed || ready()) return Promise.resolve();
    return new Promise((resolve) => this.waiters.push({ ready, resolve }));
  }

  private wakeWaiters(): void {
    for (let k = this.waiters.length - 1; k >= 0; k--) {
      if (this.waiters[k].ready()) this.waiters.splice(k, 1)[0].resolve();
    }
  }

  /** Jobs waiting for a free page. */
  get queued(): number {
    return this.waiting.length;
  }

  /**
   * Resolves once fewer than `below` jobs wait for a free page (at once when that is so
   * already, or the pool is closed). A caller that makes jobs ahead of the pages
   * (renderScenes) holds no more of them, and of what they keep, than that.
   */
  whenQueueBelow(below: number): Promise<void> {
    return this.until(() => this.waiting.length < below);
  }

  private async ensureOpen(w: Worker): Promise<ScenePage> {
    if (w.page) return w.page;
    const launching = launchBrowser({ gpu: this.options.gpu, executablePath: this.options.executablePath });
    let late = false;
    // A launch that answers after its timeout still leaves a browser: close it then.
    launching.then(
      (b) => {
        if (late) void closeBrowser(b);
      },
      () => {},
    );
    w.browser = await withTimeout(launching, this.options.launchTimeoutMs, 'browser launch').catch((e) => {
      late = true;
      throw e;
    });
    this.launches++;
    w.images = 0;
    w.page = await withTimeout(ScenePage.open(w.browser, this.options.launchTimeoutMs), this.options.launchTimeoutMs, 'page set-up');
    return w.page;
  }

  /** Rejects as soon as the page's renderer crashes or the browser goes away. */
  private crashWatch(w: Worker, page: ScenePage): { crashed: Promise<never>; stop: () => void } {
    let stop = () => {};
    const crashed = new Promise<never>((_, reject) => {
      const onError = (e: Error) => reject(new Error(`the page crashed (${e?.message || 'renderer gone'})`));
      const onGone = () => reject(new Error('the browser closed or crashed'));
      page.page.once('error', onError);
      w.browser?.once('disconnected', onGone);
      stop = () => {
        page.page.off('error', onError);
        w.browser?.off('disconnected', onGone);
      };
    });
    crashed.catch(() => {});
    return { crashed, stop };
  }

  private async retire(w: Worker): Promise<void> {
    const b = w.browser;
    w.browser = null;
    w.page = null;
    if (b) await closeBrowser(b);
  }

  /**
   * Draws the job on `w`'s page. Resolves once every image has arrived, to the promise of the
   * job's callbacks (encoding, writing; boxed, or awaiting this would wait for them too),
   * which the page need not wait for: it can start the next job meanwhile. When a shot
   * fails, the callbacks are settled before this rejects.
   */
  private async attempt(w: Worker, job: PoolJob): Promise<{ callbacks: Promise<void> }> {
    const page = await this.ensureOpen(w);
    const watch = this.crashWatch(w, page);
    try {
      return await Promise.race([this.shots(w, page, job), watch.crashed]);
    } finally {
      watch.stop();
    }
  }

  private async shots(w: Worker, page: ScenePage, job: PoolJob): Promise<{ callbacks: Promise<void> }> {
    const t = this.options.timeoutMs;
    await page.load(job.scene, t);
    await w.tail; // never rejects (see below)
    const pending: Promise<void>[] = [];
    const settle = async () => {
      const settled = await Promise.allSettled(pending);
      const bad = settled.find((r) => r.status === 'rejected');
      if (bad) throw (bad as PromiseRejectedResult).reason;
    };
    try {
      if (job.encode) {
        for (let i = 0; i < job.shots.length; i++) {
          const file = await page.shootEncoded(job.shots[i], job.encode.format, job.encode.quality, t);
          w.images++;
          const p = job.onEncoded?.(i, file);
          if (p) pending.push(watched(p));
        }
      } else {
        await page.shootAll(job.shots, t, (i, img) => {
          w.images++;
          const p = job.onImage?.(i, img);
          if (p) pending.push(watched(p));
        });
      }
    } catch (e) {
      // Settle every callback before the job is retried or ends.
      await settle().catch(() => {});
      throw e;
    }
    const callbacks = settle();
    w.tail = w.last;
    w.last = callbacks.catch(() => {}); // the failure is the job's, awaited by run()
    return { callbacks };
  }

  /**
   * Runs one job on the next free page. Never throws for a page failure: see PoolResult.
   * The page is free for the next job as soon as its last image has arrived; the job ends
   * once its callbacks have too. A callback that fails fails the attempt (the page, which
   * did its part, is kept).
   */
  /** Jobs handed to run() so far (the warm-up is not one). */
  get submitted(): number {
    return this.jobsSubmitted;
  }

  /**
   * Resolves once `count` jobs in all have been handed to run() (at once when they have,
   * or the pool is closed): a caller can start more work once the pages have some.
   */
  whenSubmitted(count: number): Promise<void> {
    return this.until(() => this.jobsSubmitted >= count);
  }

  async run(job: PoolJob): Promise<PoolResult> {
    if (this.closed) throw new Error('render pool is closed');
    this.jobsSubmitted++;
    this.wakeWaiters();
    let w: Worker | null = await this.acquire();
    try {
      let reason = '';
      for (let attempt = 1; attempt <= 2; attempt++) {
        w ??= await this.acquire();
        let callbacks: Promise<void>;
        try {
          ({ callbacks } = await this.attempt(w, job));
        } catch (err) {
          if (err instanceof NoBrowserError) throw err;
          reason = describeThrown(err);
          // Whatever went wrong, this page is not trusted again.
          await this.retire(w);
          if (attempt === 1) this.retries++;
          continue;
        }
        if (w.images >= this.options.imagesPerBrowser) await this.retire(w);
        this.release(w);
        w = null;
        try {
          await callbacks;
          return { ok: true, attempts: attempt };
        } catch (err) {
          reason = describeThrown(err);
          if (attempt === 1) this.retries++;
        }
      }
      return { ok: false, attempts: 2, reason };
    } finally {
      if (w) this.release(w);
    }
  }

  /**
   * Starts every page and has it draw `job` (its images are dropped), so browsers start and
   * shaders compile while the caller does other work; a page that fails here is replaced
   * when the first real job needs it. Not counted as a job (subclasses' run() is not called).
   */
  async warmUp(job: PoolJob): Promise<void> {
    await Promise.all(
      this.workers.map(async () => {
        const w = await this.acquire();
        try {
          await (await this.attempt(w, { scene: job.scene, shots: job.shots })).callbacks;
        } catch (err) {
          if (!(err instanceof NoBrowserError)) await this.retire(w);
        } finally {
          this.release(w);
        }
      }),
    );
  }

  async close(): Promise<void> {
    this.closed = true;
    for (const waiter of this.waiters.splice(0)) waiter.resolve();
    await Promise.all(this.workers.map((w) => this.retire(w)));
  }
}
