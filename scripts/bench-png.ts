// The PNG settings on a dataset's own images (not a test): each image decoded, encoded in
// renderer 10's way (Sub rows, zlib 3; datasets before --png-compression), `fast` and `small`
// (renders/png-encode.ts), each result decoded again and its pixels compared with the
// original's. Prints bytes per image and CPU per image of each, and exits 1 if any pixel
// differs. Encoding runs on this thread, one image at a time (CPU time = wall time here).
// Usage: npm run bench:png -- <dataset folder> [--every N] (every Nth image by name; default all)
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { PNG } from 'pngjs';
import { encodePng, type PngCompression } from '../renders/png-encode.ts';

const args = process.argv.slice(2);
const dir = args.find((a) => !a.startsWith('--'));
const everyAt = args.indexOf('--every');
const every = everyAt >= 0 ? Number(args[everyAt + 1]) : 1;
if (!dir || !(every >= 1)) {
  process.stderr.write('usage: npm run bench:png -- <dataset folder> [--every N]\n');
  process.exit(2);
}
const settings: [string, PngCompression | number][] = [
  ['renderer 10 (Sub, zlib 3)', 3],
  ['fast', 'fast'],
  ['small', 'small'],
];
const totals = settings.map(() => ({ bytes: 0, cpuMs: 0 }));
let originalBytes = 0,
  images = 0,
  differing = 0;
const names = readdirSync(join(dir, 'images'))
  .filter((n) => n.endsWith('.png'))
  .sort()
  .filter((_, i) => i % every === 0);
const started = Date.now();
for (const name of names) {
  const file = readFileSync(join(dir, 'images', name));
  originalBytes += file.length;
  const png = PNG.sync.read(file);
  const rgb = new Uint8Array(png.width * png.height * 3);
  for (let i = 0, j = 0; i < png.data.length; i += 4) {
    rgb[j++] = png.data[i];
    rgb[j++] = png.data[i + 1];
    rgb[j++] = png.data[i + 2];
  }
  settings.forEach(([label, setting], k) => {
    const t = process.cpuUsage();
    const out = encodePng(rgb, png.width, png.height, setting);
    const u = process.cpuUsage(t);
    totals[k].cpuMs += (u.user + u.system) / 1000;
    totals[k].bytes += out.length;
    const back = PNG.sync.read(out);
    if (!back.data.equals(png.data)) {
      differing++;
      process.stderr.write(`${name}: ${label}: decoded pixels differ from the original's\n`);
    }
  });
  images++;
  if (images % 500 === 0)
    process.stderr.write(`bench-png: ${images}/${names.length} images, ${((Date.now() - started) / 1000).toFixed(0)} s\n`);
}
const base = totals[0].bytes;
process.stdout.write(`${dir}: ${images} images (every ${every}), as written ${(originalBytes / images / 1024).toFixed(1)} KiB per image\n`);
settings.forEach(([label], k) => {
  const t = totals[k];
  process.stdout.write(
    `  ${label.padEnd(26)} ${(t.bytes / images / 1024).toFixed(1)} KiB per image, ${(100 * (1 - t.bytes / base)).toFixed(1)} % fewer bytes than renderer 10's, ${(t.cpuMs / images).toFixed(1)} ms CPU per image\n`,
  );
});
process.stdout.write(differing ? `${differing} encodings decode to other pixels\n` : 'decoded pixels identical in every setting\n');
process.exitCode = differing ? 1 : 0;
