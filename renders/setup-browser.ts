// Makes sure a Chromium/Chrome is available for rendering: `misi-gen setup-browser`, which
// `npm ci` / `npm install` in a clone also run (package.json prepare). An installed package
// gets no prepare step, so its users run the command once by hand; it is safe to run again.
//
// 1. A browser findBrowser() finds (PUPPETEER_EXECUTABLE_PATH, system paths, the cache): use it.
// 2. Else, when the Chrome for Testing service answers within a few seconds: download
//    chrome-headless-shell into browserCacheDir() with @puppeteer/browsers.
// 3. Else, on Debian/Ubuntu as root: apt-get install chromium and a font.
// 4. Else: false, after saying how to get one.
// Everything is reported through `say`. MISI_GEN_SKIP_BROWSER=1 skips it all (for ingest-only
// use). Options for checking the set-up itself: dryRun (report, change nothing) and
// ignoreFound (act as if no browser were found, to walk the later steps on a machine that has one).

import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { Browser, BrowserTag, detectBrowserPlatform, install, resolveBuildId } from '@puppeteer/browsers';
import { browserCacheDir, findBrowser, MANUAL_BROWSER_HELP } from './find-browser.ts';

export interface SetupBrowserOptions {
  dryRun?: boolean;
  ignoreFound?: boolean;
  env?: NodeJS.ProcessEnv;
  /** Where progress goes, one message at a time. */
  say: (message: string) => void;
}

const ONLINE_CHECK_MS = 5_000;
const DOWNLOAD_LIMIT_MS = 10 * 60_000;
const APT_PACKAGES = ['chromium', 'fonts-dejavu-core'];

/** Resolves to the promise's value, or to undefined once ms have passed. */
async function within<T>(ms: number, work: Promise<T>): Promise<T | undefined> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<undefined>((done) => {
    timer = setTimeout(() => done(undefined), ms);
  });
  try {
    return await Promise.race([work, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

function found(o: SetupBrowserOptions): boolean {
  const browser = o.ignoreFound ? null : findBrowser(o.env);
  if (browser) o.say(`using ${browser.path} (found via ${browser.via})`);
  return browser !== null;
}

/** Shared libraries the binary needs but this Linux machine lacks (empty elsewhere or when unknown). */
function missingLibraries(executable: string): string[] {
  if (process.platform !== 'linux') return [];
  const ldd = spawnSync('ldd', [executable], { encoding: 'utf8', timeout: 15_000 });
  return (ldd.stdout ?? '')
    .split('\n')
    .filter((line) => line.includes('not found'))
    .map((line) => line.trim().split(' ')[0]);
}

/** Step 2. True when a usable chrome-headless-shell is now in the cache. */
async function downloadHeadlessShell(o: SetupBrowserOptions): Promise<boolean> {
  const platform = detectBrowserPlatform();
  if (!platform) {
    o.say(`no chrome-headless-shell build exists for ${process.platform}/${process.arch}; skipping the download`);
    return false;
  }
  o.say(`checking whether the Chrome for Testing service is reachable (at most ${ONLINE_CHECK_MS / 1000} s)`);
  const buildId = await within(
    ONLINE_CHECK_MS,
    resolveBuildId(Browser.CHROMEHEADLESSSHELL, platform, BrowserTag.STABLE).catch(() => undefined),
  );
  if (!buildId) {
    o.say('not reachable; skipping the download');
    return false;
  }
  if (o.dryRun) {
    o.say(`would download chrome-headless-shell ${buildId} (${platform}) into ${browserCacheDir(o.env)}`);
    return true;
  }
  o.say(`downloading chrome-headless-shell ${buildId} (${platform}) into ${browserCacheDir(o.env)}`);
  let reported = 0;
  const installed = await within(
    DOWNLOAD_LIMIT_MS,
    install({
      browser: Browser.CHROMEHEADLESSSHELL,
      buildId,
      platform,
      cacheDir: browserCacheDir(o.env),
      downloadProgressCallback: (done, total) => {
        const percent = total ? Math.floor((100 * done) / total) : 0;
        if (percent >= reported + 20) o.say(`  ${(reported = percent - (percent % 20))} %`);
      },
    }).catch((error: unknown) => {
      o.say(`download failed: ${error instanceof Error ? error.message : String(error)}`);
      return undefined;
    }),
  );
  if (!installed) {
    o.say(`no browser downloaded (failed, or not finished within ${DOWNLOAD_LIMIT_MS / 60_000} minutes)`);
    return false;
  }
  const missing = missingLibraries(installed.executablePath);
  if (missing.length) {
    o.say(`chrome-headless-shell cannot start here, shared libraries missing: ${missing.join(' ')}`);
    return false;
  }
  o.say(`installed ${installed.executablePath}`);
  return true;
}

function isDebianLike(): boolean {
  if (!existsSync('/etc/os-release')) return false;
  const release = readFileSync('/etc/os-release', 'utf8');
  return /^(ID|ID_LIKE)=.*\b(debian|ubuntu)\b/m.test(release);
}

function apt(o: SetupBrowserOptions, aptArgs: string[]): boolean {
  o.say(`running: apt-get ${aptArgs.join(' ')}`);
  const run = spawnSync('apt-get', aptArgs, {
    stdio: ['ignore', 'inherit', 'inherit'],
    env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
  });
  return run.status === 0;
}

/** Step 3. True when apt-get installed the packages (or would, in a dry run). */
function aptInstallChromium(o: SetupBrowserOptions): boolean {
  if (!isDebianLike()) {
    o.say('not a Debian/Ubuntu system; cannot install chromium with apt-get');
    return false;
  }
  if (process.getuid?.() !== 0) {
    o.say('not running as root; cannot install chromium with apt-get');
    return false;
  }
  const install = ['install', '-y', '--no-install-recommends', ...APT_PACKAGES];
  if (o.dryRun) {
    o.say(`would run: apt-get update && apt-get ${install.join(' ')}`);
    return true;
  }
  return apt(o, ['update', '-q']) && apt(o, install);
}

/** True when a browser is there (or would be, in a dry run); false after saying how to get one. */
export async function setupBrowser(o: SetupBrowserOptions): Promise<boolean> {
  if ((o.env ?? process.env).MISI_GEN_SKIP_BROWSER === '1') {
    o.say('MISI_GEN_SKIP_BROWSER=1: not looking for a browser (rendering will need one)');
    return true;
  }
  if (found(o)) return true;
  o.say(o.ignoreFound ? '--ignore-found: acting as if no Chromium/Chrome were installed' : 'no Chromium/Chrome found');
  if (await downloadHeadlessShell(o)) return true;
  if (aptInstallChromium(o)) {
    if (o.dryRun) return true;
    const browser = findBrowser(o.env);
    if (browser) {
      o.say(`using ${browser.path} (found via ${browser.via})`);
      return true;
    }
    o.say('apt-get finished but no browser was found afterwards');
  }
  for (const line of MANUAL_BROWSER_HELP.split('\n')) o.say(line);
  o.say('To install without a browser (ingest only), set MISI_GEN_SKIP_BROWSER=1.');
  return false;
}
