// Driving the static pages of browse and human in the project's headless Chromium
// (renders/browser.ts), as a person would: open a file:// page, wait until it says it is
// ready, read pixels of an element.

import { pathToFileURL } from 'node:url';
import { PNG } from 'pngjs';
import type { Browser, ElementHandle, Page } from 'puppeteer-core';
import { closeBrowser, launchBrowser } from '../../../renders/browser.ts';

export interface Driven {
  browser: Browser;
  page: Page;
  /** Uncaught errors the page threw (a test asserts there are none). */
  errors: string[];
}

/** How long a page may take to navigate or show what a test waits for. */
export const WAIT_MS = 150_000;

export async function openBrowser(): Promise<Browser> {
  return launchBrowser();
}

export { closeBrowser };

/** A new page at `file` (a path, with an optional #hash), waited for until window.misiReady is set. */
export async function openPage(browser: Browser, file: string, hash = ''): Promise<Driven> {
  const page = await browser.newPage();
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push((e as Error).message));
  // The machine is shared: under a load of 20, software WebGL drawing a complex holds the page
  // for tens of seconds, so waits are long and a page is ready when it says so, not at `load`.
  page.setDefaultTimeout(WAIT_MS);
  page.setDefaultNavigationTimeout(WAIT_MS);
  await page.setViewport({ width: 1400, height: 1000 });
  await page.goto(pathToFileURL(file).href + hash, { waitUntil: 'domcontentloaded' });
  await page.waitForFunction(() => (window as unknown as { misiReady?: unknown }).misiReady !== undefined);
  return { browser, page, errors };
}

/** Share of an element's pixels (as screenshot) that are not near black. */
export async function litShare(el: ElementHandle): Promise<number> {
  const png = PNG.sync.read(Buffer.from(await el.screenshot({ type: 'png' })));
  let lit = 0;
  for (let i = 0; i < png.data.length; i += 4) if (png.data[i] + png.data[i + 1] + png.data[i + 2] > 60) lit++;
  return lit / (png.width * png.height);
}

/** The element's screenshot, raw RGBA. */
export async function pixels(el: ElementHandle): Promise<Buffer> {
  return PNG.sync.read(Buffer.from(await el.screenshot({ type: 'png' }))).data;
}
