// PNG encoding of 8-bit RGB pixels in Node (zlib), deterministic for one zlib build, in one
// of two settings (`PngCompression`; the pixels decode the same in both, tested):
//
//   fast   rows unfiltered (PNG filter type 0), zlib level 4: our images are flat colours,
//          label boxes and sticks whose shading repeats, which deflate finds as repeats of
//          whole pixels; a filter turns them into differences that no longer repeat. On 225
//          images of the 299-complex run: 13.0 % smaller than renderer 10's Sub-filtered
//          rows at level 3 (87.5 against 100.6 KiB) for 1.7 ms more CPU an image (3.6 against
//          1.9 ms, the unfiltering pass included; level 3 unfiltered: 8.7 % smaller, 2.9 ms).
//   small  for archives: the rows unfiltered, with Paeth, and with a filter chosen per row
//          (least sum of absolute differences), each at level 9; the smallest kept. About
//          15 % smaller than renderer 10's for about 100 ms of CPU an image (docs/benchmarks.md).
//
// A zlib level given as a number instead keeps the rows of renderer 10 and before: filter
// type 1 (Sub) on every row.
import * as zlib from 'node:zlib';

/** How hard the PNG encoder works (see above); decoded pixels are the same in every setting. */
export type PngCompression = 'fast' | 'small';
export const PNG_COMPRESSIONS: readonly PngCompression[] = ['fast', 'small'];
export const DEFAULT_PNG_COMPRESSION: PngCompression = 'fast';

/** zlib level of `fast`: at level 4 nearly level 6's size (within 0.6 %) at 10 % less time. */
const FAST_LEVEL = 4;
/** zlib level of `small`. */
const SMALL_LEVEL = 9;
/** zlib level of Sub-filtered rows when a level is given as a number without one (renderer 10's default). */
export const DEFAULT_PNG_LEVEL = 3;
/**
 * zlib's memory level (its hash table size), 9 rather than zlib's 8: ~15 % less deflate
 * time at level 3 and files 0.07 % smaller, on 200 images of a generated dataset (renderer
 * 7; the bytes differ from level 8's). Every setting uses it.
 */
const MEM_LEVEL = 9;

const CRC_TABLE = (() => {
  const t = new Uint32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    t[n] = c >>> 0;
  }
  return t;
})();

/** zlib's own CRC-32 (Node >= 20.15), else the table below. */
const nativeCrc32 = (zlib as { crc32?: (data: Uint8Array) => number }).crc32;

