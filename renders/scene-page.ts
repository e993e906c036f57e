// One headless page that draws scenes: it loads 3Dmol.js from node_modules and the bundled
// font through request interception; every other request the page makes is refused.
import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Browser, HTTPRequest, Page } from 'puppeteer-core';
import { type ImageSocket, openImageSocket } from './image-channel.ts';
import type { EncodedReply, PageScene, PageWindow, RunsReply, ShotWire } from './page/page-api.ts';
import type { Shot } from './page-payload.ts';

const ORIGIN = 'http://misi-render.local';
// Our page files sit beside this module (copied into dist/ by the build); 3Dmol.js is found
// by Node's module resolution, wherever npm put the dependency.
const here = (p: string) => new URL(p, import.meta.url);
const dependency = (p: string) => createRequire(import.meta.url).resolve(p);

interface Served {
  body: Buffer;
  type: string;
}
let served: Map<string, Served> | null = null;

/** The page's ES modules: every .js file of page/ (scene-page.js, the entry, imports the rest). */
function pageModules(): [string, Served][] {
  return readdirSync(here('./page/'))
    .filter((f) => f.endsWith('.js'))
    .map((f) => [`/${f}`, { body: readFileSync(here(`./page/${f}`)), type: 'text/javascript' }]);
}

function files(): Map<string, Served> {
  served ??= new Map([
    ['/index.html', { body: readFileSync(here('./page/index.html')), type: 'text/html' }],
    ...pageModules(),
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

/** A shot as the page takes it (page-api.ts): one array, the same through every transport. */
function shotWire(shot: Shot): ShotWire {
  return [shot.matrix, shot.projection, shot.labels ?? null];
}

/** Rejects with `what timed out` when `p` does not settle within `ms`. */
export function withTimeout<T>(p: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout;
  return Promise.race([
    p,
    new Promise<T>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`${what} timed out after ${ms} ms`)), ms);
    }),
  ]).finally(() => clearTimeout(timer));
}

export class ScenePage {
  /** Requests the page tried to make outside the local files (all refused). */
  readonly refused: string[] = [];
  private size = '';
  /** The loaded scene's image size, pixels. */
  private width = 0;
  private height = 0;
  private pageErrors: string[] = [];
  /** Where the pixels come back: the image socket, or (when it could not be opened) the protocol. */
  private images: { socket: ImageSocket; release: () => void } | null = null;
  /** Why the image socket is not used (null when it is). */
  socketProblem: string | null = null;

  /** How this page's pixels come back. */
  get transport(): 'socket' | 'protocol' {
    return this.images ? 'socket' : 'protocol';
  }

  private constructor(readonly page: Page) {}

  /**
   * `imageSocket: false` keeps the pixels on the protocol (base64), the way taken anyway
   * when the socket cannot be opened; the pixels are the same either way.
   */
  static async open(browser: Browser, timeoutMs = 30000, { imageSocket = true }: { imageSocket?: boolean } = {}): Promise<ScenePage> {
    const page = await browser.newPage();
    const sp = new ScenePage(page);
    await page.setRequestInterception(true);
    page.on('request', (req: HTTPRequest) => sp.answer(req));
    page.on('pageerror', (e) => sp.pageErrors.push(String((e as Error)?.message ?? e)));
    await sp.goto(timeoutMs);
    if (imageSocket) await sp.connectImages(Math.min(timeoutMs, 10000));
    else sp.socketProblem = 'not asked for';
    return sp;
  }

  /**
   * Opens the page's image socket (image-channel.ts). Where that fails (a machine that
   * refuses loopback connections, say) the pixels keep coming back through the protocol,
   * as base64: slower, same pixels.
   */
  private async connectImages(timeoutMs: number): Promise<void> {
    let opened: Awaited<ReturnType<typeof openImageSocket>> | null = null;
    try {
      opened = await openImageSocket();
      await withTimeout(
        this.page.evaluate((u) => (window as unknown as PageWindow).misi.connectImages(u), opened.url),
        timeoutMs,
        'image socket',
      );
      this.images = { socket: opened.socket, release: opened.release };
      // A session with the Network domain on is sent every WebSocket frame, bytes and all
      // (base64): the very traffic the socket avoids. The page is loaded and makes no
      // more requests (request interception is the Fetch domain, which stays on).
      await (this.page as unknown as { _client(): { send(m: string): Promise<unknown> } })._client().send('Network.disable');
    } catch (e) {
      opened?.release();
      this.images = null;
      this.socketProblem = e instanceof Error ? e.message : String(e);
    }
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
    const fontOk = await withTimeout(
      this.page.evaluate(() => (window as unknown as PageWindow).misi.fontReady()),
      timeoutMs,
      'font load',
    );
    if (!fontOk) throw new Error('the bundled font did not load in the page');
    this.size = '';
  }

