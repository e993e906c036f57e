// PNG encoding of 8-bit RGB pixels in Node (zlib), deterministic for one zlib build.
// Rows use filter type 1 (Sub), which suits flat backgrounds and shaded sticks.
import * as zlib from 'node:zlib';

/** zlib level used unless told: nearly level 6's size (within ~4 %) at a third of its time. */
export const DEFAULT_PNG_LEVEL = 3;
/**
 * zlib's memory level (its hash table size), 9 rather than zlib's 8: ~15 % less deflate
 * time at level 3 and files 0.07 % smaller, on 200 images of a generated dataset (renderer
 * 7; the bytes differ from level 8's, so it is part of the renderer version).
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

/** Encodes `rgb` (width * height * 3 bytes, top row first) as a PNG. */
export function encodePng(rgb: Uint8Array, width: number, height: number, level = DEFAULT_PNG_LEVEL): Buffer {
  return wrap(zlib.deflateSync(scanlines(rgb, width, height), { level, memLevel: MEM_LEVEL }), width, height);
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
 * A PNG from rows already filtered as encodePng filters them (see pixelRunsToScanlines),
 * compressed on libuv's thread pool, off the event loop, by an engine reused from image to
 * image; same bytes as encodePng.
 */
export async function encodeScanlinesAsync(raw: Uint8Array, width: number, height: number, level = DEFAULT_PNG_LEVEL): Promise<Buffer> {
  if (raw.length !== (width * 3 + 1) * height) throw new Error(`encodePng: ${raw.length} scanline bytes for ${width} x ${height}`);
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
  return wrap(pieces, width, height);
}
