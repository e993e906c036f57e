// Where each label of one image goes: pure geometry, computed in Node before anything is
// drawn (the page draws exactly these boxes). Boxes are in pixels (x right, y down from the
// image's top-left corner, whole pixels), the frame annotations use.
//
// `avoid`: labels are placed one by one in a fixed order that depends on geometry only
// (ligand atom names first, then residues; nearer the viewer first; then the drawn order),
// each at the first spot among candidate positions around its anchor (nearest first, every
// one within MAX_LEADER px of the anchor) that lies inside the image and overlaps no label
// already placed. When there is no such spot the label takes the candidate of least overlap
// (and lies outside the image the least) and is flagged. A label whose box does not hold its
// anchor gets a leader line from the anchor to the box. Nothing here knows about bonds or
// questions, so where a label goes can never tell one.
// `anchored`: the box's top-left corner on the anchor (3Dmol's placement), drawn farthest
// first, collisions left as they fall.

export type LabelLayoutMode = 'avoid' | 'anchored';
export const LABEL_LAYOUTS: readonly LabelLayoutMode[] = ['avoid', 'anchored'];

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
}

export interface LabelLayout {
  labels: PlacedLabel[];
  /** Indices into `labels` in drawing order (later ones drawn over earlier ones). */
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
  const cx = -Math.floor(w / 2), cy = -Math.floor(h / 2);
  const reach = MAX_LEADER + Math.max(w, h);
  for (let gy = -Math.ceil(reach / STEP); gy <= Math.ceil(reach / STEP); gy++) {
    for (let gx = -Math.ceil(reach / STEP); gx <= Math.ceil(reach / STEP); gx++) {
      const dx = cx + gx * STEP, dy = cy + gy * STEP;
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
  list.forEach((p, i) => { out[2 * i] = p.dx; out[2 * i + 1] = p.dy; });
  candidateCache.set(key, out);
  return out;
}

/** Placing order of `avoid`: ligand first, then residues; nearer first; then input order. */
export function placingOrder(inputs: readonly LayoutInput[]): number[] {
  return inputs.map((_, i) => i).sort((a, b) => {
    const ka = inputs[a].kind === 'ligand' ? 0 : 1, kb = inputs[b].kind === 'ligand' ? 0 : 1;
    return ka - kb || inputs[a].depth - inputs[b].depth || a - b;
  });
}

const CELL = 32;

/** Lays out the labels of one `width` x `height` image. */
export function layoutLabels(inputs: readonly LayoutInput[], width: number, height: number, mode: LabelLayoutMode): LabelLayout {
  const labels: PlacedLabel[] = new Array(inputs.length);
  let drawOrder: number[];
  if (mode === 'anchored') {
    inputs.forEach((l, i) => {
      labels[i] = { x: Math.round(l.x), y: Math.round(l.y), w: l.w, h: l.h, offset: 0, leader: false, collides: false, inside: false, crowded: false };
    });
    drawOrder = inputs.map((_, i) => i).sort((a, b) => inputs[b].depth - inputs[a].depth || b - a);
  } else {
    const order = placingOrder(inputs);
    // Placed boxes in a grid of CELL px buckets, for the overlap look-ups (no allocation in the loop).
    const cols = Math.ceil(width / CELL) + 2, rows = Math.ceil(height / CELL) + 2;
    const grid: number[][] = Array.from({ length: cols * rows }, () => []);
    const col = (v: number) => Math.min(cols - 1, Math.max(0, Math.floor(v / CELL) + 1));
    const row = (v: number) => Math.min(rows - 1, Math.max(0, Math.floor(v / CELL) + 1));
    const bx = new Int32Array(inputs.length), by = new Int32Array(inputs.length), bw = new Int32Array(inputs.length), bh = new Int32Array(inputs.length);
    const seen = new Int32Array(inputs.length).fill(-1);
    let stamp = 0;
    /** Overlap area of the box with the boxes placed so far (stops counting past `stopAt`). */
    const overlapWithPlaced = (x: number, y: number, w: number, h: number, stopAt: number) => {
      const c0 = col(x), c1 = col(x + w - 1), r0 = row(y), r1 = row(y + h - 1);
      stamp++;
      let sum = 0;
      for (let r = r0; r <= r1; r++) {
        for (let c = c0; c <= c1; c++) {
          const cell = grid[r * cols + c];
          for (let q = 0; q < cell.length; q++) {
            const j = cell[q];
            if (seen[j] === stamp) continue;
            seen[j] = stamp;
            const ox = Math.min(bx[j] + bw[j], x + w) - Math.max(bx[j], x);
            if (ox <= 0) continue;
            const oy = Math.min(by[j] + bh[j], y + h) - Math.max(by[j], y);
            if (oy <= 0) continue;
            sum += ox * oy;
            if (sum > stopAt) return sum;
          }
        }
      }
      return sum;
    };
    for (const i of order) {
      const l = inputs[i];
      const ax = Math.round(l.x), ay = Math.round(l.y);
      const cand = candidates(l.w, l.h);
      let best = -1, bestCost = Infinity;
      for (let k = 0; k < cand.length; k += 2) {
        const x = ax + cand[k], y = ay + cand[k + 1];
        // Area outside the image counts as overlap: a box half out of the frame is unread.
        const inW = Math.max(0, Math.min(width, x + l.w) - Math.max(0, x)), inH = Math.max(0, Math.min(height, y + l.h) - Math.max(0, y));
        const outside = l.w * l.h - inW * inH;
        if (outside >= bestCost) continue;
        const cost = outside + overlapWithPlaced(x, y, l.w, l.h, bestCost - outside);
        if (cost < bestCost) {
          bestCost = cost;
          best = k;
          if (cost === 0) break;
        }
      }
      const x = ax + cand[best], y = ay + cand[best + 1];
      const offset = boxDistance(l.x, l.y, x, y, l.w, l.h);
      labels[i] = { x, y, w: l.w, h: l.h, offset, leader: offset >= LEADER_MIN, collides: false, inside: false, crowded: bestCost > 0 };
      bx[i] = x; by[i] = y; bw[i] = l.w; bh[i] = l.h;
      for (let r = row(y); r <= row(y + l.h - 1); r++) for (let c = col(x); c <= col(x + l.w - 1); c++) grid[r * cols + c].push(i);
    }
    // Drawn last = on top: the first placed (ligand atoms, nearest) end up over the rest.
    drawOrder = [...order].reverse();
  }
  markCollisions(labels, width, height);
  return { labels, drawOrder };
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