function crc32(buf: Uint8Array): number {
  if (nativeCrc32) return nativeCrc32(buf) >>> 0;
  let c = 0xffffffff;
  for (let i = 0; i < buf.length; i++) c = CRC_TABLE[(c ^ buf[i]) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

/** Writes the chunk `type` holding `data` (its pieces in order) into `out` at `at`; returns the offset after it. */
function writeChunk(out: Buffer, at: number, type: string, data: readonly Uint8Array[]): number {
  let length = 0;
  for (const piece of data) {
    out.set(piece, at + 8 + length);
    length += piece.length;
  }
  out.writeUInt32BE(length, at);
  out.write(type, at + 4, 'latin1');
  out.writeUInt32BE(crc32(out.subarray(at + 4, at + 8 + length)), at + 8 + length);
  return at + 12 + length;
}

/** The filtered scanlines PNG compresses: per row the filter byte 1, then Sub differences. */
function scanlines(rgb: Uint8Array, width: number, height: number): Uint8Array {
  if (rgb.length !== width * height * 3) throw new Error(`encodePng: ${rgb.length} bytes for ${width} x ${height}`);
  const stride = width * 3;
  const raw = new Uint8Array((stride + 1) * height);
  for (let y = 0; y < height; y++) {
    const r = y * stride;
    let o = y * (stride + 1);
    raw[o++] = 1;
    raw[o++] = rgb[r];
    raw[o++] = rgb[r + 1];
    raw[o++] = rgb[r + 2];
    for (let x = 3; x < stride; x++) raw[o++] = (rgb[r + x] - rgb[r + x - 3]) & 0xff;
  }
  return raw;
}

const SIGNATURE = Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/**
 * The PNG file around the compressed rows (one piece or several, in order): one buffer,
 * written in place (no copies to join).
 */
function wrap(idat: Uint8Array | readonly Uint8Array[], width: number, height: number): Buffer {
  const pieces = idat instanceof Uint8Array ? [idat] : idat;
  let idatLength = 0;
  for (const p of pieces) idatLength += p.length;
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 2; // colour type RGB
  const out = Buffer.allocUnsafe(SIGNATURE.length + (12 + ihdr.length) + (12 + idatLength) + 12);
  out.set(SIGNATURE, 0);
  let at = writeChunk(out, SIGNATURE.length, 'IHDR', [ihdr]);
  at = writeChunk(out, at, 'IDAT', pieces);
  writeChunk(out, at, 'IEND', []);
  return out;
}

/** Turns Sub-filtered scanlines (as `scanlines` and pixelRunsToScanlines make them) into unfiltered ones, in place. */
export function unfilterSub(raw: Uint8Array, width: number, height: number): Uint8Array {
  const stride = width * 3 + 1;
  for (let y = 0; y < height; y++) {
    const o = y * stride;
    if (raw[o] !== 1) throw new Error(`encodePng: row ${y} has filter ${raw[o]}, not Sub`);
    raw[o] = 0;
    // The three channels' running sums in locals (a third less time than reading back each sum).
    let r = raw[o + 1],
      g = raw[o + 2],
      b = raw[o + 3];
    for (let x = o + 4, end = o + stride; x < end; x += 3) {
      r = (r + raw[x]) & 0xff;
      g = (g + raw[x + 1]) & 0xff;
      b = (b + raw[x + 2]) & 0xff;
      raw[x] = r;
      raw[x + 1] = g;
      raw[x + 2] = b;
    }
  }
  return raw;
}

/** Unfiltered rows refiltered: Paeth (type 4) on every row, or per row the filter of least sum of absolute differences. */
function refilter(plain: Uint8Array, width: number, height: number, mode: 'paeth' | 'adaptive'): Uint8Array {
  const stride = width * 3;
  const out = new Uint8Array((stride + 1) * height);
  const candidates = [0, 1, 2, 3, 4].map(() => new Uint8Array(stride));
  for (let y = 0; y < height; y++) {
    const r = y * (stride + 1) + 1;
    const p = r - (stride + 1);
    for (let x = 0; x < stride; x++) {
      const v = plain[r + x];
      const a = x >= 3 ? plain[r + x - 3] : 0;
      const b = y > 0 ? plain[p + x] : 0;
      const c = x >= 3 && y > 0 ? plain[p + x - 3] : 0;
      const e = a + b - c,
        pa = Math.abs(e - a),
        pb = Math.abs(e - b),
        pc = Math.abs(e - c);
      candidates[4][x] = (v - (pa <= pb && pa <= pc ? a : pb <= pc ? b : c)) & 0xff;
      if (mode === 'adaptive') {
        candidates[0][x] = v;
        candidates[1][x] = (v - a) & 0xff;
        candidates[2][x] = (v - b) & 0xff;
        candidates[3][x] = (v - ((a + b) >> 1)) & 0xff;
      }
    }
    let best = 4;
    if (mode === 'adaptive') {
      let least = Infinity;
      for (let f = 0; f < 5; f++) {
        let sum = 0;
        const row = candidates[f];
        for (let x = 0; x < stride; x++) sum += row[x] < 128 ? row[x] : 256 - row[x];
        if (sum < least) {
          least = sum;
          best = f;
        }
      }
    }
    out[r - 1] = best;
    out.set(candidates[best], r);
  }
  return out;
}

/** The `small` candidates: unfiltered rows, then Paeth, then per-row choice (ties keep the first). */
function smallCandidates(plain: Uint8Array, width: number, height: number): Uint8Array[] {
  return [plain, refilter(plain, width, height, 'paeth'), refilter(plain, width, height, 'adaptive')];
}

const byteLength = (pieces: Uint8Array | readonly Uint8Array[]) =>
  pieces instanceof Uint8Array ? pieces.length : pieces.reduce((n, p) => n + p.length, 0);

/**
 * Encodes `rgb` (width * height * 3 bytes, top row first) as a PNG: in a setting (default
 * `fast`), or Sub-filtered rows at a zlib level given as a number.
 */
export function encodePng(
  rgb: Uint8Array,
  width: number,
  height: number,
  compression: PngCompression | number = DEFAULT_PNG_COMPRESSION,
): Buffer {
  const raw = scanlines(rgb, width, height);
  if (typeof compression === 'number') return wrap(zlib.deflateSync(raw, { level: compression, memLevel: MEM_LEVEL }), width, height);
  const plain = unfilterSub(raw, width, height);
  if (compression === 'fast') return wrap(zlib.deflateSync(plain, { level: FAST_LEVEL, memLevel: MEM_LEVEL }), width, height);
  const deflated = smallCandidates(plain, width, height).map((c) => zlib.deflateSync(c, { level: SMALL_LEVEL, memLevel: MEM_LEVEL }));
  return wrap(
    deflated.reduce((best, d) => (d.length < best.length ? d : best)),
    width,
    height,
  );
}

/**
 * Output buffer of a deflate engine: the compressed rows of several images in turn (~100 kB
 * each), a new one only once it is full.
 */
const ENGINE_CHUNK_BYTES = 512 * 1024;
/** Idle engines kept per level (as many as images deflate at once, at most). */
const MAX_IDLE_ENGINES = 8;

/**
 * A zlib deflate stream used for one image after another: each write finishes its stream
 * (flush Z_FINISH, as a one-shot zlib.deflate does) and the engine is reset for the next.
 * A new engine per image cost ~0.4 MB of zlib's state and an output buffer per image,
 * memory outside V8's heap that V8 counts towards its next collection (in `generate`, most
 * full collections were started by it). The bytes are those of zlib.deflate (tested).
 */
class DeflateEngine {
  private readonly stream: zlib.Deflate;
  private pieces: Buffer[] = [];

  constructor(level: number) {
    this.stream = zlib.createDeflate({ level, memLevel: MEM_LEVEL, chunkSize: ENGINE_CHUNK_BYTES, flush: zlib.constants.Z_FINISH });
    this.stream.on('data', (piece: Buffer) => this.pieces.push(piece));
  }

  /** The zlib stream of `raw`, in pieces (slices of the engine's output buffers). */
  deflate(raw: Uint8Array): Promise<Buffer[]> {
    return new Promise((resolve, reject) => {
      const failed = (e: Error) => reject(e);
      this.stream.once('error', failed);
      this.stream.write(raw, (e) => {
        this.stream.off('error', failed);
        if (e) return reject(e);
        const pieces = this.pieces;
        this.pieces = [];
        this.stream.reset();
        resolve(pieces);
      });
    });
  }

  close(): void {
    this.stream.destroy();
  }
}

const idleEngines = new Map<number, DeflateEngine[]>();

/**
 * A PNG from Sub-filtered rows (see pixelRunsToScanlines; `fast` and `small` unfilter `raw`
 * in place), compressed on libuv's thread pool, off the event loop, by engines reused from
 * image to image; same bytes as encodePng in the same setting.
 */
export async function encodeScanlinesAsync(
  raw: Uint8Array,
  width: number,
  height: number,
  compression: PngCompression | number = DEFAULT_PNG_COMPRESSION,
): Promise<Buffer> {
  if (raw.length !== (width * 3 + 1) * height) throw new Error(`encodePng: ${raw.length} scanline bytes for ${width} x ${height}`);
  if (typeof compression === 'number') return wrap(await deflateWithEngine(raw, compression), width, height);
  const plain = unfilterSub(raw, width, height);
  if (compression === 'fast') return wrap(await deflateWithEngine(plain, FAST_LEVEL), width, height);
  // One candidate after another (each on the pool): three at once would hold three engines' output per image.
  let best: Buffer[] | null = null;
  for (const candidate of smallCandidates(plain, width, height)) {
    const d = await deflateWithEngine(candidate, SMALL_LEVEL);
    if (best === null || byteLength(d) < byteLength(best)) best = d; // slices of output buffers an engine never writes again
  }
  return wrap(best!, width, height);
}

async function deflateWithEngine(raw: Uint8Array, level: number): Promise<Buffer[]> {
  let idle = idleEngines.get(level);
  if (!idle) idleEngines.set(level, (idle = []));
  const engine = idle.pop() ?? new DeflateEngine(level);
  let pieces: Buffer[];
  try {
    pieces = await engine.deflate(raw);
  } catch (e) {
    engine.close(); // an engine that failed is not used again
    throw e;
  }
  if (idle.length < MAX_IDLE_ENGINES) idle.push(engine);
  else engine.close();
  return pieces;
}
