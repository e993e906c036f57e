// A straightforward label layout, kept only to check renders/label-layout.ts against: the
// same rules written the obvious way (every candidate's cost summed over every box placed so
// far, every pair of boxes compared for collisions), no grid, no early exits, no typed
// arrays. Slow (quadratic in the labels, times the candidates); the tests and
// scripts/check-label-layout.ts compare every box it places with the fast layout's.
import { CELL, type ClearanceGrid } from '../../renders/clearance-grid.ts';
import {
  type LabelLayout,
  type LabelLayoutMode,
  type LayoutInput,
  LEADER_MIN,
  MAX_LEADER,
  type PlacedLabel,
  SPOIL_COST,
} from '../../renders/label-layout.ts';

const STEP = 3;
const NEAR = 12;

interface Box {
  x: number;
  y: number;
  w: number;
  h: number;
}

function distanceToBox(px: number, py: number, b: Box): number {
  const dx = Math.max(b.x - px, 0, px - (b.x + b.w));
  const dy = Math.max(b.y - py, 0, py - (b.y + b.h));
  return Math.hypot(dx, dy);
}

function overlap(a: Box, b: Box): number {
  const ox = Math.min(a.x + a.w, b.x + b.w) - Math.max(a.x, b.x);
  const oy = Math.min(a.y + a.h, b.y + b.h) - Math.max(a.y, b.y);
  return ox > 0 && oy > 0 ? ox * oy : 0;
}

/** Top-left offsets from the rounded anchor, best first (the rule label-layout.ts documents). */
const cache = new Map<string, { dx: number; dy: number }[]>();
function candidateOffsets(w: number, h: number): { dx: number; dy: number }[] {
  const hit = cache.get(`${w}x${h}`);
  if (hit) return hit;
  const list: { dx: number; dy: number; d: number; c: number }[] = [];
  const cx = -Math.floor(w / 2),
    cy = -Math.floor(h / 2);
  const n = Math.ceil((MAX_LEADER + Math.max(w, h)) / STEP);
  for (let gy = -n; gy <= n; gy++) {
    for (let gx = -n; gx <= n; gx++) {
      const dx = cx + gx * STEP,
        dy = cy + gy * STEP;
      const d = distanceToBox(0, 0, { x: dx, y: dy, w, h });
      const onCoarseGrid = gx % 2 === 0 && gy % 2 === 0;
      if (d <= MAX_LEADER - 1 && (d <= NEAR || onCoarseGrid)) list.push({ dx, dy, d, c: Math.hypot(dx + w / 2, dy + h / 2) });
    }
  }
  list.sort((a, b) => Math.round(a.d) - Math.round(b.d) || a.c - b.c || a.dy - b.dy || a.dx - b.dx);
  cache.set(`${w}x${h}`, list);
  return list;
}

/** Marked cells of the clearance grid under a box, counted cell by cell (no summed table). */
function markedUnder(grid: ClearanceGrid, b: Box): number {
  let n = 0;
  for (let row = Math.max(0, Math.floor(b.y / CELL)); row <= Math.min(grid.rows - 1, Math.floor((b.y + b.h - 1) / CELL)); row++) {
    for (let c = Math.max(0, Math.floor(b.x / CELL)); c <= Math.min(grid.cols - 1, Math.floor((b.x + b.w - 1) / CELL)); c++)
      n += grid.marked[row * grid.cols + c];
  }
  return n;
}

/** The first candidate of `l` inside the image, over no marked cell and no box of `others`. */
function firstClear(l: LayoutInput, others: Box[], grid: ClearanceGrid, width: number, height: number): Box | null {
  for (const o of candidateOffsets(l.w, l.h)) {
    const box = { x: Math.round(l.x) + o.dx, y: Math.round(l.y) + o.dy, w: l.w, h: l.h };
    if (box.x < 0 || box.y < 0 || box.x + box.w > width || box.y + box.h > height) continue;
    if (markedUnder(grid, box) > 0 || others.some((b) => overlap(box, b) > 0)) continue;
    return box;
  }
  return null;
}

