// Where each label of one image goes: pure geometry, computed in Node before anything is
// drawn (the page draws exactly these boxes). Boxes are in pixels (x right, y down from the
// image's top-left corner, whole pixels), the frame annotations use.
//
// `avoid`: labels are placed one by one in a fixed order that depends on geometry only
// (ligand atom names first, then residues; nearer the viewer first; then the drawn order;
// an image with a single residue label, a residue-ligand scene, places that label first),
// each at the first spot among candidate positions around its anchor (nearest first, every
// one within MAX_LEADER px of the anchor) that lies inside the image and overlaps no label
// already placed. When there is no such spot the label is flagged and takes the candidate
// that spoils the fewest labels still readable (boxes already overlapped or cut by the frame
// edge are lost anyway), then the least overlap (area outside the image counting as
// overlap): a crowded spot piles onto the labels already lost instead of spoiling readable
// ones. A label whose box does not hold its anchor gets a leader line from the anchor to the
// box. Nothing here knows about bonds or questions, so where a label goes can never tell one.
// `clear`: as `avoid`, but a spot must also leave the molecule uncovered (no cell of the
// scene's clearance grid, renders/clearance-grid.ts, under the box: no atom, no bond) and lie
// wholly inside the image; a label with no such spot is left out (`omitted`) instead of
// being piled on, and counted by the annotation. So the labels hide neither each other nor
// the molecule; only their leader lines (one pixel) cross it.
// `anchored`: the box's top-left corner on the anchor (3Dmol's placement), drawn farthest
// first, collisions left as they fall.

/** Where the molecule lies, as the `clear` layouts ask it (renders/clearance-grid.ts builds one). */
export interface Clearance {
  /** Marked cells under the box [x, x + w) x [y, y + h), whole pixels (0: the box covers no atom or bond). */
  covered(x: number, y: number, w: number, h: number): number;
}

export type LabelLayoutMode = 'clear' | 'prefer-clear' | 'avoid' | 'anchored';
export const LABEL_LAYOUTS: readonly LabelLayoutMode[] = ['clear', 'prefer-clear', 'avoid', 'anchored'];

/** Farthest a box may lie from its anchor (nearest point of the box), pixels. */
export const MAX_LEADER = 40;
/** A box nearer its anchor than this draws no leader, pixels. */
export const LEADER_MIN = 3;
/** Step of the candidate grid around an anchor, pixels. */
const STEP = 3;
/** Beyond this distance from the anchor, candidates lie on a grid of 2 STEP, pixels. */
const NEAR = 12;

export interface LayoutInput {
  kind: 'ligand' | 'residue';
  /** Anchor (the atom's projection), pixels, not rounded. */
  x: number;
  y: number;
  /** Distance in front of the camera, angstrom. */
  depth: number;
  /** Box size, whole pixels. */
  w: number;
  h: number;
}

export interface PlacedLabel {
  /** Box top-left corner and size, whole pixels. */
  x: number;
  y: number;
  w: number;
  h: number;
  /** Distance from the anchor to the nearest point of the box, pixels (0 when it holds it). */
  offset: number;
  /** A leader line is drawn from the anchor to the box. */
  leader: boolean;
  /** The box overlaps another label's box. */
  collides: boolean;
  /** The box lies wholly inside the image. */
  inside: boolean;
  /** No free spot existed: the least-overlap candidate was taken (avoid only). */
  crowded: boolean;
  /** No spot clear of labels and molecule existed: the label is not drawn (clear only). */
  omitted?: boolean;
}

export interface LabelLayout {
  labels: PlacedLabel[];
  /** Indices into `labels` in drawing order (later ones drawn over earlier ones); omitted labels are not in it. */
  drawOrder: number[];
}

/** Distance from (px, py) to the nearest point of the box. */
export function boxDistance(px: number, py: number, x: number, y: number, w: number, h: number): number {
  const dx = Math.max(x - px, 0, px - (x + w));
  const dy = Math.max(y - py, 0, py - (y + h));
  return Math.hypot(dx, dy);
}

const overlapArea = (a: { x: number; y: number; w: number; h: number }, x: number, y: number, w: number, h: number) =>
  Math.max(0, Math.min(a.x + a.w, x + w) - Math.max(a.x, x)) * Math.max(0, Math.min(a.y + a.h, y + h) - Math.max(a.y, y));

