// A page's first scene costs ~2.5 s of CPU (the browser's start, 3Dmol's set-up and the
// compilation of the impostor shaders under SwiftShader). A run that starts its pages with
// this tiny scene while it is still busy with something else (generate: ingesting and
// splitting, on one core) pays that on the idle core instead of before its first image.
import { CAMERA_DEFAULTS, frameCamera } from './camera.ts';
import type { PageAtom } from './page/page-api.ts';
import { pageSceneOf, type Shot } from './page-payload.ts';
import type { PoolJob } from './render-pool.ts';
import type { Style } from './style.ts';

/** Two bonded atoms (a stick) and a lone one (a ball), one label: every program a scene uses. */
export function warmUpJob(style: Style, size = CAMERA_DEFAULTS.width): PoolJob {
  const atoms: PageAtom[] = [
    { elem: 'C', x: 0, y: 0, z: 0, color: style.ligandCarbon, bonds: [1], bondOrder: [1] },
    { elem: 'O', x: 1.4, y: 0, z: 0, color: style.elementColors.O ?? null, bonds: [0], bondOrder: [1] },
    { elem: 'N', x: 0, y: 1.5, z: 0, color: style.elementColors.N ?? null, bonds: [], bondOrder: [] },
  ];
  const scene = pageSceneOf(style, size, size, atoms, ['C1']);
  const camera = frameCamera(
    atoms.map((a) => [a.x, a.y, a.z]),
    { width: size, height: size },
  );
  const shot: Shot = {
    matrix: Array.from(camera.view),
    projection: Array.from(camera.projectionMatrix),
    labels: [0, size / 2, size / 2, -1, -1],
  };
  return { scene, shots: [shot] };
}