  /** Loads a scene (replacing the previous one). */
  async load(scene: PageScene, timeoutMs: number): Promise<void> {
    if (this.size !== `${scene.width}x${scene.height}`) {
      await this.page.setViewport({ width: scene.width, height: scene.height, deviceScaleFactor: 1 });
      this.size = `${scene.width}x${scene.height}`;
    }
    this.width = scene.width;
    this.height = scene.height;
    this.pageErrors = [];
    // As one JSON string, parsed by the page: the protocol turning a structured argument of a
    // few hundred atoms into page objects cost ~16 ms of the page's CPU per load, JSON.parse
    // ~1 ms (docs/rendering.md).
    await withTimeout(
      this.page.evaluate((s) => (window as unknown as PageWindow).misi.load(JSON.parse(s)), JSON.stringify(scene)),
      timeoutMs,
      'scene load',
    );
  }

  /** Throws the errors the page reported since the scene was loaded, if any. */
  private checkPageErrors(): void {
    if (this.pageErrors.length) throw new Error(`page error: ${this.pageErrors.join('; ')}`);
  }

  /** Draws the loaded scene as `shot` says and reads the pixels. */
  async shoot(shot: Shot, timeoutMs: number): Promise<RawImage> {
    if (this.images) {
      let image: RawImage | undefined;
      await this.shootAll([shot], timeoutMs, (_, img) => {
        image = img;
      });
      return image!;
    }
    const r: RunsReply = await withTimeout(
      this.page.evaluate((w) => (window as unknown as PageWindow).misi.shoot(w), shotWire(shot)),
      timeoutMs,
      'image',
    );
    this.checkPageErrors();
    return { width: r.width, height: r.height, runs: Buffer.from(r.runs, 'base64') };
  }

  /**
   * Draws the loaded scene under every shot, calling `onImage` with each image as it
   * arrives, in order. Through the image socket the shots go to the page in one call and
   * the page sends each image as soon as it is drawn (page/scene-page.js, shootBatchToSocket):
   * the page never waits for Node between images, and one protocol round trip serves the
   * batch. Without the socket, one protocol call per image. `timeoutMs` is allowed per image.
   */
  async shootAll(shots: Shot[], timeoutMs: number, onImage: (index: number, image: RawImage) => void): Promise<void> {
    if (!this.images) {
      for (let k = 0; k < shots.length; k++) onImage(k, await this.shoot(shots[k], timeoutMs));
      return;
    }
    const socket = this.images.socket;
    const payload = JSON.stringify(shots.map(shotWire));
    const done = this.page.evaluate((s) => (window as unknown as PageWindow).misi.shootBatchToSocket(s), payload);
    // The batch's answer comes on the protocol, the images on the socket, in either order:
    // only a failure of the call cuts the wait for the images short.
    const failed = done.then(() => new Promise<never>(() => {}));
    failed.catch(() => {});
    const sizes: number[] = [];
    for (let k = 0; k < shots.length; k++) {
      const runs = await withTimeout(Promise.race([socket.next(), failed]), timeoutMs, 'image');
      this.checkPageErrors();
      sizes.push(runs.length);
      onImage(k, { width: this.width, height: this.height, runs });
    }
    const sent = await withTimeout(done, timeoutMs, 'image batch');
    this.checkPageErrors();
    if (sent.length !== sizes.length) throw new Error(`image socket: the page sent ${sent.length} images of a batch of ${sizes.length}`);
    const k = sent.findIndex((b, i) => b !== sizes[i]);
    if (k >= 0) throw new Error(`image socket: image ${k} came with ${sizes[k]} bytes of runs where the page sent ${sent[k]}`);
  }

  /** Draws the loaded scene as `shot` says and returns it encoded by the page (WebP or JPEG). */
  async shootEncoded(shot: Shot, format: 'webp' | 'jpeg', quality: number, timeoutMs: number): Promise<EncodedImage> {
    const r: EncodedReply = await withTimeout(
      this.page.evaluate((w, f, q) => (window as unknown as PageWindow).misi.shootEncoded(w, f, q), shotWire(shot), format, quality),
      timeoutMs,
      'image',
    );
    this.checkPageErrors();
    return { width: r.width, height: r.height, format, bytes: Buffer.from(r.data, 'base64') };
  }

  async close(): Promise<void> {
    this.images?.release();
    this.images = null;
    await this.page.close().catch(() => undefined);
  }
}
