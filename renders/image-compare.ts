// Comparing two images of the same scene drawn two ways (the antialiasing methods): mean
// SSIM on grey levels, whether the label text is the same, and whether the atoms are where
// the annotation says in both. Images are 8-bit RGBA, top row first (as pngjs reads them).

/** Grey level (ITU-R BT.601 luma, 0-255) of each pixel. */
function grey(rgba: Uint8Array, n: number): Float64Array {
  const g = new Float64Array(n);
  for (let i = 0; i < n; i++) g[i] = 0.299 * rgba[4 * i] + 0.587 * rgba[4 * i + 1] + 0.114 * rgba[4 * i + 2];
  return g;
}

/** Summed-area table of `v` ((w + 1) x (h + 1), a zero row and column first). */
function integral(v: Float64Array, w: number, h: number): Float64Array {
  const s = new Float64Array((w + 1) * (h + 1));
  for (let y = 0; y < h; y++) {
    let row = 0;
    for (let x = 0; x < w; x++) {
      row += v[y * w + x];
      s[(y + 1) * (w + 1) + x + 1] = s[y * (w + 1) + x + 1] + row;
    }
  }
  return s;
}

export const SSIM_WINDOW = 7;

export interface GreySsim {
  /**
   * Mean structural similarity (Wang et al. 2004) of the grey levels over every 7 x 7 window
   * wholly inside the image, uniform weights, sample (co)variances, K1 = 0.01, K2 = 0.03,
   * L = 255 (scikit-image's `structural_similarity` defaults for a uniform window).
   */
  mean: number;
  /**
   * The same mean over the windows that are not one flat grey in both images: the flat
   * background (most of a frame, SSIM 1 whatever the method) left out, so this says how
   * alike the edges are.
   */
  structured: number;
  structuredWindows: number;
}

export function greySsim(a: Uint8Array, b: Uint8Array, width: number, height: number): GreySsim {
  const n = width * height;
  const x = grey(a, n),
    y = grey(b, n);
  const xx = new Float64Array(n),
    yy = new Float64Array(n),
    xy = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    xx[i] = x[i] * x[i];
    yy[i] = y[i] * y[i];
    xy[i] = x[i] * y[i];
  }
  const [sx, sy, sxx, syy, sxy] = [x, y, xx, yy, xy].map((v) => integral(v, width, height));
  const W = SSIM_WINDOW,
    N = W * W,
    stride = width + 1;
  const c1 = (0.01 * 255) ** 2,
    c2 = (0.03 * 255) ** 2;
  const box = (s: Float64Array, x0: number, y0: number) =>
    s[(y0 + W) * stride + x0 + W] - s[y0 * stride + x0 + W] - s[(y0 + W) * stride + x0] + s[y0 * stride + x0];
  let total = 0,
    windows = 0,
    structured = 0,
    structuredWindows = 0;
  for (let y0 = 0; y0 + W <= height; y0++) {
    for (let x0 = 0; x0 + W <= width; x0++) {
      const mx = box(sx, x0, y0) / N,
        my = box(sy, x0, y0) / N;
      const vx = (box(sxx, x0, y0) - N * mx * mx) / (N - 1);
      const vy = (box(syy, x0, y0) - N * my * my) / (N - 1);
      const cxy = (box(sxy, x0, y0) - N * mx * my) / (N - 1);
      const ssim = ((2 * mx * my + c1) * (2 * cxy + c2)) / ((mx * mx + my * my + c1) * (vx + vy + c2));
      total += ssim;
      windows++;
      if (vx > 1e-9 || vy > 1e-9) {
        structured += ssim;
        structuredWindows++;
      }
    }
  }
  return { mean: total / windows, structured: structuredWindows ? structured / structuredWindows : 1, structuredWindows };
}

/**
 * Pixels that are exactly `rgb` in one image and not in the other. With white label text,
 * the fully opaque glyph pixels are the only pure white ones (no element colour, lit, is
 * white), so zero means the label text is the same in both.
 */
export function pixelsOfColourDiffering(a: Uint8Array, b: Uint8Array, rgb: [number, number, number]): number {
  let differ = 0;
  for (let i = 0; i < a.length; i += 4) {
    const inA = a[i] === rgb[0] && a[i + 1] === rgb[1] && a[i + 2] === rgb[2];
    const inB = b[i] === rgb[0] && b[i + 1] === rgb[1] && b[i + 2] === rgb[2];
    if (inA !== inB) differ++;
  }
  return differ;
}

/**
 * Of the atoms at `pixels` (x right, y down, as the annotation gives them), those whose
 * surroundings differ between the two images: the mean grey level of the 5 x 5 block
 * around the atom's centre pixel differs by more than `threshold` (of 255). An atom
 * missing or moved in one image changes its block by far more; antialiasing changes only
 * the block's edge pixels, by a little. (Whether the block is background is no test: 3Dmol
 * lights without ambient light, so a stick's far side is black on the black background.)
 */
export function atomsDiffering(
  a: Uint8Array,
  b: Uint8Array,
  width: number,
  height: number,
  pixels: { x: number; y: number }[],
  threshold = 24,
): number {
  const meanGrey = (img: Uint8Array, x: number, y: number) => {
    let sum = 0,
      n = 0;
    for (let j = Math.max(0, y - 2); j <= Math.min(height - 1, y + 2); j++) {
      for (let i = Math.max(0, x - 2); i <= Math.min(width - 1, x + 2); i++) {
        const k = (j * width + i) * 4;
        sum += 0.299 * img[k] + 0.587 * img[k + 1] + 0.114 * img[k + 2];
        n++;
      }
    }
    return sum / n;
  };
  let count = 0;
  for (const p of pixels) {
    const x = Math.floor(p.x),
      y = Math.floor(p.y);
    if (x < 0 || y < 0 || x >= width || y >= height) continue;
    if (Math.abs(meanGrey(a, x, y) - meanGrey(b, x, y)) > threshold) count++;
  }
  return count;
}
