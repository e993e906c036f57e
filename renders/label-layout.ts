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

import { PlacedBoxes, SPOIL_COST } from './placed-boxes.ts';

export { SPOIL_COST };

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
