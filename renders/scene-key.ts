// Content keys: the same scene gets the same name everywhere. A key hashes the complex's
// source-file hashes and ligand identity, the subset, style, camera, transforms, view,
// image size and format, and the renderer version.
import { createHash } from 'node:crypto';
import { createRequire } from 'node:module';
import { formatCommands } from './commands.ts';
import { loadIdentity } from './page-payload.ts';
import type { ImageFormat, SceneSpec } from './scene-spec.ts';

// Found by Node's module resolution, wherever npm put the dependency (a clone's node_modules,
// a project's hoisted one, a global install).
const THREEDMOL_VERSION: string = createRequire(import.meta.url)('3dmol/package.json').version;

/** Bump when a change to the renderer changes its pixels or annotations. */
// 2: labels drawn over the WebGL frame in a 2D canvas; PNG rows deflated at level 3.
// 3: drawn into a framebuffer of ours and box-filtered in the page; labels as sprites;
//    the projection (and a lone ligand's motion) given per shot.
// 4: labels laid out in Node (renders/label-layout.ts; default `avoid`: collision-free spots
//    with leaders, 2 px padding, 70 % black boxes), glyphs placed from the font's own advances;
//    annotations record every label's box.
// 5: antialiasing by outline coverage at image size by default (style.antialias; 2 x 2
//    supersampling, renderer 3's method, is still there as 'supersample').
// 6: 'edge' antialiasing by default (one geometry pass at image size, each outline pixel
//    blended with its neighbour across the outline after read-back); the other methods'
//    pixels are byte for byte renderer 5's.
// 7: PNG rows deflated with zlib memory level 9 (same pixels, other bytes, ~15 % less
//    deflate time); pixels leave the page over a WebSocket (image-channel.ts), same pixels;
//    the edge pass's outline arithmetic per shape in the vertex shaders (edge pixels differ
//    in the last bits; quality figures unchanged to the 4th decimal).
// 8: 'edge' draws no second colour attachment: the colour a shape spills across its outline
//    is extrapolated in the page from two of its pixels (edge images differ; other methods'
//    pixels are renderer 7's). Still 8 after the page became typed modules and 'coverage'
//    was removed: no image of the remaining methods changed (generate --limit 12, diff -r).
// 9: residue labels name the chain where the complex's pocket holds more than one
//    (renders/label-text.ts: "ASP 25.B"); single-chain pockets draw what renderer 8 drew.
// 10: the label layout's crowded labels pile onto labels already lost instead of spoiling
//    readable ones, and an image with one residue label places it first
//    (renders/label-layout.ts); images with no crowded label and more than one residue
//    label draw what renderer 9 drew.
// 11: two label layouts that keep labels off the molecule (renders/label-layout.ts,
//    renders/clearance-grid.ts): `clear` (a label with no spot clear of labels and molecule is
//    left out; annotations count them) and `prefer-clear` (every label kept, moved off the
//    molecule where a spot allows), the defaults of generate and render by task
//    (TaskModule.labelLayout). `avoid` and `anchored` draw what renderer 10 drew.
// Not a renderer version: the PNG encoder's settings (--png-compression, renders/png-encode.ts)
// change the files' bytes and never a pixel, and are part of the run's options instead
// (datasets before them: renderer 10's Sub rows at zlib 3); nor the annotation files' layout
// (--annotations; versions.annotationSchema), whose every layout holds the same numbers.
export const RENDERER_VERSION = `misi-render-11+3dmol-${THREEDMOL_VERSION}`;

/** JSON with object keys sorted at every level, so equal values give equal text. */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

function sha256(text: string): string {
  return createHash('sha256').update(text).digest('hex');
}

/** The key of what a page loads (see loadIdentity): scenes with equal load keys share one load. */
// Keys are memoized per spec object: the render stage, the records and the renderer each ask
// for the same spec's key (a canonical JSON text plus two sha256, ~0.1 ms). A spec is never
// changed once made (the planners build new objects), so its key cannot go stale.
const loadKeys = new WeakMap<SceneSpec, string>();
const sceneKeys = new WeakMap<SceneSpec, Map<string, string>>();

export function loadKey(spec: SceneSpec): string {
  let key = loadKeys.get(spec);
  if (key === undefined) {
    key = computeLoadKey(spec);
    loadKeys.set(spec, key);
  }
  return key;
}

function computeLoadKey(spec: SceneSpec): string {
  const c = spec.complex;
  return sha256(
    canonicalJson({
      renderer: RENDERER_VERSION,
      sources: c.sources.map((s) => s.sha256).sort(),
      complex: c.id,
      ligand: [c.ligand.name, c.ligand.chain, c.ligand.number, c.ligand.insertionCode],
      load: loadIdentity(spec),
    }),
  );
}

/** The key of one image: a 64-digit hex sha256. `quality` (0-1) counts for WebP/JPEG only. */
export function sceneKey(spec: SceneSpec, format: ImageFormat = 'png', quality?: number): string {
  // Quality counts for WebP/JPEG only, as in the key itself.
  const variant = format === 'png' ? 'png' : `${format}:${quality}`;
  let keys = sceneKeys.get(spec);
  if (!keys) {
    keys = new Map();
    sceneKeys.set(spec, keys);
  }
  let key = keys.get(variant);
  if (key === undefined) {
    key = computeSceneKey(spec, format, quality);
    keys.set(variant, key);
  }
  return key;
}

function computeSceneKey(spec: SceneSpec, format: ImageFormat, quality: number | undefined): string {
  return sha256(
    canonicalJson({
      load: loadKey(spec),
      camera: spec.camera,
      ligandTransform: formatCommands(spec.ligandTransform),
      transform: formatCommands(spec.transform),
      view: spec.view,
      turnCentre: spec.turnCentre === 'shown' ? 'shown' : undefined,
      format,
      quality: format === 'png' ? undefined : quality,
    }),
  );
}

/** The file name of an image: its key (first 32 hex digits) and format. */
export function imageFileName(spec: SceneSpec, format: ImageFormat = 'png', quality?: number): string {
  return `${sceneKey(spec, format, quality).slice(0, 32)}.${format === 'jpeg' ? 'jpg' : format}`;
}
