// The boxes a label layout has placed so far, and what a candidate spot costs against them:
// the overlap look-ups of renders/label-layout.ts (`avoid`, and the label-to-label half of
// `clear` and `prefer-clear`). Boxes in whole pixels, x right and y down from the image's
// top-left corner, as in the layout.

/**
 * What a crowded label's cost adds for each readable label its box would spoil: more than
 * any sum of areas an image's boxes can make, so the fewest spoiled labels come first and the
 * least overlap second (both are whole numbers, well inside a double's exact range).
 */
export const SPOIL_COST = 2 ** 32;

/** Side of a bucket of the overlap grid, pixels (a power of two: cells are found by a shift). */
const CELL_SHIFT = 5;

/**
 * The boxes placed so far, bucketed in a grid of 2^CELL_SHIFT px cells (one row and column
 * of margin each side for boxes partly outside the image), for the overlap look-ups of
 * `avoid`. Typed arrays throughout and the cells as linked lists, so laying out an image
 * allocates a few arrays and nothing per candidate.
 */
export class PlacedBoxes {
  readonly cols: number;
  readonly rows: number;
  /** Box top-left corner and size, pixels, by label index. */
  readonly x: Int32Array;
  readonly y: Int32Array;
  readonly w: Int32Array;
  readonly h: Int32Array;
  /** First grid column and row a box covers, by label index (see overlap: each box counted once). */
  readonly c0: Int32Array;
  readonly r0: Int32Array;
  /** 1 for a box no longer readable: crowded, or overlapped by a crowded box placed later. */
  readonly spoiled: Uint8Array;
  /** Per cell: its first entry (-1: none); per entry: the label and the cell's next entry. */
  private head: Int32Array;
  private item: Int32Array;
  private next: Int32Array;
  private entries = 0;
  /** The last box an overlap look-up found in the way (-1: none yet): likely in the way of the next candidate too. */
  blocker = -1;

  constructor(count: number, width: number, height: number) {
    this.cols = (Math.ceil(width / (1 << CELL_SHIFT)) | 0) + 2;
    this.rows = (Math.ceil(height / (1 << CELL_SHIFT)) | 0) + 2;
    this.x = new Int32Array(count);
    this.y = new Int32Array(count);
    this.w = new Int32Array(count);
    this.h = new Int32Array(count);
    this.c0 = new Int32Array(count);
    this.r0 = new Int32Array(count);
    this.spoiled = new Uint8Array(count);
    this.head = new Int32Array(this.cols * this.rows).fill(-1);
    this.item = new Int32Array(4 * count + 16);
    this.next = new Int32Array(4 * count + 16);
  }

  /** Grid column of pixel column `v` (whole pixels; everything off the grid goes to the margin). */
  col(v: number): number {
    const c = (v >> CELL_SHIFT) + 1;
    return c < 0 ? 0 : c >= this.cols ? this.cols - 1 : c;
  }

  row(v: number): number {
    const r = (v >> CELL_SHIFT) + 1;
    return r < 0 ? 0 : r >= this.rows ? this.rows - 1 : r;
  }

  add(i: number, x: number, y: number, w: number, h: number): void {
    this.x[i] = x;
    this.y[i] = y;
    this.w[i] = w;
    this.h[i] = h;
    const c0 = this.col(x),
      c1 = this.col(x + w - 1),
      r0 = this.row(y),
      r1 = this.row(y + h - 1);
    this.c0[i] = c0;
    this.r0[i] = r0;
    for (let r = r0; r <= r1; r++) {
      for (let c = c0; c <= c1; c++) {
        if (this.entries === this.item.length) this.grow();
        const cell = r * this.cols + c;
        this.item[this.entries] = i;
        this.next[this.entries] = this.head[cell];
        this.head[cell] = this.entries++;
      }
    }
  }

  /**
   * Moves placed box `i` to (x, y): registered in the cells of its new spot; the entries of
   * its old cells stay, harmless, as every test reads the box's current corner and size (a
   * box may then be counted twice by `overlap`, which only callers asking "any overlap?" do
   * after a move).
   */
  move(i: number, x: number, y: number): void {
    this.add(i, x, y, this.w[i], this.h[i]);
  }

  private grow(): void {
    const item = new Int32Array(2 * this.item.length),
      next = new Int32Array(2 * this.next.length);
    item.set(this.item);
    next.set(this.next);
    this.item = item;
    this.next = next;
  }

  /** Cost of the box against placed box `j`: the overlap area (px^2), plus SPOIL_COST when they overlap and `j` is still readable. */
  overlapOne(j: number, x: number, y: number, w: number, h: number): number {
    const ox = Math.min(this.x[j] + this.w[j], x + w) - Math.max(this.x[j], x);
    if (ox <= 0) return 0;
    const oy = Math.min(this.y[j] + this.h[j], y + h) - Math.max(this.y[j], y);
    return oy <= 0 ? 0 : ox * oy + (this.spoiled[j] ? 0 : SPOIL_COST);
  }

  /** Marks placed box `i` (a crowded one) and every placed box it overlaps as spoiled. */
  spoil(i: number): void {
    this.spoiled[i] = 1;
    const x = this.x[i],
      y = this.y[i],
      w = this.w[i],
      h = this.h[i];
    const c0 = this.col(x),
      c1 = this.col(x + w - 1),
      r0 = this.row(y),
      r1 = this.row(y + h - 1);
    for (let r = r0; r <= r1; r++) {
      for (let c = c0; c <= c1; c++) {
        for (let e = this.head[r * this.cols + c]; e !== -1; e = this.next[e]) {
          const j = this.item[e];
          if (j !== i && this.overlapOne(j, x, y, w, h) > 0) this.spoiled[j] = 1;
        }
      }
    }
  }

  /**
   * Cost of the box against the boxes placed so far (overlapOne summed); stops counting once
   * past `stopAt` (the caller only needs to know it is more). A placed box lies in every cell it
   * covers: it is counted in the first cell it shares with the box (the greater of the two
   * first columns and rows), never twice. The areas are whole numbers, so the order they are
   * added in changes nothing.
   */
  overlap(x: number, y: number, w: number, h: number, stopAt: number, ignore = -1): number {
    const c0 = this.col(x),
      c1 = this.col(x + w - 1),
      r0 = this.row(y),
      r1 = this.row(y + h - 1);
    let sum = 0;
    for (let r = r0; r <= r1; r++) {
      for (let c = c0; c <= c1; c++) {
        for (let e = this.head[r * this.cols + c]; e !== -1; e = this.next[e]) {
          const j = this.item[e];
          if (j === ignore) continue;
          const jc = this.c0[j],
            jr = this.r0[j];
          if ((jc > c0 ? jc : c0) !== c || (jr > r0 ? jr : r0) !== r) continue;
          sum += this.overlapOne(j, x, y, w, h);
          if (sum > stopAt) {
            this.blocker = j;
            return sum;
          }
        }
      }
    }
    return sum;
  }
}
