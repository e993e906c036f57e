// The chain pairs of one row of complex-identity.ts (one complex against others), on
// several threads at once: the calling thread and worker threads (linkage-worker.mjs)
// take chunks of the row's chain pairs from a shared counter, bound each pair and align it
// when its bound reaches the floor, and write each pair's result to its own slot in shared
// memory. A pair's result depends on the pair alone (identity-simd.ts: every lane is
// computed on its own), so the row is the same whoever computed which chunk, on any number
// of threads; the calling thread merges the pairs into the row, in a fixed order.
//
// The calling thread waits synchronously (Atomics.wait), so the split stays a plain
// function. It never depends on a worker: it takes chunks itself until none is left, then
// waits for the chunks workers hold; a chunk still not done after WAIT_MS (a worker that
// died) it computes itself, and it goes on alone with fresh buffers (a late worker writes
// only to the old ones). So a worker that fails to start or dies costs time, never a result.
import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import { BatchAligner, BOUND_LANES, LANES } from './identity-simd.ts';
import type { LinkageData } from './linkage-rows.ts';

/** Chain pairs per chunk (eight batches of the bound). */
export const CHUNK = 128;
/** How long the calling thread waits for a worker's chunk before computing it itself (a chunk is milliseconds of work). */
const WAIT_MS = 30_000;
/** Rows of one chunk run on the calling thread alone. */
const SMALL_ROW = CHUNK;
// Control words: generation (bumped per row, what idle workers wait on), the claim word
// (generation << 16 | next chunk), chunks and pairs of the current row, stop, error.
const GEN = 0,
  CLAIM = 1,
  CHUNKS = 2,
  PAIRS = 3,
  STOP = 4,
  ERROR = 5,
  CONTROL = 8;
/** Per thread: chain pairs bounded below the floor, alignments, their cells, cells bounded. */
export const STAT_FIELDS = 4;
const MAX_CHUNKS = 0xffff;
const ERROR_BYTES = 2000;

/** The shared arrays of a row's chain pairs, given to every worker at its start. */
export interface RowBuffers {
  control: Int32Array;
  /** floor[0]: a pair is aligned when its bound over the shorter chain reaches it. */
  floor: Float64Array;
  /** Per chain pair: the query's chain, the subject's chain. */
  query: Int32Array;
  subject: Int32Array;
  /** Per chain pair: its bound (an identity count, or identity-simd.ts's NO_BOUND), and its identity count when aligned, else -1. */
  bound: Int32Array;
  count: Int32Array;
  /** Per chunk: 0 free, 1 taken, 2 done. */
  state: Int32Array;
  /** STAT_FIELDS per thread (the calling thread first). */
  stats: Float64Array;
  error: Uint8Array;
}

const shared = (bytes: number) => new SharedArrayBuffer(Math.max(bytes, 8));

/** Buffers for rows of at most `pairs` chain pairs, on `threads` threads. */
export function rowBuffers(pairs: number, threads: number): RowBuffers {
  const chunks = Math.ceil(pairs / CHUNK);
  if (chunks > MAX_CHUNKS) throw new RangeError(`a row of ${pairs} chain pairs: at most ${MAX_CHUNKS * CHUNK}`);
  return {
    control: new Int32Array(shared(4 * CONTROL)),
    floor: new Float64Array(shared(8)),
    query: new Int32Array(shared(4 * pairs)),
    subject: new Int32Array(shared(4 * pairs)),
    bound: new Int32Array(shared(4 * pairs)),
    count: new Int32Array(shared(4 * pairs)),
    state: new Int32Array(shared(4 * chunks)),
    stats: new Float64Array(shared(8 * STAT_FIELDS * threads)),
    error: new Uint8Array(shared(ERROR_BYTES)),
  };
}

/** Computes chunks of a row: one per thread (it keeps an aligner and its memory). */
export class ChunkWorker {
  private readonly aligner: BatchAligner;
  private readonly bounds = new Int32Array(BOUND_LANES);
  private readonly counts = new Int32Array(LANES);

  constructor(
    private readonly d: LinkageData,
    private readonly b: RowBuffers,
    private readonly thread: number,
  ) {
    this.aligner = new BatchAligner(d.gapOpen, d.gapExtend);
  }

  private chain(c: number): Uint8Array {
    return this.d.residues.subarray(this.d.chainStart[c], this.d.chainStart[c + 1]);
  }

