// The figure of docs/rendering.md's antialiasing section: the same 64 x 64 patches of one
// scene drawn with each method, magnified 4x (each pixel a 4 x 4 block, nothing
// resampled), side by side in the order given; one row for the patch where the first and
// last images differ most (the most edges), one for the patch at the image centre.
import { readFileSync, writeFileSync } from 'node:fs';
import { PNG } from 'pngjs';

const PATCH = 64;
const ZOOM = 4;
const GAP = 6;

function patchWithMostDifference(a: PNG, b: PNG): [number, number] {
  let best: [number, number] = [0, 0];
  let bestSum = -1;
  for (let y0 = 0; y0 + PATCH <= a.height; y0 += PATCH / 4) {
    for (let x0 = 0; x0 + PATCH <= a.width; x0 += PATCH / 4) {
      let sum = 0;
      for (let y = y0; y < y0 + PATCH; y++) {
        for (let x = x0; x < x0 + PATCH; x++) {
          const i = (y * a.width + x) * 4;
          sum += Math.abs(a.data[i] - b.data[i]) + Math.abs(a.data[i + 1] - b.data[i + 1]) + Math.abs(a.data[i + 2] - b.data[i + 2]);
        }
      }
      if (sum > bestSum) {
        bestSum = sum;
        best = [x0, y0];
      }
    }
  }
  return best;
}

export function edgeCropFigure(outFile: string, files: string[]): void {
  const images = files.map((f) => PNG.sync.read(readFileSync(f)));
  const first = images[0];
  const patches = [
    patchWithMostDifference(first, images[images.length - 1]),
    [(first.width - PATCH) >> 1, (first.height - PATCH) >> 1] as [number, number],
  ];
  const side = PATCH * ZOOM;
  const fig = new PNG({
    width: images.length * side + (images.length - 1) * GAP,
    height: patches.length * side + (patches.length - 1) * GAP,
  });
  fig.data.fill(255);
  patches.forEach(([x0, y0], row) => {
    images.forEach((img, col) => {
      for (let j = 0; j < side; j++) {
        for (let i = 0; i < side; i++) {
          const s = ((y0 + Math.floor(j / ZOOM)) * img.width + x0 + Math.floor(i / ZOOM)) * 4;
          const d = ((row * (side + GAP) + j) * fig.width + col * (side + GAP) + i) * 4;
          fig.data[d] = img.data[s];
          fig.data[d + 1] = img.data[s + 1];
          fig.data[d + 2] = img.data[s + 2];
          fig.data[d + 3] = 255;
        }
      }
    });
  });
  writeFileSync(outFile, PNG.sync.write(fig));
}
