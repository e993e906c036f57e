// Makes sure a Chromium/Chrome is available for rendering. Run by `npm install` / `npm ci`
// (package.json prepare, so `npm ci` runs it); safe to run again by hand: `node --import tsx scripts/setup-browser.ts`.
//
// 1. A browser findBrowser() finds (PUPPETEER_EXECUTABLE_PATH, system paths, project cache): use it.
// 2. Else, when the Chrome for Testing service answers within a few seconds: download
//    chrome-headless-shell into the project cache with @puppeteer/browsers.
// 3. Else, on Debian/Ubuntu as root: apt-get install chromium and a font.
// 4. Else: exit 1 with instructions.
// Everything is reported on stderr. MISI_GEN_SKIP_BROWSER=1 skips it all (for ingest-only use).
// Flags for checking the set-up itself: --dry-run (report, change nothing) and --ignore-found
// (act as if no browser were found, to walk the later steps on a machine that has one).
import { Browser, BrowserTag, detectBrowserPlatform, install, resolveBuildId } from '@puppeteer/browsers';
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { BROWSER_CACHE_DIR, NO_BROWSER_HELP, findBrowser } from '../renders/find-browser.ts';

const ONLINE_CHECK_MS = 5_000;
const DOWNLOAD_LIMIT_MS = 10 * 60_000;
const APT_PACKAGES = ['chromium', 'fonts-dejavu-core'];

const args = new Set(process.argv.slice(2));
const dryRun = args.has('--dry-run');
const ignoreFound = args.has('--ignore-found');

function say(message: string): void {
  process.stderr.write(`setup-browser: ${message}\n`);
}

/** Resolves to the promise's value, or to undefined once ms have passed. */
async function within<T>(ms: number, work: Promise<T>): Promise<T | undefined> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<undefined>((done) => { timer = setTimeout(() => done(undefined), ms); });
  try {
    return await Promise.race([work, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

function found(): boolean {
  const browser = ignoreFound ? null : findBrowser();
  if (browser) say(`using ${browser.path} (found via ${browser.via})`);
  return browser !== null;
}

/** Shared libraries the binary needs but this Linux machine lacks (empty elsewhere or when unknown). */
function missingLibraries(executable: string): string[] {
  if (process.platform !== 'linux') return [];
  const ldd = spawnSync('ldd', [executable], { encoding: 'utf8', timeout: 15_000 });
  return (ldd.stdout ?? '').split('\n').filter((line) => line.includes('not found')).map((line) => line.trim().split(' ')[0]);
}

/** Step 2. True when a usable chrome-headless-shell is now in the cache. */
async function downloadHeadlessShell(): Promise<boolean> {
  const platform = detectBrowserPlatform();
  if (!platform) {
    say(`no chrome-headless-shell build exists for ${process.platform}/${process.arch}; skipping the download`);
    return false;
  }
  say(`checking whether the Chrome for Testing service is reachable (at most ${ONLINE_CHECK_MS / 1000} s)`);
  const buildId = await within(ONLINE_CHECK_MS, resolveBuildId(Browser.CHROMEHEADLESSSHELL, platform, BrowserTag.STABLE).catch(() => undefined));
  if (!buildId) {
    say('not reachable; skipping the download');
    return false;
  }
  if (dryRun) {
    say(`would download chrome-headless-shell ${buildId} (${platform}) into ${BROWSER_CACHE_DIR}`);
    return true;
  }
  say(`downloading chrome-headless-shell ${buildId} (${platform}) into ${BROWSER_CACHE_DIR}`);
  let reported = 0;
  const installed = await within(DOWNLOAD_LIMIT_MS, install({
    browser: Browser.CHROMEHEADLESSSHELL, buildId, platform, cacheDir: BROWSER_CACHE_DIR,
    downloadProgressCallback: (done, total) => {
      const percent = total ? Math.floor((100 * done) / total) : 0;
      if (percent >= reported + 20) say(`  ${(reported = percent - (percent % 20))} %`);
    },
  }).catch((error: unknown) => {
    say(`download failed: ${error instanceof Error ? error.message : String(error)}`);
    return undefined;
  }));
  if (!installed) {
    say(`no browser downloaded (failed, or not finished within ${DOWNLOAD_LIMIT_MS / 60_000} minutes)`);
    return false;
  }
  const missing = missingLibraries(installed.executablePath);
  if (missing.length) {
    say(`chrome-headless-shell cannot start here, shared libraries missing: ${missing.join(' ')}`);
    return false;
  }
  say(`installed ${installed.executablePath}`);
  return true;
}

function isDebianLike(): boolean {
  if (!existsSync('/etc/os-release')) return false;
  const release = readFileSync('/etc/os-release', 'utf8');
  return /^(ID|ID_LIKE)=.*\b(debian|ubuntu)\b/m.test(release);
}

function apt(aptArgs: string[]): boolean {
  say(`running: apt-get ${aptArgs.join(' ')}`);
  const run = spawnSync('apt-get', aptArgs, {
    stdio: ['ignore', 'inherit', 'inherit'],
    env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
  });
  return run.status === 0;
}

/** Step 3. True when apt-get installed the packages (or would, in a dry run). */
function aptInstallChromium(): boolean {
  if (!isDebianLike()) {
    say('not a Debian/Ubuntu system; cannot install chromium with apt-get');
    return false;
  }
  if (process.getuid?.() !== 0) {
    say('not running as root; cannot install chromium with apt-get');
    return false;
  }
  const install = ['install', '-y', '--no-install-recommends', ...APT_PACKAGES];
  if (dryRun) {
    say(`would run: apt-get update && apt-get ${install.join(' ')}`);
    return true;
  }
  return apt(['update', '-q']) && apt(install);
}

async function main(): Promise<number> {
  if (process.env.MISI_GEN_SKIP_BROWSER === '1') {
    say('MISI_GEN_SKIP_BROWSER=1: not looking for a browser (rendering will need one)');
    return 0;
  }
  if (found()) return 0;
  say(ignoreFound ? '--ignore-found: acting as if no Chromium/Chrome were installed' : 'no Chromium/Chrome found');
  if (await downloadHeadlessShell()) return 0;
  if (aptInstallChromium()) {
    if (dryRun) return 0;
    const browser = findBrowser();
    if (browser) {
      say(`using ${browser.path} (found via ${browser.via})`);
      return 0;
    }
    say('apt-get finished but no browser was found afterwards');
  }
  say(NO_BROWSER_HELP.replace(/\n/g, '\nsetup-browser: '));
  say('To install without a browser (ingest only), set MISI_GEN_SKIP_BROWSER=1.');
  return 1;
}

// Exit explicitly: a download or an unanswered network request must not keep the process alive.
process.exit(await main());