  /** Takes the next free chunk of the current row (compare-and-swap on the claim word); -1 when none is left. */
  claim(): number {
    const { control } = this.b;
    for (;;) {
      const word = Atomics.load(control, CLAIM);
      const next = word & 0xffff;
      if (next >= Atomics.load(control, CHUNKS)) return -1;
      if (Atomics.compareExchange(control, CLAIM, word, word + 1) === word) {
        Atomics.store(this.b.state, next, 1);
        return next;
      }
    }
  }

  /**
   * Bounds every chain pair of chunk c, aligns those whose bound reaches the floor, marks it
   * done. A pair is aligned with the chain of the complex first in order (the smaller index)
   * as the query, whichever complex the row is of, so its identity is that of the pair alone
   * (and the one the exact engine's clustering measures).
   */
  run(c: number): void {
    const { b, aligner, d } = this;
    const end = Math.min((c + 1) * CHUNK, Atomics.load(b.control, PAIRS));
    const floor = b.floor[0];
    const stats = this.thread * STAT_FIELDS;
    const waiting: number[] = [];
    // Pairs to align: the row's chain first (its complex first in order), or second.
    const toAlign: number[][] = [[], []];
    let query = -1,
      q: Uint8Array = new Uint8Array(0);
    const align = (reversed: number) => {
      const list = toAlign[reversed];
      if (!list.length) return;
      const chains = list.map((e) => this.chain(b.subject[e]));
      if (reversed) aligner.alignReversed(chains, this.counts);
      else aligner.align(chains, this.counts);
      chains.forEach((s, m) => {
        b.count[list[m]] = this.counts[m];
        b.stats[stats + 1]++;
        b.stats[stats + 2] += q.length * s.length;
      });
      list.length = 0;
    };
    const bound = () => {
      if (!waiting.length) return;
      const chains = waiting.map((e) => this.chain(b.subject[e]));
      aligner.bounds(chains, this.bounds);
      chains.forEach((s, m) => {
        const e = waiting[m];
        b.bound[e] = this.bounds[m];
        b.stats[stats + 3] += q.length * s.length;
        if (this.bounds[m] / Math.min(q.length, s.length) >= floor) {
          const reversed = d.chainItem[b.subject[e]] < d.chainItem[query] ? 1 : 0;
          toAlign[reversed].push(e);
          if (toAlign[reversed].length === LANES) align(reversed);
        } else {
          b.count[e] = -1;
          b.stats[stats]++;
        }
      });
      waiting.length = 0;
    };
    const flush = () => {
      bound();
      align(0);
      align(1);
    };
    for (let e = c * CHUNK; e < end; e++) {
      if (b.query[e] !== query) {
        flush();
        query = b.query[e];
        q = this.chain(query);
        aligner.setQuery(q);
      }
      waiting.push(e);
      if (waiting.length === BOUND_LANES) bound();
    }
    flush();
    Atomics.store(b.state, c, 2);
    Atomics.notify(b.state, c);
  }
}

/** A worker thread's loop: chunks of every row published, until stopped. */
export function serveRows(d: LinkageData, b: RowBuffers, thread: number): void {
  const worker = new ChunkWorker(d, b, thread);
  let seen = Atomics.load(b.control, GEN);
  for (;;) {
    if (Atomics.load(b.control, STOP)) return;
    try {
      for (let c = worker.claim(); c >= 0; c = worker.claim()) worker.run(c);
    } catch (e) {
      const text = new TextEncoder().encode(String((e as Error)?.stack ?? e)).subarray(0, ERROR_BYTES);
      b.error.set(text);
      Atomics.store(b.control, ERROR, text.length || 1);
      Atomics.notify(b.state, 0);
      return;
    }
    Atomics.wait(b.control, GEN, seen);
    seen = Atomics.load(b.control, GEN);
  }
}

export interface RowThreadOptions {
  /** Threads, the calling one included (default: one per core). */
  threads?: number;
}

/** The calling thread's side: publishes a row's chain pairs, works on them, waits for the workers. */
export class RowThreads {
  b: RowBuffers;
  threads: number;
  private own: ChunkWorker;
  private workers: Worker[] | null = null;
  private generation = 0;

