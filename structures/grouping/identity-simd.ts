// identityCount (identity-kernel.ts) for one query against up to eight subjects at once:
// identity-simd.wat runs the same recurrence in eight 16-bit lanes of WebAssembly SIMD.
// Every lane makes the scalar kernel's choices (same comparisons, same order, same ties),
// so its score and identity count are those of identityCount, which
// test/structures/grouping/identity-simd.test.ts checks pair by pair on real and synthetic chains. A
// pair whose shorter chain is too long for 16-bit scores (over 2,909 residues), or a Node
// without WebAssembly SIMD, goes to identityCount itself.
//
// bounds() gives, for up to sixteen subjects at once and in about a fifth of align()'s time
// per pair, an upper bound on those identity counts (tight16 in the .wat: (M - S) / c, with
// S the best local score and M the best local score with a bonus c added to every
// identical pair), so that a pair whose bound is below the threshold need not be aligned.
//
// Memory of the module (bytes): 0-1023 the score table (32 bytes per query letter: its
// BLOSUM62 score against codes 0..31 as signed bytes; code 31 pads a subject that is
// shorter than the longest of its batch, and scores -4 against everything); 1024-1055 the
// results (align8: 8 scores, then 8 identity counts, i16; tight16: 16 S, then 16 M, u8);
// 2048-3071 the table again as unsigned bytes, score + 4; from 4096 the query, then the
// subjects as columns of 8 (align8) or 16 (tight16) codes, then the rolling row (64 bytes
// per column).
import { readFileSync } from 'node:fs';
import { BLOSUM62, BLOSUM62_ALPHABET } from './blosum62.ts';
import { identityCount, lastAlignment } from './identity-kernel.ts';

export const LANES = 8;
/** Subjects bounded at once by bounds(). */
export const BOUND_LANES = 16;
const SIZE = BLOSUM62_ALPHABET.length;
const PAD = 31;
const PAD_SCORE = -4;
/** 11 (BLOSUM62's largest score) x this stays below 32,767. */
const MAX_SHORTER = Math.floor(32_000 / 11);
const RESULT = 1024;
const QUERY = 4096;
const BIASED_TABLE = 2048;
/** tight16 adds scores + BIAS to unsigned bytes; a lane whose M reaches 255 - BIAS may have been cut. */
const BIAS = 4;
const CUT = 255 - BIAS;
/** bounds() for a lane it cannot bound (no SIMD, an empty chain, or M reaching 251 in a byte). */
export const NO_BOUND = 2 ** 30;
const PAGE = 65_536;

type Kernel = (a: number, n: number, cols: number, m: number, row: number, open: number, extend: number, bonus?: number) => void;

let compiled: WebAssembly.Module | null | undefined;
function wasmModule(): WebAssembly.Module | null {
  if (compiled === undefined) {
    const bytes = readFileSync(new URL('./identity-simd.wasm', import.meta.url));
    compiled = WebAssembly.validate(bytes) ? new WebAssembly.Module(bytes) : null;
  }
  return compiled;
}

/** Whether this Node runs the eight-lane kernel (otherwise BatchAligner uses identityCount). */
export const simdAvailable = (): boolean => wasmModule() !== null;

const align16 = (x: number) => (x + 15) & ~15;

/** One query against batches of up to eight subjects (sixteen for bounds()); reuse it (it keeps its memory). */
export class BatchAligner {
  private readonly memory: WebAssembly.Memory | null = null;
  private readonly align8: Kernel | null = null;
  private readonly tight16: Kernel | null = null;
  private query: Uint8Array = new Uint8Array(0);
  private bytes: Uint8Array = new Uint8Array(0);

  /**
   * gapOpen/gapExtend: identityCount's; bonus: the c of bounds() (a positive integer; the
   * smaller, the closer the bound: (M - S) / c does not grow as c shrinks, M being convex in c).
   */
  constructor(
    readonly gapOpen = 11,
    readonly gapExtend = 1,
    readonly bonus = 1,
    useSimd = true,
  ) {
    if (!(Number.isInteger(bonus) && bonus >= 1 && bonus <= 20)) throw new RangeError(`bonus ${bonus}: an integer from 1 to 20`);
    const module = useSimd ? wasmModule() : null;
    if (!module) return;
    const instance = new WebAssembly.Instance(module, {});
    this.memory = instance.exports.memory as WebAssembly.Memory;
    this.align8 = instance.exports.align8 as Kernel;
    this.tight16 = instance.exports.tight16 as Kernel;
    this.bytes = new Uint8Array(this.memory.buffer);
    const table = new Int8Array(this.memory.buffer, 0, 32 * 32);
    for (let r = 0; r < SIZE; r++) {
      for (let c = 0; c < 32; c++) table[r * 32 + c] = c < SIZE ? BLOSUM62[r * SIZE + c] : PAD_SCORE;
    }
    const biased = new Uint8Array(this.memory.buffer, BIASED_TABLE, 32 * 32);
    for (let k = 0; k < 32 * 32; k++) biased[k] = table[k] + BIAS;
  }

