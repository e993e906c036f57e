// The bundled sample as the tasks see it: every complex with its camera, read once per test file.

import type { PreparedComplex } from '../../qa/task.ts';
import { complexCamera } from '../../renders/scene-atoms.ts';
import { ingest } from '../../structures/ingest.ts';
import { SAMPLE_DIR, SAMPLE_LIGANDS } from '../../structures/sample-path.ts';

let cached: Promise<PreparedComplex[]> | null = null;

export function sampleComplexes(): Promise<PreparedComplex[]> {
  cached ??= ingest([SAMPLE_DIR], { ligandsFile: SAMPLE_LIGANDS }).then(({ complexes }) => {
    if (complexes.length !== 3) throw new Error(`expected the 3 sample complexes, read ${complexes.length}`);
    return complexes.map((complex) => ({ complex, camera: complexCamera(complex) }));
  });
  return cached;
}

/** The first 20 PDBbind complexes of ../shared (sorted), with cameras; only call when present. */
let shared: Promise<PreparedComplex[]> | null = null;
export function sharedComplexes(): Promise<PreparedComplex[]> {
  shared ??= (async () => {
    const { readdirSync } = await import('node:fs');
    const { join } = await import('node:path');
    const { SHARED } = await import('../shared-structures.ts');
    const root = join(SHARED, 'pdbbind');
    const dirs = readdirSync(root)
      .sort()
      .slice(0, 20)
      .map((d) => join(root, d));
    const { complexes } = await ingest(dirs);
    if (complexes.length < 18) throw new Error(`read only ${complexes.length} of the first 20 shared complexes`);
    return complexes.map((complex) => ({ complex, camera: complexCamera(complex) }));
  })();
  return shared;
}
