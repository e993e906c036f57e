// What besides our own code decides the pixels: the browser build (Chromium's rasteriser,
// SwiftShader, text shaping) and the font the labels are drawn in. Both are recorded in a
// run's identity and in the manifest, so a resume or a merge with shards made by another
// browser or font is refused instead of mixing images that differ.
import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { NoBrowserError } from './browser.ts';

export interface RenderEnvironment {
  /** The browser's own `--version` line, e.g. `Chromium 156.0.8078.114 built on Debian GNU/Linux 12 (bookworm)`. */
  browser: string;
  /** The bundled label font: file name and the first 16 hex digits of its sha256. */
  font: string;
}

const FONT_URL = new URL('./assets/DejaVuSans.ttf', import.meta.url);

let fontId: string | null = null;

export function fontIdentity(): string {
  return (fontId ??= `DejaVuSans.ttf sha256:${createHash('sha256').update(readFileSync(FONT_URL)).digest('hex').slice(0, 16)}`);
}

const builds = new Map<string, Promise<string>>();

/**
 * The build of the browser at `path`, from its `--version` (the same text for the same
 * build wherever it is installed). A binary that cannot tell it cannot render either:
 * NoBrowserError, naming it. Asked without blocking (~0.3 s through Debian's wrapper
 * script), so the pages can start meanwhile.
 */
export function browserBuild(path: string): Promise<string> {
  const known = builds.get(path);
  if (known) return known;
  const asked = new Promise<string>((resolve, reject) => {
    execFile(path, ['--version'], { encoding: 'utf8', timeout: 30_000 }, (error, stdout, stderr) => {
      const line = (stdout ?? '')
        .split('\n')
        .map((l) => l.trim())
        .find((l) => /\d+\.\d+/.test(l));
      if (error || !line) {
        const why = error ? `${error.message.split('\n')[0]}${stderr ? `: ${stderr.trim().slice(0, 200)}` : ''}` : 'it printed no version';
        reject(new NoBrowserError(`${path}: this browser did not print its version with --version, so it cannot be used (${why})`));
      } else resolve(line);
    });
  });
  builds.set(path, asked);
  asked.catch(() => builds.delete(path)); // asked again next time
  return asked;
}

export async function renderEnvironment(browserPath: string): Promise<RenderEnvironment> {
  return { browser: await browserBuild(browserPath), font: fontIdentity() };
}
