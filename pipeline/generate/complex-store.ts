// Complexes on demand during planning and drawing: read from the ingest stage's files and
// kept in a small least-recently-used cache, so memory holds the complexes in flight and a
// few partners, not all of them.
import type { PreparedComplex } from '../../qa/task.ts';
import { complexCamera } from '../../renders/scene-atoms.ts';
import { readIngested } from './ingest-stage.ts';

export class ComplexStore {
  private readonly cache = new Map<string, PreparedComplex>();
  reads = 0;

  constructor(
    private readonly outDir: string,
    private readonly known: ReadonlySet<string>,
    private readonly capacity = 64,
  ) {}

  /** The complex with its camera at the default size (each task's size: image-sizes.ts,
   * preparedAtSize); throws for an id that was not read. */
  get(id: string): PreparedComplex {
    const hit = this.cache.get(id);
    if (hit) {
      this.cache.delete(id);
      this.cache.set(id, hit);
      return hit;
    }
    if (!this.known.has(id)) throw new Error(`unknown complex ${id}`);
    const complex = readIngested(this.outDir, id);
    this.reads++;
    const prepared: PreparedComplex = { complex, camera: complexCamera(complex) };
    this.cache.set(id, prepared);
    if (this.cache.size > this.capacity) this.cache.delete(this.cache.keys().next().value!);
    return prepared;
  }
}
