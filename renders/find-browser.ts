// Finding a Chromium/Chrome for Puppeteer. The same search serves `misi-gen setup-browser`
// (renders/setup-browser.ts) and the renderer, so both agree on which browser is used.
import { existsSync, readdirSync } from 'node:fs';
import { homedir } from 'node:os';
import { isAbsolute, join } from 'node:path';

/**
 * Where `misi-gen setup-browser` puts chrome-headless-shell when it downloads one:
 * `$XDG_CACHE_HOME/misi-gen` (else `~/.cache/misi-gen`), the user's own and writable however
 * the package was installed (a clone, a project's node_modules, `npm install -g`).
 */
export function browserCacheDir(env: NodeJS.ProcessEnv = process.env): string {
  const cacheHome = env.XDG_CACHE_HOME && isAbsolute(env.XDG_CACHE_HOME) ? env.XDG_CACHE_HOME : join(homedir(), '.cache');
  return join(cacheHome, 'misi-gen');
}

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
  /** How it was found: the environment variable, a system path, or the cache. */
  via: 'PUPPETEER_EXECUTABLE_PATH' | 'system' | 'cache';
}

/** chrome-headless-shell binaries under the cache, newest build last. */
function cachedBrowsers(env: NodeJS.ProcessEnv): string[] {
  const root = join(browserCacheDir(env), 'chrome-headless-shell');
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
  const cached = cachedBrowsers(env);
  if (cached.length) return { path: cached[cached.length - 1], via: 'cache' };
  return null;
}

/** What the renderer tells a user who has no browser. */
export const NO_BROWSER_HELP =
  'No Chromium or Chrome was found. Run `npx misi-gen setup-browser` (or `misi-gen setup-browser`\n' +
  'after a global install): it finds one, downloads chrome-headless-shell, or installs chromium\n' +
  'with apt-get as root, and otherwise says how to get one; or point PUPPETEER_EXECUTABLE_PATH\n' +
  'at an existing Chrome/Chromium binary.';

/** What `misi-gen setup-browser` tells a user when it could not provide a browser. */
export const MANUAL_BROWSER_HELP =
  'No Chromium or Chrome could be found or installed. Install one and run again, for example:\n' +
  '  Debian/Ubuntu:  sudo apt-get install -y chromium\n' +
  `  any system with internet:  npx @puppeteer/browsers install chrome-headless-shell@stable --path ${browserCacheDir()}\n` +
  '  or point PUPPETEER_EXECUTABLE_PATH at an existing Chrome/Chromium binary.';