/** Candidate top-left offsets (relative to the rounded anchor) for a w x h box, best first. */
const candidateCache = new Map<string, Int32Array>();
function candidates(w: number, h: number): Int32Array {
  const key = `${w}x${h}`;
  const hit = candidateCache.get(key);
  if (hit) return hit;
  const list: { dx: number; dy: number; d: number; c: number }[] = [];
  // Box centred on the anchor first, then spots on a grid of STEP px around it.
  const cx = -Math.floor(w / 2),
    cy = -Math.floor(h / 2);
  const reach = MAX_LEADER + Math.max(w, h);
  for (let gy = -Math.ceil(reach / STEP); gy <= Math.ceil(reach / STEP); gy++) {
    for (let gx = -Math.ceil(reach / STEP); gx <= Math.ceil(reach / STEP); gx++) {
      const dx = cx + gx * STEP,
        dy = cy + gy * STEP;
      const d = boxDistance(0, 0, dx, dy, w, h);
      if (d > MAX_LEADER - 1) continue; // the anchor is rounded: keep the true distance within MAX_LEADER
      // Far from the anchor a coarser grid (2 STEP) does: fewer spots to try when crowded.
      if (d > NEAR && ((gx & 1) !== 0 || (gy & 1) !== 0)) continue;
      list.push({ dx, dy, d, c: Math.hypot(dx + w / 2, dy + h / 2) });
    }
  }
  // Nearest box first (a leader as short as can be), then nearest centre, then a fixed order.
  list.sort((a, b) => Math.round(a.d) - Math.round(b.d) || a.c - b.c || a.dy - b.dy || a.dx - b.dx);
  const out = new Int32Array(list.length * 2);
  list.forEach((p, i) => {
    out[2 * i] = p.dx;
    out[2 * i + 1] = p.dy;
  });
  candidateCache.set(key, out);
  return out;
}

/**
 * Placing order of `avoid`: ligand first, then residues; nearer first; then input order. An
 * image with a single residue label (residue-ligand's scenes: that residue is what every
 * question on them asks about) places it first, before the ligand's names.
 */
