// A complex as an interactive 3D view draws it (the browse site's viewer, renders/viewer/
// viewer.js, with 3Dmol.js): the same atoms, colours, bonds and labels as the renderer's
// full scene in a style (hydrogens hidden by default), and the rotation of each of the six
// canonical views about the centre of the complex's heavy atoms. Data only: nothing here
// opens a browser. `viewerAssets` names the files a static page needs to draw it.
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import type { Complex, Vec3 } from '../structures/model.ts';
import { pageScene } from './page-payload.ts';
import { boundingBox, boxCentre } from './rigid-motion.ts';
import { complexCamera, complexPoints, drawnScene } from './scene-atoms.ts';
import { DEFAULT_STYLE, type Style } from './style.ts';
import { VIEW_NAMES, type ViewName, viewCommands } from './views.ts';

export interface ViewerScene {
  id: string;
  /** [element, x, y, z, colour '#RRGGBB' or null for 3Dmol's Jmol colour], model frame, angstrom. */
  atoms: [string, number, number, number, string | null][];
  /** Pairs of atom indices, flat: [a0, b0, a1, b1, ...]. */
  bonds: number[];
  /** [text, atom index, 'pocket' | 'ligand']. */
  labels: [string, number, string][];
  /** Centre of the heavy atoms' bounding box: what views turn about. */
  centre: Vec3;
  /** Each view's rotation as a quaternion [x, y, z, w] of the eye frame (front: identity). */
  views: Record<ViewName, [number, number, number, number]>;
  style: {
    background: string;
    stickRadius: number;
    fontSize: number;
    fontColor: string;
    backgroundColor: string;
    backgroundOpacity: number;
  };
  /** The renderer's front camera: field of view (degrees) and distance to the centre (angstrom). */
  camera: { fovDeg: number; distance: number };
}

const round = (x: number) => Math.round(x * 1000) / 1000;

/** The quaternion of a view: a single roll about one eye axis (front: none). */
function viewQuaternion(view: ViewName): [number, number, number, number] {
  const [roll] = viewCommands(view);
  if (!roll) return [0, 0, 0, 1];
  const half = (roll.amount * Math.PI) / 360;
  const s = Math.sin(half);
  return [roll.axis === 'x' ? s : 0, roll.axis === 'y' ? s : 0, roll.axis === 'z' ? s : 0, Math.cos(half)].map(round) as [
    number,
    number,
    number,
    number,
  ];
}

/** The full complex as the renderer draws it in `style`, for the interactive viewer. */
export function viewerScene(complex: Complex, style: Style = DEFAULT_STYLE): ViewerScene {
  const camera = complexCamera(complex);
  const spec = { complex, subset: { kind: 'full' as const }, style, camera, view: 'front' as const, transform: [], ligandTransform: [] };
  const page = pageScene(spec);
  const drawn = drawnScene(complex, spec.subset, style);
  const bonds: number[] = [];
  page.atoms.forEach((a, i) =>
    a.bonds.forEach((j) => {
      if (j > i) bonds.push(i, j);
    }),
  );
  return {
    id: complex.id,
    atoms: page.atoms.map((a) => [a.elem, round(a.x), round(a.y), round(a.z), a.color]),
    bonds,
    labels: drawn.labels.map((l) => [l.text, l.atom, l.part]),
    centre: boxCentre(boundingBox(complexPoints(complex))).map(round) as Vec3,
    views: Object.fromEntries(VIEW_NAMES.map((v) => [v, viewQuaternion(v)])) as ViewerScene['views'],
    style: {
      background: style.background,
      stickRadius: style.stickRadius,
      fontSize: style.labels.fontSize,
      fontColor: style.labels.fontColor,
      backgroundColor: style.labels.backgroundColor,
      backgroundOpacity: style.labels.backgroundOpacity,
    },
    camera: { fovDeg: camera.fovDeg, distance: round(camera.distance) },
  };
}

/** The files a static page loads to draw a ViewerScene: 3Dmol.js and the viewer script (paths on disk). */
export function viewerAssets(): { threeDmol: string; threeDmolLicense: string; viewer: string } {
  const resolve = (p: string) => createRequire(import.meta.url).resolve(p);
  return {
    threeDmol: resolve('3dmol/build/3Dmol-min.js'),
    threeDmolLicense: resolve('3dmol/build/3Dmol-min.js.LICENSE.txt'),
    viewer: fileURLToPath(new URL('./viewer/viewer.js', import.meta.url)),
  };
}
