// The parts of 3Dmol.js (the page's global $3Dmol) the page calls or patches, typed for the
// page's type check. 3Dmol's own types leave out the renderer's internals that the page
// replaces (its framebuffer, viewport and shader building), so they are declared here as
// the page uses them (3Dmol 2.5; viewer-patches.js and edge-shaders.js fail loudly, or
// draw wrong pixels that the tests catch, if a later 3Dmol changes them). Types only.

export interface Matrix4 {
  elements: Float32Array;
  identity(): Matrix4;
  getInverse(m: Matrix4): Matrix4;
}

export interface Group3D {
  matrix: Matrix4;
  matrixAutoUpdate: boolean;
  matrixWorldNeedsUpdate: boolean;
}

/** A compiled program as 3Dmol keeps it (usedTimes: how many materials use it). */
export interface ProgramInfo {
  usedTimes: number;
  /** Set by the page once it holds a use of its own (pinPrograms). */
  misiPinned?: boolean;
}

export interface Renderer3D {
  getContext(): WebGL2RenderingContext;
  getCanvas(): HTMLCanvasElement;
  /** 3Dmol's copy of the frame for a canvas it paints (null: none). */
  _bitmap: unknown;
  /** The framebuffer 3Dmol draws into under WebGL2 (null: whatever is bound). */
  _fb: unknown;
  _canvas: HTMLCanvasElement;
  /** The shared offscreen canvas 3Dmol sizes before each frame. */
  _offscreen: OffscreenCanvas | HTMLCanvasElement | null;
  _viewportWidth: number;
  _viewportHeight: number;
  _programs?: ProgramInfo[];
  initFrameBuffer(this: Renderer3D): void;
  setViewport(this: Renderer3D): void;
  buildProgram(this: Renderer3D, fragmentShader: string, vertexShader: string, ...rest: unknown[]): unknown;
  getShader(this: Renderer3D, type: string, source: string): WebGLShader | null;
}

export interface AtomSpec {
  elem: string;
  x: number;
  y: number;
  z: number;
  bonds: number[];
  bondOrder: number[];
  index: number;
  serial: number;
  color: number;
}

export interface Model3D {
  addAtoms(atoms: AtomSpec[]): void;
  setStyle(selection: { index?: number[] }, style: { stick?: { radius: number }; sphere?: { radius: number } }): void;
}

export interface Viewer3D {
  camera: {
    projectionMatrix: Matrix4;
    projectionMatrixInverse: Matrix4;
    updateProjectionMatrix(this: Viewer3D['camera']): void;
  };
  scene: { fog: { near: number; far: number } };
  rotationGroup: Group3D;
  modelGroup: Group3D;
  setSlabAndFog(this: Viewer3D): void;
  getRenderer(): Renderer3D;
  removeAllModels(): void;
  resize(): void;
  setBackgroundColor(colour: number, alpha: number): void;
  addModel(): Model3D;
  render(): void;
}

export interface ViewerOptions {
  backgroundColor: string;
  antialias: boolean;
  upscale: boolean;
  disableFog: boolean;
  nomouse: boolean;
}

export interface ThreeDmol {
  createViewer(element: HTMLElement, options: ViewerOptions): Viewer3D;
  elementColors: { Jmol: Record<string, number> };
}
