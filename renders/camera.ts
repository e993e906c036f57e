// The camera of one complex: placed once so that the front view of the full complex fills
// the frame less a pad (ChimeraX's `view`), then never moved. Every view, subset and
// transform of that complex is drawn through it.
//
// Frames, stated once:
// - model frame: the structure file's coordinates, angstrom.
// - eye frame: the screen frame of the front view (x right, y up, z toward the viewer),
//   with the camera at the origin looking down -z. `view` maps model -> eye. Commands act
//   in this frame (a translation of the origin does not change their meaning).
// - pixels: x right, y down from the top-left corner of the image; pixel (i, j) covers
//   [i, i+1) x [j, j+1), so its centre is (i + 0.5, j + 0.5).
// Matrices are column-major 4 x 4 (gl-matrix order), stored as plain number arrays.
import { mat4 } from 'gl-matrix';
import type { Vec3 } from '../structures/model.ts';
import { boundingBox, boxCentre, transformPoint, translation } from './rigid-motion.ts';

export type Projection = 'perspective' | 'orthographic';
export const PROJECTIONS: readonly Projection[] = ['perspective', 'orthographic'];

export interface CameraOptions {
  projection?: Projection;
  /** Horizontal field of view, degrees (ChimeraX's default 30). Perspective only. */
  fovDeg?: number;
  /** Image size in pixels. */
  width?: number;
  height?: number;
  /** Share of the window's width (and height) left free on each side (ChimeraX: 0.05). */
  pad?: number;
}

export const CAMERA_DEFAULTS: Required<CameraOptions> = {
  projection: 'perspective',
  fovDeg: 30,
  width: 512,
  height: 512,
  pad: 0.05,
};

/** Distance of the near clipping plane from the camera, angstrom. */
export const NEAR_PLANE = 0.5;

export interface Camera {
  projection: Projection;
  /** Horizontal field of view, degrees (kept for orthographic too: it fixes the distance). */
  fovDeg: number;
  width: number;
  height: number;
  pad: number;
  /** Distance from the camera to the centre of the framed bounding box, angstrom. */
  distance: number;
  /** Orthographic only: half the width of the visible region, angstrom. */
  halfWidth: number;
  near: number;
  far: number;
  /** Model frame -> eye frame. */
  view: number[];
  /** Eye frame -> clip space (OpenGL convention, NDC in [-1, 1]^3). */
  projectionMatrix: number[];
}

/**
 * Places the camera for `points` (model frame; normally every drawn atom of the full
 * complex): looking down the model's -z axis at the centre of their bounding box, at the
 * distance where the box's projection meets the window edges less `pad` on each side.
 */
export function frameCamera(points: readonly Vec3[], options: CameraOptions = {}): Camera {
  const o = { ...CAMERA_DEFAULTS, ...options };
  if (!(o.width > 0 && o.height > 0)) throw new Error(`bad image size ${o.width} x ${o.height}`);
  if (!(o.fovDeg > 0 && o.fovDeg < 180)) throw new Error(`bad field of view ${o.fovDeg}`);
  if (!(o.pad >= 0 && o.pad < 0.5)) throw new Error(`bad pad ${o.pad}`);
  const box = boundingBox(points);
  const centre = boxCentre(box);
  const half: Vec3 = [0, 1, 2].map((i) => Math.max((box.max[i] - box.min[i]) / 2, 0.5)) as Vec3;
  const aspect = o.width / o.height;
  const tanH = Math.tan((o.fovDeg * Math.PI) / 360);
  const tanV = tanH / aspect;
  const usable = 1 - 2 * o.pad;
  // The nearest face of the box (z = +half[2]) projects widest under perspective.
  const distance = half[2] + Math.max(half[0] / (usable * tanH), half[1] / (usable * tanV));
  const halfWidth = Math.max(half[0], half[1] * aspect) / usable;
  const radius = Math.hypot(half[0], half[1], half[2]);
  const near = NEAR_PLANE;
  const far = distance + 4 * radius + 200;
  const view = translation([-centre[0], -centre[1], -centre[2] - distance]);
  const proj = new Float64Array(16);
  if (o.projection === 'perspective') {
    mat4.perspective(proj, 2 * Math.atan(tanV), aspect, near, far);
  } else {
    const halfHeight = halfWidth / aspect;
    mat4.ortho(proj, -halfWidth, halfWidth, -halfHeight, halfHeight, near, far);
  }
  return {
    projection: o.projection,
    fovDeg: o.fovDeg,
    width: o.width,
    height: o.height,
    pad: o.pad,
    distance,
    halfWidth,
    near,
    far,
    view: Array.from(view),
    projectionMatrix: Array.from(proj),
  };
}

/**
 * The same camera drawing `width` x `height` pixels: the framing (view, projection) depends
 * on the aspect only, so at an equal aspect it is `frameCamera`'s camera at that size.
 */
export function resizeCamera(camera: Camera, width: number, height: number): Camera {
  if (!(width > 0 && height > 0)) throw new Error(`bad image size ${width} x ${height}`);
  if (Math.abs(width * camera.height - height * camera.width) > 1e-9 * width * camera.height) {
    throw new Error(`resizeCamera keeps the aspect: ${camera.width} x ${camera.height} cannot become ${width} x ${height}`);
  }
  return width === camera.width && height === camera.height ? camera : { ...camera, width, height };
}

export interface ScreenPoint {
  /** Pixels from the left edge. */
  x: number;
  /** Pixels from the top edge. */
  y: number;
  /** Distance in front of the camera along the view direction (-z in the eye frame), angstrom. */
  depth: number;
  /** True when the point lies between the clipping planes and inside the image. */
  visible: boolean;
  /** True when the point lies between the clipping planes (in front of the camera). */
  inClip: boolean;
}

/** Projects a point of the eye frame to pixels. */
export function projectEye(camera: Camera, eye: Vec3): ScreenPoint {
  const p = camera.projectionMatrix;
  const cx = p[0] * eye[0] + p[4] * eye[1] + p[8] * eye[2] + p[12];
  const cy = p[1] * eye[0] + p[5] * eye[1] + p[9] * eye[2] + p[13];
  const cz = p[2] * eye[0] + p[6] * eye[1] + p[10] * eye[2] + p[14];
  const cw = p[3] * eye[0] + p[7] * eye[1] + p[11] * eye[2] + p[15];
  const x = ((cx / cw + 1) / 2) * camera.width;
  const y = ((1 - cy / cw) / 2) * camera.height;
  const depth = -eye[2];
  const inClip = cw > 0 && Math.abs(cz / cw) <= 1;
  const visible = inClip && x >= 0 && x <= camera.width && y >= 0 && y <= camera.height;
  return { x, y, depth, visible, inClip };
}

/** Projects a point of the model frame (no transform) to pixels. */
export function projectModel(camera: Camera, p: Vec3): ScreenPoint {
  return projectEye(camera, transformPoint(camera.view, p));
}
