// The bundled sample as the tasks see it: every complex with its camera, read once per test file.
import { ingest } from '../../structures/ingest.ts';
import { SAMPLE_DIR, SAMPLE_LIGANDS } from '../../structures/sample-path.ts';
import { complexCamera } from '../../renders/scene-atoms.ts';
import type { PreparedComplex } from '../../qa/task.ts';

let cached: Promise<PreparedComplex[]> | null = null;

export function sampleComplexes(): Promise<PreparedComplex[]> {
  cached ??= ingest([SAMPLE_DIR], { ligandsFile: SAMPLE_LIGANDS }).then(({ complexes }) => {
    if (complexes.length !== 3) throw new Error(`expected the 3 sample complexes, read ${complexes.length}`);
    return complexes.map((complex) => ({ complex, camera: complexCamera(complex) }));
  });
  return cached;
}
