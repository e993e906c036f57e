// The page's API: what Node sends to the headless page and what it gets back. Node builds
// these (renders/page-payload.ts, renders/warm-up.ts) and calls the page through them
// (renders/scene-page.ts); the page's modules (this folder) are checked against them by the
// page's type check (renders/page/tsconfig.json). Types only. Pixels are in CSS pixels of
// the image, x right and y down from the top-left corner; matrices are column-major.
import type { AntialiasMethod } from '../antialias-methods.ts';

export interface PageAtom {
  elem: string;
  /** Model frame (of the loaded coordinates), angstrom. */
  x: number;
  y: number;
  z: number;
  /** '#RRGGBB', or null for 3Dmol's (Jmol) colour of the element. */
  color: string | null;
  /** Indices of the bonded atoms, and the order of each bond (drawn as single sticks). */
  bonds: number[];
  bondOrder: number[];
}

/** How label boxes and their text look (the part of the style's labels the page draws). */
export interface PageLabelStyle {
  fontSize: number;
  fontColor: string;
  backgroundColor: string;
  backgroundOpacity: number;
  padding: number;
  lineHeight: number;
}

/** A label: its text, box size (whole pixels) and where each character starts (pixels from the text's start). */
export interface PageLabel {
  text: string;
  w: number;
  h: number;
  offsets: number[];
}

export interface PageScene {
  width: number;
  height: number;
  antialias: AntialiasMethod;
  background: string;
  representation: 'stick' | 'sphere';
  /** Angstrom. */
  stickRadius: number;
  sphereRadius: number;
  atoms: PageAtom[];
  labels: PageLabel[];
  label: PageLabelStyle;
}

/**
 * The labels to draw, in drawing order, 5 numbers each: label index, box left, box top
 * (whole pixels), then the leader's anchor x and y, or -1, -1 for no leader.
 */
export type PlacedLabels = number[];

/**
 * One shot of the loaded scene as the page takes it: the model -> eye matrix, the camera's
 * projection, and the placed labels (null: none drawn).
 */
export type ShotWire = [matrix: number[], projection: number[], labels: PlacedLabels | null];

/** An image as pixel runs (renders/pixel-runs.ts decodes them), base64. */
export interface RunsReply {
  width: number;
  height: number;
  runs: string;
}

export type PageImageFormat = 'webp' | 'jpeg';

/** An image file encoded by the page, base64. */
export interface EncodedReply {
  width: number;
  height: number;
  data: string;
}

/** window.misi: what Node calls in the page (page.evaluate). */
export interface ScenePageApi {
  /** Loads a scene, replacing the previous one. */
  load(scene: PageScene): Promise<boolean>;
  /** Draws one shot; the pixels come back in the reply. */
  shoot(shot: ShotWire): RunsReply;
  /**
   * Draws every shot of a JSON array of ShotWire and sends each image to the image socket
   * as a binary message (4-byte little-endian serial, then the runs); resolves to the byte
   * count of each image's runs.
   */
  shootBatchToSocket(shotsJson: string): Promise<number[]>;
  /** Opens the image socket (renders/image-channel.ts) at a ws:// URL. */
  connectImages(url: string): Promise<boolean>;
  closeImageSocket(): void;
  /** Draws one shot and encodes it with the browser's encoder; quality in [0, 1]. */
  shootEncoded(shot: ShotWire, format: PageImageFormat, quality: number): Promise<EncodedReply>;
  /** True once the bundled font is loaded and usable. */
  fontReady(): Promise<boolean>;
}

/** The page's window as Node's page.evaluate callbacks see it. */
export interface PageWindow {
  misi: ScenePageApi;
}