  /** The chain every following align() call compares with (codes of encodeSequence). */
  setQuery(a: Uint8Array): void {
    this.query = a;
    if (!this.memory) return;
    this.reserve(QUERY + a.length);
    this.bytes.set(a, QUERY);
  }

  /**
   * Aligns the query with each subject (at most eight), writing identityCount's result for
   * subject k to counts[k] (and the best score to scores[k], when given).
   */
  align(subjects: readonly Uint8Array[], counts: Int32Array, scores?: Int32Array): void {
    this.alignLanes(subjects, false, counts, scores);
  }

  /**
   * The other way round: each of `queries` (at most eight) aligned with the query as its
   * subject, counts[k] = identityCount(queries[k], query) (scores[k] its best score). The
   * identity of an alignment can depend on which sequence is the query (equal-scoring paths),
   * so callers that fix the order of a pair use this where the pair's first sequence varies.
   */
  alignReversed(queries: readonly Uint8Array[], counts: Int32Array, scores?: Int32Array): void {
    this.alignLanes(queries, true, counts, scores);
  }

  /** Eight lanes of align8: the query against each lane's chain, or (reversed) each lane's chain against the query. */
  private alignLanes(lanes: readonly Uint8Array[], reversed: boolean, counts: Int32Array, scores?: Int32Array): void {
    if (lanes.length > LANES) throw new RangeError(`align: ${lanes.length} chains, at most ${LANES}`);
    const a = this.query;
    const n = a.length;
    const fits = (b: Uint8Array) => b.length > 0 && Math.min(n, b.length) <= MAX_SHORTER;
    let m = 0;
    for (const b of lanes) if (fits(b)) m = Math.max(m, b.length);
    if (this.align8 && n > 0 && m > 0) {
      // Lane codes after the query (m columns, or m rows when reversed); the query's own bytes are the other side.
      const lane = align16(QUERY + n);
      const [rows, columns] = reversed ? [m, n] : [n, m];
      const row = align16(lane + m * LANES);
      this.reserve(row + columns * 64);
      this.fillColumns(lanes, lane, m, fits);
      this.align8(reversed ? lane : QUERY, rows, reversed ? QUERY : lane, columns, row, this.gapOpen, this.gapExtend, reversed ? 1 : 0);
    }
    const out = this.align8 ? new Int16Array(this.memory!.buffer, RESULT, 2 * LANES) : null;
    lanes.forEach((b, k) => {
      if (!out || n === 0 || !fits(b)) {
        counts[k] = reversed ? identityCount(b, a, this.gapOpen, this.gapExtend) : identityCount(a, b, this.gapOpen, this.gapExtend);
        if (scores) scores[k] = lastAlignment.score;
      } else {
        counts[k] = out[LANES + k];
        if (scores) scores[k] = out[k];
      }
    });
  }

  /**
   * An upper bound on identityCount(query, subject k) in out[k], for at most sixteen
   * subjects (NO_BOUND where none is computed: no SIMD, an empty chain, or a lane whose M
   * reaches 251, which bytes cannot hold; such pairs are mostly related ones, aligned anyway).
   */
  bounds(subjects: readonly Uint8Array[], out: Int32Array): void {
    if (subjects.length > BOUND_LANES) throw new RangeError(`bounds: ${subjects.length} subjects, at most ${BOUND_LANES}`);
    const n = this.query.length;
    let m = 0;
    for (const b of subjects) m = Math.max(m, b.length);
    if (!this.tight16 || m === 0 || n === 0) {
      out.fill(NO_BOUND, 0, subjects.length);
      return;
    }
    const cols = align16(QUERY + n);
    const row = align16(cols + m * BOUND_LANES);
    this.reserve(row + m * 64);
    this.fillColumns(subjects, cols, m, () => true, BOUND_LANES);
    this.tight16(QUERY, n, cols, m, row, this.gapOpen, this.gapExtend, this.bonus);
    const r = new Uint8Array(this.memory!.buffer, RESULT, 2 * BOUND_LANES);
    subjects.forEach((b, k) => {
      const s = r[k],
        best = r[BOUND_LANES + k];
      out[k] = b.length === 0 || best >= CUT ? NO_BOUND : Math.floor((best - s) / this.bonus);
    });
  }

  /** The chains (those `use` accepts) as m columns (rows, for align8 reversed) of `lanes` codes at `cols`, padded. */
  private fillColumns(subjects: readonly Uint8Array[], cols: number, m: number, use: (b: Uint8Array) => boolean, lanes = LANES): void {
    const bytes = this.bytes;
    bytes.fill(PAD, cols, cols + m * lanes);
    subjects.forEach((b, k) => {
      if (!use(b)) return;
      for (let j = 0; j < b.length; j++) bytes[cols + j * lanes + k] = b[j];
    });
  }

  private reserve(end: number): void {
    const memory = this.memory!;
    if (end <= memory.buffer.byteLength) return;
    memory.grow(Math.ceil((end - memory.buffer.byteLength) / PAGE));
    this.bytes = new Uint8Array(memory.buffer);
  }
}