export function referenceLayout(
  inputs: readonly LayoutInput[],
  width: number,
  height: number,
  mode: LabelLayoutMode,
  grid?: ClearanceGrid,
): LabelLayout {
  if (inputs.length === 0) return { labels: [], drawOrder: [] };
  if (mode === 'clear') return referenceClear(inputs, width, height, grid!);
  const labels: PlacedLabel[] = [];
  let drawOrder: number[];
  const blank = { offset: 0, leader: false, collides: false, inside: false, crowded: false };
  if (mode === 'anchored') {
    for (const l of inputs) labels.push({ x: Math.round(l.x), y: Math.round(l.y), w: l.w, h: l.h, ...blank });
    drawOrder = inputs.map((_, i) => i).sort((a, b) => inputs[b].depth - inputs[a].depth || b - a);
  } else {
    // A lone residue label first, else ligand names before residues.
    const lone = inputs.filter((l) => l.kind === 'residue').length === 1;
    const rank = (l: LayoutInput) => (l.kind === 'residue' ? (lone ? -1 : 1) : 0);
    const order = inputs.map((_, i) => i).sort((a, b) => rank(inputs[a]) - rank(inputs[b]) || inputs[a].depth - inputs[b].depth || a - b);
    // Placed boxes and whether each is still readable (no crowded box lies on it, it is not crowded).
    const placed: { box: Box; readable: boolean }[] = [];
    for (const i of order) {
      const l = inputs[i];
      const image = { x: 0, y: 0, w: width, h: height };
      let best: Box | null = null,
        bestCost = Infinity;
      for (const o of candidateOffsets(l.w, l.h)) {
        const box = { x: Math.round(l.x) + o.dx, y: Math.round(l.y) + o.dy, w: l.w, h: l.h };
        let cost = l.w * l.h - overlap(box, image);
        for (const p of placed) {
          const area = overlap(box, p.box);
          if (area > 0) cost += area + (p.readable ? SPOIL_COST : 0);
        }
        if (cost < bestCost) {
          best = box;
          bestCost = cost;
        }
        if (cost === 0) break;
      }
      const offset = distanceToBox(l.x, l.y, best!);
      labels[i] = { ...best!, ...blank, offset, leader: offset >= LEADER_MIN, crowded: bestCost > 0 };
      if (bestCost > 0) for (const p of placed) if (overlap(best!, p.box) > 0) p.readable = false;
      placed.push({ box: best!, readable: bestCost === 0 });
    }
    drawOrder = [...order].reverse();
    if (mode === 'prefer-clear') {
      for (const i of order) {
        if (markedUnder(grid!, labels[i]) === 0) continue;
        const box = firstClear(
          inputs[i],
          labels.filter((_, j) => j !== i),
          grid!,
          width,
          height,
        );
        if (!box) continue;
        const offset = distanceToBox(inputs[i].x, inputs[i].y, box);
        labels[i] = { ...labels[i], x: box.x, y: box.y, offset, leader: offset >= LEADER_MIN };
      }
    }
  }
  labels.forEach((a, i) => {
    a.inside = a.x >= 0 && a.y >= 0 && a.x + a.w <= width && a.y + a.h <= height;
    a.collides = labels.some((b, j) => j !== i && overlap(a, b) > 0);
  });
  return { labels, drawOrder };
}

/** `clear`: placing order as `avoid`, each label at its first clear candidate, or left out. */
function referenceClear(inputs: readonly LayoutInput[], width: number, height: number, grid: ClearanceGrid): LabelLayout {
  const lone = inputs.filter((l) => l.kind === 'residue').length === 1;
  const rank = (l: LayoutInput) => (l.kind === 'residue' ? (lone ? -1 : 1) : 0);
  const order = inputs.map((_, i) => i).sort((a, b) => rank(inputs[a]) - rank(inputs[b]) || inputs[a].depth - inputs[b].depth || a - b);
  const labels: PlacedLabel[] = new Array(inputs.length);
  const placed: Box[] = [];
  const drawn: number[] = [];
  for (const i of order) {
    const l = inputs[i];
    const box = firstClear(l, placed, grid, width, height);
    if (!box) {
      labels[i] = {
        x: Math.round(l.x),
        y: Math.round(l.y),
        w: l.w,
        h: l.h,
        offset: 0,
        leader: false,
        collides: false,
        inside: false,
        crowded: false,
        omitted: true,
      };
      continue;
    }
    const offset = distanceToBox(l.x, l.y, box);
    labels[i] = { ...box, offset, leader: offset >= LEADER_MIN, collides: false, inside: true, crowded: false };
    placed.push(box);
    drawn.push(i);
  }
  return { labels, drawOrder: drawn.reverse() };
}