export function placingOrder(inputs: readonly LayoutInput[]): number[] {
  let residues = 0;
  for (const l of inputs) if (l.kind === 'residue') residues++;
  const residueRank = residues === 1 ? -1 : 1;
  return inputs
    .map((_, i) => i)
    .sort((a, b) => {
      const ka = inputs[a].kind === 'ligand' ? 0 : residueRank,
        kb = inputs[b].kind === 'ligand' ? 0 : residueRank;
      return ka - kb || inputs[a].depth - inputs[b].depth || a - b;
    });
}

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
class PlacedBoxes {
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

/** The box with its top-left corner on the anchor (rounded), flags unset: `anchored`'s placement, and where an omitted label is recorded. */
function onAnchor(l: LayoutInput): PlacedLabel {
  return {
    x: Math.round(l.x),
    y: Math.round(l.y),
    w: l.w,
    h: l.h,
    offset: 0,
    leader: false,
    collides: false,
    inside: false,
    crowded: false,
  };
}

/** Lays out the labels of one `width` x `height` image; `clear` needs the scene's clearance grid. */
export function layoutLabels(
  inputs: readonly LayoutInput[],
  width: number,
  height: number,
  mode: LabelLayoutMode,
  clearance?: Clearance,
): LabelLayout {
  if (inputs.length === 0) return { labels: [], drawOrder: [] };
  const labels: PlacedLabel[] = new Array(inputs.length);
  let drawOrder: number[];
  if (mode === 'anchored') {
    inputs.forEach((l, i) => {
      labels[i] = onAnchor(l);
    });
    drawOrder = inputs.map((_, i) => i).sort((a, b) => inputs[b].depth - inputs[a].depth || b - a);
  } else if (mode === 'clear') {
    if (!clearance) throw new Error("the clear label layout needs the scene's clearance grid");
    const order = placingOrder(inputs);
    const placed = new PlacedBoxes(inputs.length, width, height);
    const drawn: number[] = [];
    for (const i of order) {
      const l = inputs[i];
      const spot = clearSpot(placed, clearance, l, width, height);
      if (!spot) {
        labels[i] = { ...onAnchor(l), omitted: true };
        continue;
      }
      const offset = boxDistance(l.x, l.y, spot.x, spot.y, l.w, l.h);
      labels[i] = {
        x: spot.x,
        y: spot.y,
        w: l.w,
        h: l.h,
        offset,
        leader: offset >= LEADER_MIN,
        collides: false,
        inside: true,
        crowded: false,
      };
      placed.add(i, spot.x, spot.y, l.w, l.h);
      drawn.push(i);
    }
    drawOrder = drawn.reverse();
    markCollisions(
      labels.filter((l) => !l.omitted),
      width,
      height,
    );
    return { labels, drawOrder };
  } else {
    const order = placingOrder(inputs);
    const placed = new PlacedBoxes(inputs.length, width, height);
    for (const i of order) {
      const l = inputs[i];
      const { x, y, cost } = bestSpot(placed, l, width, height);
      const offset = boxDistance(l.x, l.y, x, y, l.w, l.h);
      labels[i] = { x, y, w: l.w, h: l.h, offset, leader: offset >= LEADER_MIN, collides: false, inside: false, crowded: cost > 0 };
      placed.add(i, x, y, l.w, l.h);
      if (cost > 0) placed.spoil(i);
    }
    // Drawn last = on top: the first placed (a lone residue, ligand atoms, nearest) end up over the rest.
    drawOrder = [...order].reverse();
    if (mode === 'prefer-clear') {
      if (!clearance) throw new Error("the prefer-clear label layout needs the scene's clearance grid");
      moveOffMolecule(labels, inputs, order, placed, clearance, width, height);
    }
  }
  markCollisions(labels, width, height);
  return { labels, drawOrder };
}

/**
 * The first candidate of least cost for label `l`: SPOIL_COST for each readable box it
 * overlaps, plus the area outside the image and the area over boxes already placed, px^2
 * (0 ends the search).
 */
function bestSpot(placed: PlacedBoxes, l: LayoutInput, width: number, height: number): { x: number; y: number; cost: number } {
  const ax = Math.round(l.x),
    ay = Math.round(l.y),
    w = l.w,
    h = l.h,
    area = w * h;
  const cand = candidates(w, h);
  placed.blocker = -1;
  let best = -1,
    bestCost = Infinity;
  for (let k = 0; k < cand.length; k += 2) {
    const x = ax + cand[k],
      y = ay + cand[k + 1];
    // Area outside the image counts as overlap: a box half out of the frame is unread.
    const inW = Math.max(0, Math.min(width, x + w) - Math.max(0, x)),
      inH = Math.max(0, Math.min(height, y + h) - Math.max(0, y));
    const outside = area - inW * inH;
    if (outside >= bestCost) continue;
    // The box that ruled out the last candidate often rules out this one on its own: a
    // lower bound of the cost, one box test instead of a grid look-up.
    if (placed.blocker >= 0 && outside + placed.overlapOne(placed.blocker, x, y, w, h) >= bestCost) continue;
    const cost = outside + placed.overlap(x, y, w, h, bestCost - outside);
    if (cost < bestCost) {
      bestCost = cost;
      best = k;
      if (cost === 0) break;
    }
  }
  return { x: ax + cand[best], y: ay + cand[best + 1], cost: bestCost };
}

/**
 * `prefer-clear`'s second pass: in placing order, each label whose box covers part of the
 * molecule moves to the nearest spot inside the image clear of the molecule and of every
 * other label's box, where one exists. A move never makes a box overlap another, so the
 * labels readable after the first pass stay readable.
 */
function moveOffMolecule(
  labels: PlacedLabel[],
  inputs: readonly LayoutInput[],
  order: readonly number[],
  placed: PlacedBoxes,
  clearance: Clearance,
  width: number,
  height: number,
): void {
  for (const i of order) {
    const p = labels[i];
    if (clearance.covered(p.x, p.y, p.w, p.h) === 0) continue;
    const spot = clearSpot(placed, clearance, inputs[i], width, height, i);
    if (!spot) continue;
    const offset = boxDistance(inputs[i].x, inputs[i].y, spot.x, spot.y, p.w, p.h);
    labels[i] = { ...p, x: spot.x, y: spot.y, offset, leader: offset >= LEADER_MIN };
    placed.move(i, spot.x, spot.y);
  }
}

/** The nearest candidate inside the image that overlaps no placed box (but `ignore`'s) and no marked cell of the grid, or null. */
function clearSpot(
  placed: PlacedBoxes,
  clearance: Clearance,
  l: LayoutInput,
  width: number,
  height: number,
  ignore = -1,
): { x: number; y: number } | null {
  const ax = Math.round(l.x),
    ay = Math.round(l.y),
    w = l.w,
    h = l.h;
  const cand = candidates(w, h);
  placed.blocker = -1;
  for (let k = 0; k < cand.length; k += 2) {
    const x = ax + cand[k],
      y = ay + cand[k + 1];
    if (x < 0 || y < 0 || x + w > width || y + h > height) continue;
    if (placed.blocker >= 0 && placed.blocker !== ignore && placed.overlapOne(placed.blocker, x, y, w, h) > 0) continue;
    if (clearance.covered(x, y, w, h) > 0) continue;
    if (placed.overlap(x, y, w, h, 0, ignore) > 0) continue;
    return { x, y };
  }
  return null;
}

/** Sets `collides` and `inside` of every box. */
function markCollisions(labels: PlacedLabel[], width: number, height: number): void {
  const byX = labels.map((_, i) => i).sort((a, b) => labels[a].x - labels[b].x);
  for (let s = 0; s < byX.length; s++) {
    const a = labels[byX[s]];
    a.inside = a.x >= 0 && a.y >= 0 && a.x + a.w <= width && a.y + a.h <= height;
    for (let t = s + 1; t < byX.length; t++) {
      const b = labels[byX[t]];
      if (b.x >= a.x + a.w) break;
      if (overlapArea(a, b.x, b.y, b.w, b.h) > 0) a.collides = b.collides = true;
    }
  }
}

/** Readable: no other box overlaps it, it lies inside the image, within MAX_LEADER of its anchor. */
export function isReadable(l: Pick<PlacedLabel, 'collides' | 'inside' | 'offset'>): boolean {
  return !l.collides && l.inside && l.offset <= MAX_LEADER;
}
