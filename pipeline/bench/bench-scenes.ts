// The benchmark's fixed workload: real complexes (a fixed list from ../shared/structures
// when it is there, else the bundled sample), each drawn as its full scene in the six views
// under a few turns, plus its pocket and ligand alone (which cost a scene load each), at
// 512 x 512 in the default style (antialiased, labelled).
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parseCommands } from '../../renders/commands.ts';
import type { RenderRequest } from '../../renders/render-scenes.ts';
import { complexCamera } from '../../renders/scene-atoms.ts';
import type { SceneSpec } from '../../renders/scene-spec.ts';
import { type AntialiasMethod, makeStyle } from '../../renders/style.ts';
import { parseSubset } from '../../renders/subset.ts';
import { VIEW_NAMES } from '../../renders/views.ts';
import { ingest } from '../../structures/ingest.ts';
import type { Complex } from '../../structures/model.ts';
import { SAMPLE_DIR, SAMPLE_LIGANDS } from '../../structures/sample-path.ts';

/** PDBbind entries of ../shared/structures used when it is present (small to large pockets). */
export const SHARED_BENCH_ENTRIES = ['1a30', '1bcu', '1c5z', '10gs'];

export interface BenchSet {
  source: string;
  complexes: Complex[];
}

/** `../shared/structures` from the working folder (run from a clone: the project's shared set), when present. */
function sharedStructures(): string | null {
  const p = resolve('../shared/structures');
  return existsSync(p) ? p : null;
}

export async function loadBenchComplexes(useShared = true): Promise<BenchSet> {
  const shared = useShared ? sharedStructures() : null;
  if (shared) {
    const paths = SHARED_BENCH_ENTRIES.map((id) => join(shared, 'pdbbind', id)).filter((p) => existsSync(p));
    if (paths.length) {
      const { complexes } = await ingest(paths);
      if (complexes.length) return { source: `${shared} (PDBbind ${SHARED_BENCH_ENTRIES.join(', ')})`, complexes };
    }
  }
  const { complexes } = await ingest([SAMPLE_DIR], { ligandsFile: SAMPLE_LIGANDS });
  return { source: `${SAMPLE_DIR} (the bundled sample)`, complexes };
}

/** The six views under `turns` rolls about y (0, 15, 30... degrees) of the full complex. */
export function viewRequests(complexes: Complex[], turns: number, firstTurn = 0, antialias?: AntialiasMethod): RenderRequest[] {
  const style = makeStyle({ antialias });
  const requests: RenderRequest[] = [];
  for (const complex of complexes) {
    const camera = complexCamera(complex);
    for (let k = firstTurn; k < firstTurn + turns; k++) {
      for (const view of VIEW_NAMES) {
        const spec: SceneSpec = {
          complex,
          subset: parseSubset('full'),
          style,
          camera,
          view,
          transform: parseCommands(`roll y ${(15 * k) % 360}`),
          ligandTransform: [],
        };
        requests.push({ spec, annotationsOut: null });
      }
    }
  }
  return requests;
}

/** One image each of the pocket alone and the ligand alone (a scene load per image). */
export function subsetRequests(complexes: Complex[], antialias?: AntialiasMethod): RenderRequest[] {
  const style = makeStyle({ antialias });
  return complexes.flatMap((complex) =>
    ['pocket', 'ligand'].map((s) => ({
      spec: {
        complex,
        subset: parseSubset(s),
        style,
        camera: complexCamera(complex),
        view: 'front',
        transform: [],
        ligandTransform: [],
      } as SceneSpec,
      annotationsOut: null,
    })),
  );
}
