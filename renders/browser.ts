// Launching Chromium for rendering, and making sure none outlives this process.
// SwiftShader (software WebGL) by default so images are reproducible; `gpu` opts into
// the machine's GPU.
import puppeteer, { type Browser } from 'puppeteer-core';
import { RunStoppingError } from '../structures/reject.ts';
import { CAMERA_DEFAULTS } from './camera.ts';
import { findBrowser, NO_BROWSER_HELP } from './find-browser.ts';

export interface BrowserOptions {
  gpu?: boolean;
  /** Overrides findBrowser(). */
  executablePath?: string;
}

/** No Chromium to draw with: stops the run (the failure boundary lets it through). */
export class NoBrowserError extends RunStoppingError {}

/** Chromium flags: quiet on closed machines, software or hardware WebGL. */
export function chromiumArgs(gpu = false): string[] {
  const args = [
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--no-first-run',
    '--disable-quic',
    '--disable-extensions',
    '--disable-default-apps',
    '--mute-audio',
    '--hide-scrollbars',
    '--force-color-profile=srgb',
    '--font-render-hinting=none',
    '--disable-lcd-text',
    '--disable-renderer-backgrounding',
    '--disable-background-timer-throttling',
    '--disable-backgrounding-occluded-windows',
    // The page (served at a made-up origin through request interception) sends its images
    // to Node over a WebSocket on 127.0.0.1 (image-channel.ts), which Chromium's Local
    // Network Access checks would refuse as a public page reaching a loopback address.
    '--disable-features=LocalNetworkAccessChecks',
  ];
  if (gpu) args.push('--ignore-gpu-blocklist', '--enable-gpu-rasterization');
  else args.push('--enable-unsafe-swiftshader', '--use-angle=swiftshader');
  if (typeof process.getuid === 'function' && process.getuid() === 0) args.push('--no-sandbox');
  return args;
}

const live = new Set<Browser>();
let hooksInstalled = false;

/** Kills the process group of every browser still running (synchronous: safe in 'exit'). */
export function killAllBrowsers(): void {
  for (const b of live) {
    const pid = b.process()?.pid;
    if (pid) {
      try {
        process.kill(-pid, 'SIGKILL');
      } catch {
        /* group already gone */
      }
      try {
        process.kill(pid, 'SIGKILL');
      } catch {
        /* already gone */
      }
    }
  }
  live.clear();
}

function installExitHooks(): void {
  if (hooksInstalled) return;
  hooksInstalled = true;
  process.on('exit', killAllBrowsers);
  for (const [signal, code] of [
    ['SIGINT', 130],
    ['SIGTERM', 143],
    ['SIGHUP', 129],
  ] as const) {
    process.on(signal, () => {
      killAllBrowsers();
      process.exit(code);
    });
  }
}

export async function launchBrowser(options: BrowserOptions = {}): Promise<Browser> {
  const path = options.executablePath ?? findBrowser()?.path;
  if (!path) throw new NoBrowserError(NO_BROWSER_HELP);
  installExitHooks();
  const browser = await puppeteer.launch({
    executablePath: path,
    headless: true,
    pipe: true,
    args: chromiumArgs(options.gpu),
    handleSIGINT: false,
    handleSIGTERM: false,
    handleSIGHUP: false,
    defaultViewport: { width: CAMERA_DEFAULTS.width, height: CAMERA_DEFAULTS.height, deviceScaleFactor: 1 },
  });
  live.add(browser);
  browser.once('disconnected', () => live.delete(browser));
  return browser;
}

/**
 * Closes politely, and kills if that does not finish within `ms`. Then the browser's
 * process group is killed in any case: a hung (or stopped) renderer does not exit with its
 * browser and would be left behind.
 */
export async function closeBrowser(browser: Browser, ms = 5000): Promise<void> {
  const pid = browser.process()?.pid;
  let timer: NodeJS.Timeout | undefined;
  try {
    await Promise.race([
      browser.close(),
      new Promise((_, reject) => {
        timer = setTimeout(() => reject(new Error('close timed out')), ms);
      }),
    ]);
  } catch {
    // Closing failed or timed out: the process is killed instead (nothing to report, it is going).
    if (pid) {
      try {
        process.kill(pid, 'SIGKILL');
      } catch {
        /* gone */
      }
    }
  } finally {
    clearTimeout(timer);
    if (pid) {
      try {
        process.kill(-pid, 'SIGKILL');
      } catch {
        /* group already gone */
      }
    }
    live.delete(browser);
  }
}