  constructor(
    private readonly d: LinkageData,
    private readonly maxPairs: number,
    o: RowThreadOptions = {},
  ) {
    this.threads = Math.max(1, o.threads ?? availableParallelism());
    this.b = rowBuffers(maxPairs, this.threads);
    this.own = new ChunkWorker(d, this.b, 0);
  }

  /** Starts the workers (once, at the first large row). */
  private start(): void {
    this.workers = [];
    for (let t = 1; t < this.threads; t++) {
      const w = new Worker(new URL('./linkage-worker.mjs', import.meta.url), {
        workerData: { module: 'identity-rows', call: 'serveRows', args: [this.d, this.b, t] },
      });
      w.unref();
      // A worker that fails only costs time (see above); its error is kept for the message.
      w.on('error', () => {});
      this.workers.push(w);
    }
  }

  /**
   * Computes the chain pairs 0..pairs-1 written in b.query and b.subject: b.bound and
   * b.count hold every pair's results when it returns.
   */
  run(pairs: number, floor: number): void {
    const { b } = this;
    const chunks = Math.ceil(pairs / CHUNK);
    b.floor[0] = floor;
    b.state.fill(0, 0, chunks);
    Atomics.store(b.control, PAIRS, pairs);
    Atomics.store(b.control, CHUNKS, chunks);
    const parallel = this.threads > 1 && pairs > SMALL_ROW;
    if (parallel && !this.workers) this.start();
    this.generation = (this.generation + 1) & 0x7fff;
    // Workers may take chunks from here on: the claim word names this row.
    Atomics.store(b.control, CLAIM, this.generation << 16);
    if (parallel) {
      Atomics.add(b.control, GEN, 1);
      Atomics.notify(b.control, GEN);
    }
    for (let c = this.own.claim(); c >= 0; c = this.own.claim()) this.own.run(c);
    let late = false;
    for (let c = 0; c < chunks; c++) {
      const started = Date.now();
      while (Atomics.load(b.state, c) !== 2) {
        this.failed();
        if (Date.now() - started >= WAIT_MS) {
          this.own.run(c);
          late = true;
          break;
        }
        Atomics.wait(b.state, c, Atomics.load(b.state, c), 50);
      }
    }
    // No chunk of this row is left to take: a late worker finds none.
    Atomics.store(b.control, CHUNKS, 0);
    if (late) this.alone();
  }

  /** After a worker failed to finish a chunk: the rest on this thread, in buffers no worker has (this row's results copied over). */
  private alone(): void {
    const old = this.b,
      done = this.stats();
    this.close();
    this.threads = 1;
    this.b = rowBuffers(this.maxPairs, 1);
    for (const k of ['query', 'subject', 'bound', 'count'] as const) this.b[k].set(old[k]);
    this.b.stats.set([done.bounded, done.alignments, done.cells, done.boundCells]);
    this.own = new ChunkWorker(this.d, this.b, 0);
  }

  private failed(): void {
    const n = Atomics.load(this.b.control, ERROR);
    if (n) throw new Error(`identity row worker failed: ${new TextDecoder().decode(new Uint8Array(this.b.error.subarray(0, n)))}`);
  }

  /** What every thread did: chain pairs bounded below the floor, alignments, their cells, cells bounded. */
  stats(): { bounded: number; alignments: number; cells: number; boundCells: number } {
    const s = { bounded: 0, alignments: 0, cells: 0, boundCells: 0 };
    for (let t = 0; t < this.b.stats.length / STAT_FIELDS; t++) {
      s.bounded += this.b.stats[t * STAT_FIELDS];
      s.alignments += this.b.stats[t * STAT_FIELDS + 1];
      s.cells += this.b.stats[t * STAT_FIELDS + 2];
      s.boundCells += this.b.stats[t * STAT_FIELDS + 3];
    }
    return s;
  }

  /** Cells bounded by each thread (the calling one first): who did the work. */
  cellsByThread(): number[] {
    return Array.from({ length: this.b.stats.length / STAT_FIELDS }, (_, t) => this.b.stats[t * STAT_FIELDS + 3]);
  }

  /** Stops the workers (they end at their next wait); later rows run on the calling thread. */
  close(): void {
    Atomics.store(this.b.control, STOP, 1);
    Atomics.add(this.b.control, GEN, 1);
    Atomics.notify(this.b.control, GEN);
    for (const w of this.workers ?? []) void w.terminate();
    this.workers = null;
    this.threads = 1;
  }
}
