// Files of a static site made for the file system: data goes into classic scripts
// (`MISI.put(name, value)`; a page opened from disk may not fetch JSON), named by data name,
// and page assets are copied from beside this module (page/, copied into dist/ by the
// build) or from renders/ (3Dmol.js and the viewer script).
import { copyFileSync, mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { viewerAssets } from '../../renders/viewer-scene.ts';

/** The file of a data name (`index/rotation` -> `data/index/rotation.js`); each part made safe for a file name. */
export function dataFile(name: string): string {
  return `data/${name
    .split('/')
    .map((p) => encodeURIComponent(p))
    .join('/')}.js`;
}

/** Writes `value` as the data script of `name` under `site`. */
export function writeData(site: string, name: string, value: unknown): void {
  const path = join(site, dataFile(name));
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, `MISI.put(${JSON.stringify(name)}, ${JSON.stringify(value)});\n`);
}

/** A file of pipeline/browse/page/ on disk. */
export const pageFile = (name: string) => fileURLToPath(new URL(`./page/${name}`, import.meta.url));

/** Copies page files (by name, into `assets/` unless the name is an .html page) and, with `viewer`, 3Dmol.js and the viewer script. */
export function copyAssets(site: string, names: string[], viewer: boolean): void {
  mkdirSync(join(site, 'assets'), { recursive: true });
  for (const n of names) copyFileSync(pageFile(n), join(site, n.endsWith('.html') ? n : `assets/${n}`));
  if (!viewer) return;
  const v = viewerAssets();
  copyFileSync(v.threeDmol, join(site, 'assets/3Dmol-min.js'));
  copyFileSync(v.threeDmolLicense, join(site, 'assets/3Dmol-min.js.LICENSE.txt'));
  copyFileSync(v.viewer, join(site, 'assets/viewer.js'));
}
