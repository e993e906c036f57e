// Turning a static HTML page into a PNG with headless Chromium: for contact sheets and charts
// drawn as HTML/SVG by the pipeline. The page is served from a made-up origin through request
// interception: the HTML itself, the bundled font (always), and the files the caller lists;
// every other request is refused, so nothing goes to the network. Text uses the bundled
// DejaVu Sans (family HTML_FONT_FAMILY, declared for the page) so sheets look the same on
// every machine.
import { readFileSync } from 'node:fs';
import { extname } from 'node:path';
import type { Browser, HTTPRequest } from 'puppeteer-core';
import { closeBrowser, launchBrowser } from './browser.ts';
import { withTimeout } from './scene-page.ts';

const ORIGIN = 'http://misi-html.local';
const FONT_PATH = '/assets/DejaVuSans.ttf';

/** The font family to name in the page's CSS; it is declared by htmlToPng. */
export const HTML_FONT_FAMILY = 'MisiDejaVuSans';

const TYPES: Record<string, string> = {
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.webp': 'image/webp',
  '.svg': 'image/svg+xml',
  '.css': 'text/css',
  '.json': 'application/json',
};

export interface HtmlToPngOptions {
  /** Page width in CSS pixels; the height follows the content (at least 1). */
  width: number;
  /** Files the page may load: URL path as written in the HTML (e.g. '/img/3.png') -> file on disk. */
  files?: ReadonlyMap<string, string>;
  /** Device pixels per CSS pixel (default 1). */
  scale?: number;
  /** Time allowed for loading the page with its files and for the shot, ms (default 30 s). */
  timeoutMs?: number;
}

let fontBytes: Buffer | null = null;
const font = () => (fontBytes ??= readFileSync(new URL('./assets/DejaVuSans.ttf', import.meta.url)));

/** Puts the @font-face of the bundled font first in the page's <head> (or before everything). */
function withFontFace(html: string): string {
  const style = `<style>@font-face{font-family:'${HTML_FONT_FAMILY}';src:url('${FONT_PATH}') format('truetype');}</style>`;
  const head = /<head[^>]*>/i.exec(html);
  return head ? html.slice(0, head.index + head[0].length) + style + html.slice(head.index + head[0].length) : style + html;
}

/** One browser that turns pages into PNG images, one page at a time or several in turn. */
export class HtmlToPng {
  private constructor(private browser: Browser) {}

  static async open(options: { executablePath?: string } = {}): Promise<HtmlToPng> {
    return new HtmlToPng(await launchBrowser({ executablePath: options.executablePath }));
  }

  /** Renders `html` and returns the PNG file's bytes. Fails when a listed file, or the font, did not load. */
  async render(html: string, options: HtmlToPngOptions): Promise<Buffer> {
    const timeoutMs = options.timeoutMs ?? 30000;
    const files = options.files ?? new Map<string, string>();
    const body = Buffer.from(withFontFace(html), 'utf8');
    const missing: string[] = [];
    const page = await this.browser.newPage();
    try {
      await page.setViewport({ width: options.width, height: 16, deviceScaleFactor: options.scale ?? 1 });
      await page.setRequestInterception(true);
      page.on('request', (req: HTTPRequest) => {
        const url = req.url();
        const path = url.startsWith(ORIGIN) ? decodeURIComponent(new URL(url).pathname) : null;
        if (path === '/page.html') return void req.respond({ status: 200, contentType: 'text/html; charset=utf-8', body });
        if (path === FONT_PATH) return void req.respond({ status: 200, contentType: 'font/ttf', body: font() });
        const file = path === null ? undefined : files.get(path);
        if (file !== undefined) {
          let bytes: Buffer;
          try {
            bytes = readFileSync(file);
          } catch {
            // Reported: the render fails naming the files it could not read.
            missing.push(file);
            return void req.respond({ status: 404, contentType: 'text/plain', body: 'missing' });
          }
          return void req.respond({
            status: 200,
            contentType: TYPES[extname(file).toLowerCase()] ?? 'application/octet-stream',
            body: bytes,
          });
        }
        void req.abort('blockedbyclient');
      });
      await page.goto(`${ORIGIN}/page.html`, { waitUntil: 'load', timeout: timeoutMs });
      const state = await withTimeout(
        page.evaluate(async (family: string) => {
          await document.fonts.load(`16px '${family}'`);
          await document.fonts.ready;
          const broken = [...document.images].filter((im) => !im.complete || im.naturalWidth === 0).map((im) => im.getAttribute('src'));
          const root = document.documentElement;
          return {
            font: document.fonts.check(`16px '${family}'`),
            broken,
            height: Math.max(root.scrollHeight, document.body?.scrollHeight ?? 0),
          };
        }, HTML_FONT_FAMILY),
        timeoutMs,
        'page load',
      );
      if (missing.length) throw new Error(`files not found: ${missing.join(', ')}`);
      if (!state.font) throw new Error('the bundled font did not load in the page');
      if (state.broken.length) throw new Error(`images that did not load: ${state.broken.join(', ')}`);
      const height = Math.max(1, Math.ceil(state.height));
      await page.setViewport({ width: options.width, height, deviceScaleFactor: options.scale ?? 1 });
      const png = await withTimeout(
        page.screenshot({ type: 'png', clip: { x: 0, y: 0, width: options.width, height } }),
        timeoutMs,
        'screenshot',
      );
      return Buffer.from(png);
    } finally {
      await page.close().catch(() => undefined);
    }
  }

  async close(): Promise<void> {
    await closeBrowser(this.browser);
  }
}

/** One page to one PNG with a browser of its own (launch, render, close). */
export async function htmlToPng(html: string, options: HtmlToPngOptions): Promise<Buffer> {
  const r = await HtmlToPng.open();
  try {
    return await r.render(html, options);
  } finally {
    await r.close();
  }
}
