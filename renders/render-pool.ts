// A pool of N headless pages (one browser each, default one per core) fed from a queue.
// A job is one scene loaded once and shot under several matrices. A crashed page (its
// renderer process gone, the browser gone) or a hung one (no answer within the timeout:
// browser launch and page set-up, scene load, each image) counts as a crash: the browser is
// replaced and the job retried once from its first image; a job that fails twice is
// reported with its reason and the rest goes on. Browsers are recycled after a number of
// images so memory stays flat.
import { availableParallelism } from 'node:os';
import type { Browser } from 'puppeteer-core';
import { closeBrowser, launchBrowser, NoBrowserError } from './browser.ts';
import { describeThrown } from '../structures/reject.ts';
import type { PageScene, Shot } from './page-payload.ts';
import { ScenePage, withTimeout, type EncodedImage, type RawImage } from './scene-page.ts';

export const DEFAULT_IMAGES_PER_BROWSER = 5000;

export interface PoolOptions {
  /** Pages (each in its own browser); default one per core. */
  pages?: number;
  gpu?: boolean;
  /**
   * Images a browser draws before it is replaced (default DEFAULT_IMAGES_PER_BROWSER). A
   * new browser costs ~2.5 s of CPU before its first image; memory stayed flat over 3,000
   * images without replacement (docs/rendering.md), so this is a guard, not a need.
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

export type PoolResult = { ok: true; attempts: number } | { ok: false; attempts: number; reason: string };

interface Worker {
  id: number;
  browser: Browser | null;
  page: ScenePage | null;
  images: number;
}

export class RenderPool {
  readonly size: number;
  private readonly options: Required<Omit<PoolOptions, 'executablePath'>> & { executablePath?: string };
  private readonly idle: Worker[] = [];
  private readonly waiting: ((w: Worker) => void)[] = [];
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
      const w: Worker = { id: i, browser: null, page: null, images: 0 };
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
  }

  private async ensureOpen(w: Worker): Promise<ScenePage> {
    if (w.page) return w.page;
    const launching = launchBrowser({ gpu: this.options.gpu, executablePath: this.options.executablePath });
    let late = false;
    // A launch that answers after its timeout still leaves a browser: close it then.
    launching.then((b) => { if (late) void closeBrowser(b); }, () => {});
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

  private async attempt(w: Worker, job: PoolJob): Promise<void> {
    const page = await this.ensureOpen(w);
    const watch = this.crashWatch(w, page);
    try {
      await Promise.race([this.shots(w, page, job), watch.crashed]);
    } finally {
      watch.stop();
    }
  }

  private async shots(w: Worker, page: ScenePage, job: PoolJob): Promise<void> {
    const t = this.options.timeoutMs;
    await page.load(job.scene, t);
    const pending: Promise<void>[] = [];
    try {
      if (job.encode) {
        for (let i = 0; i < job.shots.length; i++) {
          const file = await page.shootEncoded(job.shots[i], job.encode.format, job.encode.quality, t);
          w.images++;
          const p = job.onEncoded?.(i, file);
          if (p) pending.push(p);
        }
      } else {
        await page.shootAll(job.shots, t, (i, img) => {
          w.images++;
          const p = job.onImage?.(i, img);
          if (p) pending.push(p);
        });
      }
    } finally {
      // Settle every callback (even when a shot failed) before the job is retried or ends.
      const settled = await Promise.allSettled(pending);
      const bad = settled.find((r) => r.status === 'rejected');
      if (bad) throw (bad as PromiseRejectedResult).reason;
    }
  }

  /** Runs one job on the next free page. Never throws for a page failure: see PoolResult. */
  async run(job: PoolJob): Promise<PoolResult> {
    if (this.closed) throw new Error('render pool is closed');
    const w = await this.acquire();
    try {
      let reason = '';
      for (let attempt = 1; attempt <= 2; attempt++) {
        try {
          await this.attempt(w, job);
          if (w.images >= this.options.imagesPerBrowser) await this.retire(w);
          return { ok: true, attempts: attempt };
        } catch (err) {
          if (err instanceof NoBrowserError) throw err;
          reason = describeThrown(err);
          // Whatever went wrong, this page is not trusted again.
          await this.retire(w);
          if (attempt === 1) this.retries++;
        }
      }
      return { ok: false, attempts: 2, reason };
    } finally {
      this.release(w);
    }
  }

  /**
   * Starts every page and has it draw `job` (its images are dropped), so browsers start and
   * shaders compile while the caller does other work; a page that fails here is replaced
   * when the first real job needs it. Not counted as a job (subclasses' run() is not called).
   */
  async warmUp(job: PoolJob): Promise<void> {
    await Promise.all(this.workers.map(async () => {
      const w = await this.acquire();
      try {
        await this.attempt(w, { scene: job.scene, shots: job.shots });
      } catch (err) {
        if (!(err instanceof NoBrowserError)) await this.retire(w);
      } finally {
        this.release(w);
      }
    }));
  }

  async close(): Promise<void> {
    this.closed = true;
    await Promise.all(this.workers.map((w) => this.retire(w)));
  }
}
