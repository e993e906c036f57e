// Where the molecule lies on screen, for the label layout's `clear` mode: a grid of
// CELL x CELL pixel cells (x right, y down from the image's top-left corner), a cell marked
// when a drawn atom's disc or a bond's stick passes through it, summed so that the marked
// cells under any box are counted in four look-ups. Built from the scene's pose (the same
// projection the annotations record), so the layout never looks at pixels.
import { projectEye } from './camera.ts';
import { drawnBonds } from './drawn-bonds.ts';
import type { ScenePose } from './scene-pose.ts';
import type { SceneSpec } from './scene-spec.ts';

/** Side of a cell, pixels. */
export const CELL = 2;

export class ClearanceGrid {
  readonly cols: number;
  readonly rows: number;
  /** Marked cells. */
  readonly marked: Uint8Array;
  /** Summed-area table of `marked`, (cols + 1) x (rows + 1). */
  private sum: Int32Array | null = null;

  constructor(width: number, height: number) {
    this.cols = Math.ceil(width / CELL);
    this.rows = Math.ceil(height / CELL);
    this.marked = new Uint8Array(this.cols * this.rows);
  }

  /** Marks the cells a disc of radius `r` px about (x, y) touches. */
  disc(x: number, y: number, r: number): void {
    const c0 = Math.max(0, Math.floor((x - r) / CELL)),
      c1 = Math.min(this.cols - 1, Math.floor((x + r) / CELL));
    const r0 = Math.max(0, Math.floor((y - r) / CELL)),
      r1 = Math.min(this.rows - 1, Math.floor((y + r) / CELL));
    for (let row = r0; row <= r1; row++) for (let c = c0; c <= c1; c++) this.marked[row * this.cols + c] = 1;
    this.sum = null;
  }

  /**
   * Marks a stick from (x0, y0) to (x1, y1), radius `r` px: discs along it, at most 1 px apart
   * for a thin stick and at most r (and 4 px) apart for a thick one, each of radius 1.15 r then,
   * so that the discs still cover every point within r of the axis (1.15^2 - 0.5^2 > 1): a
   * stick 6 px thick at 1024 px marks a few discs per bond instead of one per pixel.
   */
  stick(x0: number, y0: number, x1: number, y1: number, r: number): void {
    const step = Math.max(1, Math.min(r, 4));
    const radius = step > 1 ? 1.15 * r : r;
    const n = Math.max(1, Math.ceil(Math.hypot(x1 - x0, y1 - y0) / step));
    for (let k = 0; k <= n; k++) this.disc(x0 + ((x1 - x0) * k) / n, y0 + ((y1 - y0) * k) / n, radius);
  }

  /** Marked cells a box [x, x + w) x [y, y + h) touches, whole pixels. */
  covered(x: number, y: number, w: number, h: number): number {
    const s = this.sum ?? this.summed();
    const c0 = Math.max(0, Math.floor(x / CELL)),
      c1 = Math.min(this.cols, Math.floor((x + w - 1) / CELL) + 1);
    const r0 = Math.max(0, Math.floor(y / CELL)),
      r1 = Math.min(this.rows, Math.floor((y + h - 1) / CELL) + 1);
    if (c0 >= c1 || r0 >= r1) return 0;
    const W = this.cols + 1;
    return s[r1 * W + c1] - s[r0 * W + c1] - s[r1 * W + c0] + s[r0 * W + c0];
  }

  /** Share of the marked cells under at least one of `boxes` (whole pixels), 0-1; null when no cell is marked. */
  markedShareUnder(boxes: readonly { x: number; y: number; w: number; h: number }[]): number | null {
    const under = new Uint8Array(this.marked.length);
    let marked = 0,
      covered = 0;
    for (const b of boxes) {
      const c0 = Math.max(0, Math.floor(b.x / CELL)),
        c1 = Math.min(this.cols - 1, Math.floor((b.x + b.w - 1) / CELL));
      const r0 = Math.max(0, Math.floor(b.y / CELL)),
        r1 = Math.min(this.rows - 1, Math.floor((b.y + b.h - 1) / CELL));
      for (let row = r0; row <= r1; row++) for (let c = c0; c <= c1; c++) under[row * this.cols + c] = 1;
    }
    for (let i = 0; i < this.marked.length; i++) {
      if (!this.marked[i]) continue;
      marked++;
      covered += under[i];
    }
    return marked ? covered / marked : null;
  }

  private summed(): Int32Array {
    const W = this.cols + 1;
    const s = new Int32Array(W * (this.rows + 1));
    for (let row = 0; row < this.rows; row++) {
      let line = 0;
      for (let c = 0; c < this.cols; c++) {
        line += this.marked[row * this.cols + c];
        s[(row + 1) * W + c + 1] = s[row * W + c + 1] + line;
      }
    }
    this.sum = s;
    return s;
  }
}

/**
 * The grid of a scene: every drawn atom between the clipping planes as a disc of its drawn
 * radius (the stick radius, or the sphere radius), every drawn bond between two such atoms as
 * a stick, at least one pixel wide, radii in pixels at the atom's depth.
 */
export function clearanceGrid(spec: SceneSpec, pose: ScenePose): ClearanceGrid {
  const cam = spec.camera;
  const grid = new ClearanceGrid(cam.width, cam.height);
  const radius = spec.style.representation === 'sphere' ? spec.style.sphereRadius : spec.style.stickRadius;
  const p = cam.projectionMatrix;
  const screen = pose.eye.map((e) => projectEye(cam, e));
  // Pixels per angstrom at a point: the projection's y scale over w (w is the depth in perspective, 1 in orthographic).
  const px = pose.eye.map((e) => {
    const w = p[3] * e[0] + p[7] * e[1] + p[11] * e[2] + p[15];
    return Math.max(0.5, (radius * p[5] * cam.height) / 2 / w);
  });
  screen.forEach((s, i) => {
    if (s.inClip) grid.disc(s.x, s.y, px[i]);
  });
  const bonds = drawnBonds(spec);
  for (let k = 0; k < bonds.length; k += 2) {
    const a = bonds[k],
      b = bonds[k + 1];
    if (!screen[a].inClip || !screen[b].inClip) continue;
    grid.stick(screen[a].x, screen[a].y, screen[b].x, screen[b].y, Math.min(px[a], px[b]));
  }
  return grid;
}
