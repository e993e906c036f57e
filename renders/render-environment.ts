// What besides our own code decides the pixels: the browser build (Chromium's rasteriser,
// SwiftShader, text shaping) and the font the labels are drawn in. Both are recorded in a
// run's identity and in the manifest, so a resume or a merge with shards made by another
// browser or font is refused instead of mixing images that differ.
import { spawnSync } from 'node:child_process';
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

const builds = new Map<string, string>();

/**
 * The build of the browser at `path`, from its `--version` (the same text for the same
 * build wherever it is installed). A binary that cannot tell it cannot render either:
 * NoBrowserError, naming it.
 */
export function browserBuild(path: string): string {
  const known = builds.get(path);
  if (known) return known;
  const r = spawnSync(path, ['--version'], { encoding: 'utf8', timeout: 30_000, stdio: ['ignore', 'pipe', 'pipe'] });
  const line = (r.stdout ?? '').split('\n').map((l) => l.trim()).find((l) => /\d+\.\d+/.test(l));
  if (r.error || !line) throw new NoBrowserError(`${path}: this browser did not print its version with --version, so it cannot be used (${r.error?.message ?? `exit ${r.status}: ${(r.stderr ?? '').trim().slice(0, 200)}`})`);
  builds.set(path, line);
  return line;
}

export function renderEnvironment(browserPath: string): RenderEnvironment {
  return { browser: browserBuild(browserPath), font: fontIdentity() };
}
