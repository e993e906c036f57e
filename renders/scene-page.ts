// One headless page that draws scenes: it loads 3Dmol.js from node_modules and the bundled
// font through request interception; every other request the page makes is refused.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Browser, HTTPRequest, Page } from 'puppeteer-core';
import type { PageScene, Shot } from './page-payload.ts';

const ORIGIN = 'http://misi-render.local';
// Our page files sit beside this module (copied into dist/ by the build); 3Dmol.js is found
// by Node's module resolution, wherever npm put the dependency.
const here = (p: string) => new URL(p, import.meta.url);
const dependency = (p: string) => createRequire(import.meta.url).resolve(p);

interface Served { body: Buffer; type: string }
let served: Map<string, Served> | null = null;

function files(): Map<string, Served> {
  served ??= new Map([
    ['/index.html', { body: readFileSync(here('./page/index.html')), type: 'text/html' }],
    ['/coverage-aa.js', { body: readFileSync(here('./page/coverage-aa.js')), type: 'text/javascript' }],
    ['/scene-page.js', { body: readFileSync(here('./page/scene-page.js')), type: 'text/javascript' }],
    ['/3Dmol-min.js', { body: readFileSync(dependency('3dmol/build/3Dmol-min.js')), type: 'text/javascript' }],
    ['/assets/DejaVuSans.ttf', { body: readFileSync(here('./assets/DejaVuSans.ttf')), type: 'font/ttf' }],
  ]);
  return served;
}

export interface RawImage {
  width: number;
  height: number;
  /** The page's pixel runs (decodePixelRuns gives 8-bit RGB, top row first). */
  runs: Uint8Array;
}

/** A whole image file made by the page. */
export interface EncodedImage {
  width: number;
  height: number;
  format: 'webp' | 'jpeg';
  bytes: Buffer;
}

/** Rejects with `what timed out` when `p` does not settle within `ms`. */
export function withTimeout<T>(p: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout;
  return Promise.race([
    p,
    new Promise<T>((_, reject) => { timer = setTimeout(() => reject(new Error(`${what} timed out after ${ms} ms`)), ms); }),
  ]).finally(() => clearTimeout(timer));
}

export class ScenePage {
  /** Requests the page tried to make outside the local files (all refused). */
  readonly refused: string[] = [];
  private size = '';
  private pageErrors: string[] = [];

  private constructor(readonly page: Page) {}

  static async open(browser: Browser, timeoutMs = 30000): Promise<ScenePage> {
    const page = await browser.newPage();
    const sp = new ScenePage(page);
    await page.setRequestInterception(true);
    page.on('request', (req: HTTPRequest) => sp.answer(req));
    page.on('pageerror', (e) => sp.pageErrors.push(String((e as Error)?.message ?? e)));
    await sp.goto(timeoutMs);
    return sp;
  }

  private answer(req: HTTPRequest): void {
    const url = req.url();
    const file = url.startsWith(ORIGIN) ? files().get(new URL(url).pathname) : undefined;
    if (file) void req.respond({ status: 200, contentType: file.type, body: file.body });
    else {
      if (!url.startsWith('data:')) this.refused.push(url);
      void req.abort('blockedbyclient');
    }
  }

  private async goto(timeoutMs: number): Promise<void> {
    await this.page.goto(`${ORIGIN}/index.html`, { waitUntil: 'load', timeout: timeoutMs });
    const fontOk = await withTimeout(this.page.evaluate('window.misi.fontReady()') as Promise<boolean>, timeoutMs, 'font load');
    if (!fontOk) throw new Error('the bundled font did not load in the page');
    this.size = '';
  }

  /** Loads a scene (replacing the previous one). */
  async load(scene: PageScene, timeoutMs: number): Promise<void> {
    if (this.size !== `${scene.width}x${scene.height}`) {
      await this.page.setViewport({ width: scene.width, height: scene.height, deviceScaleFactor: 1 });
      this.size = `${scene.width}x${scene.height}`;
    }
    this.pageErrors = [];
    await withTimeout(this.page.evaluate((s) => (window as any).misi.load(s), scene as any), timeoutMs, 'scene load');
  }

  /** Draws the loaded scene as `shot` says and reads the pixels. */
  async shoot(shot: Shot, timeoutMs: number): Promise<RawImage> {
    const r = await withTimeout(
      this.page.evaluate((m, p, l) => (window as any).misi.shoot(m, p, l), shot.matrix, shot.projection, shot.labels) as Promise<{ width: number; height: number; runs: string }>,
      timeoutMs,
      'image',
    );
    if (this.pageErrors.length) throw new Error(`page error: ${this.pageErrors.join('; ')}`);
    return { width: r.width, height: r.height, runs: Buffer.from(r.runs, 'base64') };
  }

  /** Draws the loaded scene as `shot` says and returns it encoded by the page (WebP or JPEG). */
  async shootEncoded(shot: Shot, format: 'webp' | 'jpeg', quality: number, timeoutMs: number): Promise<EncodedImage> {
    const r = await withTimeout(
      this.page.evaluate((m, p, l, f, q) => (window as any).misi.shootEncoded(m, p, l, f, q), shot.matrix, shot.projection, shot.labels, format, quality) as Promise<{ width: number; height: number; data: string }>,
      timeoutMs,
      'image',
    );
    if (this.pageErrors.length) throw new Error(`page error: ${this.pageErrors.join('; ')}`);
    return { width: r.width, height: r.height, format, bytes: Buffer.from(r.data, 'base64') };
  }

  async close(): Promise<void> {
    await this.page.close().catch(() => undefined);
  }
}
