// Complexes with their hydrogen bonds stored (ingest's `hbonds` option, default criteria) and
// their cameras, for the H-bond task tests: the bundled sample, and the first 20 PDBbind
// complexes of ../shared (only call when present). Each set is read once per test file.
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import type { PreparedComplex } from '../../qa/task.ts';
import { complexCamera } from '../../renders/scene-atoms.ts';
import { ingest } from '../../structures/ingest.ts';
import { SAMPLE_DIR, SAMPLE_LIGANDS } from '../../structures/sample-path.ts';
import { SHARED } from '../shared-structures.ts';

async function read(paths: string[], options: { ligandsFile?: string }): Promise<PreparedComplex[]> {
  const { complexes } = await ingest(paths, { ...options, hbonds: {} });
  return complexes.map((complex) => ({ complex, camera: complexCamera(complex) }));
}

let sample: Promise<PreparedComplex[]> | null = null;
export function sampleWithBonds(): Promise<PreparedComplex[]> {
  sample ??= read([SAMPLE_DIR], { ligandsFile: SAMPLE_LIGANDS });
  return sample;
}

/** Sorted folder paths of the first `n` PDBbind complexes of ../shared. */
export function sharedFolders(n: number): string[] {
  const root = join(SHARED, 'pdbbind');
  return readdirSync(root)
    .sort()
    .slice(0, n)
    .map((d) => join(root, d));
}

let shared: Promise<PreparedComplex[]> | null = null;
export function sharedWithBonds(): Promise<PreparedComplex[]> {
  shared ??= read(sharedFolders(20), {});
  return shared;
}
