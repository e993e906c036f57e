// Finding a Chromium/Chrome for Puppeteer. The same search serves the set-up script
// (scripts/setup-browser.ts) and the renderer, so both agree on which browser is used.
import { existsSync, readdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/** Where the set-up script installs chrome-headless-shell when it downloads one. */
export const BROWSER_CACHE_DIR = resolve(fileURLToPath(new URL('../.cache/browsers', import.meta.url)));

/** The usual system locations, in the order they are tried. */
export const SYSTEM_BROWSER_PATHS = [
  '/usr/bin/chromium',
  '/usr/bin/chromium-browser',
  '/usr/bin/google-chrome',
  '/usr/bin/google-chrome-stable',
  '/opt/google/chrome/chrome',
  '/snap/bin/chromium',
  '/Applications/Google Chrome.app/Contents/MacOS/Google Chrome',
  '/Applications/Chromium.app/Contents/MacOS/Chromium',
];

export interface FoundBrowser {
  path: string;
  /** How it was found: the environment variable, a system path, or the project cache. */
  via: 'PUPPETEER_EXECUTABLE_PATH' | 'system' | 'cache';
}

/** chrome-headless-shell binaries under the project cache, newest build last. */
function cachedBrowsers(): string[] {
  const root = join(BROWSER_CACHE_DIR, 'chrome-headless-shell');
  if (!existsSync(root)) return [];
  const found: string[] = [];
  for (const build of readdirSync(root).sort()) {
    const dir = join(root, build);
    for (const sub of readdirSync(dir)) {
      const exe = join(dir, sub, 'chrome-headless-shell');
      if (existsSync(exe)) found.push(exe);
    }
  }
  return found;
}

/** Returns the browser to use, or null when there is none on this machine. */
export function findBrowser(env: NodeJS.ProcessEnv = process.env): FoundBrowser | null {
  const fromEnv = env.PUPPETEER_EXECUTABLE_PATH;
  if (fromEnv && existsSync(fromEnv)) return { path: fromEnv, via: 'PUPPETEER_EXECUTABLE_PATH' };
  for (const p of SYSTEM_BROWSER_PATHS) if (existsSync(p)) return { path: p, via: 'system' };
  const cached = cachedBrowsers();
  if (cached.length) return { path: cached[cached.length - 1], via: 'cache' };
  return null;
}

/** What to tell a user who has no browser. */
export const NO_BROWSER_HELP =
  'No Chromium or Chrome was found. Install one and run again, for example:\n' +
  '  Debian/Ubuntu:  sudo apt-get install -y chromium\n' +
  '  any system with internet:  npx @puppeteer/browsers install chrome-headless-shell@stable --path .cache/browsers\n' +
  '  or point PUPPETEER_EXECUTABLE_PATH at an existing Chrome/Chromium binary.';
