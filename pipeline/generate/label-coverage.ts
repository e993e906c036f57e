// How much of the molecule an image's labels hide: of the heavy atoms drawn inside the
// image, the share whose screen position lies inside a label's box, for the ligand and the
// pocket apart, from the annotation's records only (atoms and label boxes, pixels). Per
// task, the median over its distinct images (and the least, for the docking question's
// ligand-alone images), beside the labels the `clear` layout left out. `misi-gen stats` and
// `npm run bench:labels` print it; issue #42 set the floors: a median of >= 80 % of the
// ligand's and >= 60 % of the pocket's heavy atoms uncovered in the whole-complex images,
// and >= 80 % of the ligand's in every image of a docking question's moved ligand.

export interface CoverageAtom {
  part: 'pocket' | 'ligand';
  element: string;
  x: number;
  y: number;
  visible: boolean;
}

export interface CoverageBox {
  box: { x: number; y: number; w: number; h: number };
}

export interface ImageCoverage {
  /** Heavy atoms inside the image, and those under a label box, per part. */
  ligand: { atoms: number; covered: number };
  pocket: { atoms: number; covered: number };
  /** The larger side of the box around the ligand's heavy atoms on screen, pixels (0: none drawn). */
  ligandExtent: number;
}

/** Counts the heavy atoms of an image under its label boxes. */
export function imageCoverage(atoms: readonly CoverageAtom[], labels: readonly CoverageBox[]): ImageCoverage {
  const out: ImageCoverage = { ligand: { atoms: 0, covered: 0 }, pocket: { atoms: 0, covered: 0 }, ligandExtent: 0 };
  let x0 = Infinity,
    x1 = -Infinity,
    y0 = Infinity,
    y1 = -Infinity;
  for (const a of atoms) {
    if (a.element === 'H' || !a.visible) continue;
    if (a.part === 'ligand') {
      x0 = Math.min(x0, a.x);
      x1 = Math.max(x1, a.x);
      y0 = Math.min(y0, a.y);
      y1 = Math.max(y1, a.y);
    }
    const part = out[a.part];
    part.atoms++;
    if (labels.some(({ box: b }) => a.x >= b.x && a.x < b.x + b.w && a.y >= b.y && a.y < b.y + b.h)) part.covered++;
  }
  if (x1 >= x0) out.ligandExtent = Math.max(x1 - x0, y1 - y0);
  return out;
}

/** Share of a part's heavy atoms left uncovered, 0-1 (null: none drawn). */
export function uncoveredShare(c: { atoms: number; covered: number }): number | null {
  return c.atoms ? 1 - c.covered / c.atoms : null;
}

export interface CoverageFigures {
  images: number;
  labels: number;
  omitted: number;
  /** Median over images of the ligand's (pocket's) heavy atoms uncovered, 0-1; null: no image drew one. */
  ligandUncoveredMedian: number | null;
  pocketUncoveredMedian: number | null;
  /** The least share of the ligand uncovered in any image, 0-1. */
  ligandUncoveredMin: number | null;
  /** The ligand's extent on screen (ImageCoverage.ligandExtent), median and least over the images that draw it, pixels. */
  ligandExtentMedian: number | null;
  ligandExtentMin: number | null;
}

/** The median of `v`, 0-1 shares or any numbers (null when empty). */
export const median = (v: readonly number[]): number | null => {
  if (!v.length) return null;
  const s = [...v].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};

/** Adds up images (each once, by key) of one group of images. */
export class CoverageTally {
  private readonly seen = new Set<string>();
  private readonly ligand: number[] = [];
  private readonly pocket: number[] = [];
  private readonly extent: number[] = [];
  private labels = 0;
  private omitted = 0;

  add(key: string, atoms: readonly CoverageAtom[], labels: readonly CoverageBox[], omitted = 0): void {
    if (this.seen.has(key)) return;
    this.addCounted(key, imageCoverage(atoms, labels), labels.length, omitted);
  }

  /** An image already counted by imageCoverage. */
  addCounted(key: string, c: ImageCoverage, labels: number, omitted = 0): void {
    if (this.seen.has(key)) return;
    this.seen.add(key);
    const l = uncoveredShare(c.ligand),
      p = uncoveredShare(c.pocket);
    if (l !== null) this.ligand.push(l);
    if (p !== null) this.pocket.push(p);
    if (c.ligand.atoms) this.extent.push(c.ligandExtent);
    this.labels += labels;
    this.omitted += omitted;
  }

  get figures(): CoverageFigures {
    return {
      images: this.seen.size,
      labels: this.labels,
      omitted: this.omitted,
      ligandUncoveredMedian: median(this.ligand),
      pocketUncoveredMedian: median(this.pocket),
      ligandUncoveredMin: this.ligand.length ? Math.min(...this.ligand) : null,
      ligandExtentMedian: median(this.extent),
      ligandExtentMin: this.extent.length ? Math.min(...this.extent) : null,
    };
  }
}

const pc = (v: number | null) => (v === null ? '-' : `${(100 * v).toFixed(1)} %`);

/** Two lines for `stats` and bench:labels: the whole-scene images', then (when there are any) the ligand-alone images'. */
export function coverageLines(whole: CoverageFigures, ligandAlone: CoverageFigures | null): string[] {
  const out: string[] = [];
  if (whole.images) {
    const shown = whole.labels + whole.omitted;
    out.push(
      `uncovered: ligand ${pc(whole.ligandUncoveredMedian)}, pocket ${pc(whole.pocketUncoveredMedian)} of heavy atoms (median of ${whole.images} images); ${whole.labels} labels drawn${whole.omitted ? `, ${whole.omitted} left out (${pc(whole.omitted / shown)})` : ''}`,
    );
  }
  if (ligandAlone?.images) {
    out.push(
      `ligand alone: ${ligandAlone.images} images, ligand uncovered median ${pc(ligandAlone.ligandUncoveredMedian)}, least ${pc(ligandAlone.ligandUncoveredMin)}; its extent median ${ligandAlone.ligandExtentMedian?.toFixed(0)} px, least ${ligandAlone.ligandExtentMin?.toFixed(0)} px`,
    );
  }
  return out;
}
