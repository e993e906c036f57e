// A uniform grid over points for "anything within r angstrom" queries.
import type { Vec3 } from './model.ts';

export class SpatialGrid<T> {
  private cells = new Map<string, Array<{ xyz: Vec3; item: T }>>();

  constructor(private readonly cell: number) {}

  private key(x: number, y: number, z: number): string {
    return `${Math.floor(x / this.cell)},${Math.floor(y / this.cell)},${Math.floor(z / this.cell)}`;
  }

  add(xyz: Vec3, item: T): void {
    const k = this.key(xyz[0], xyz[1], xyz[2]);
    const list = this.cells.get(k);
    if (list) list.push({ xyz, item });
    else this.cells.set(k, [{ xyz, item }]);
  }

  /** Items within `r` angstrom of `p` (r must not exceed the cell size). */
  *within(p: Vec3, r: number): Generator<{ item: T; distance: number }> {
    const cx = Math.floor(p[0] / this.cell),
      cy = Math.floor(p[1] / this.cell),
      cz = Math.floor(p[2] / this.cell);
    const r2 = r * r;
    for (let dx = -1; dx <= 1; dx++)
      for (let dy = -1; dy <= 1; dy++)
        for (let dz = -1; dz <= 1; dz++) {
          const list = this.cells.get(`${cx + dx},${cy + dy},${cz + dz}`);
          if (!list) continue;
          for (const e of list) {
            const d2 = (e.xyz[0] - p[0]) ** 2 + (e.xyz[1] - p[1]) ** 2 + (e.xyz[2] - p[2]) ** 2;
            if (d2 <= r2) yield { item: e.item, distance: Math.sqrt(d2) };
          }
        }
  }

  /** True when any item lies within `r` of `p`. */
  any(p: Vec3, r: number): boolean {
    for (const _ of this.within(p, r)) return true;
    return false;
  }
}
