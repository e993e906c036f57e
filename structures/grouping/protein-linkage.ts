// Single-linkage clusters of items by sequence identity, on every core: the exact clusters
// of comparing all pairs (linkage-rows.ts says why skipping joined pairs and running rows in
// parallel cannot change them). Each chain's likeliest partners (kmer-order.ts) are compared
// first, so that large clusters are joined before the rows, which then skip their pairs;
// every pair not joined is still compared by the rows, so this changes only the work. Each item has pocket chains and, optionally, whole chains;
// two items that both have whole chains are compared on those, any other pair on pockets.
// Identity is that of sequence-identity.ts, computed by identity-kernel.ts's recurrence
// eight pairs at a time (identity-simd.ts).
import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import { linkCandidates } from './candidate-linkage.ts';
import { encodeSequence } from './identity-kernel.ts';
import { KmerOrder } from './kmer-order.ts';
import { addStats, clusterRoots, emptyStats, type LinkageData, type LinkageStats, linkRows } from './linkage-rows.ts';

export interface LinkageItem {
  /** Chains compared when either item lacks whole chains (already filtered by length). */
  pocket: readonly string[];
  /** Whole chains; empty or null: none. */
  whole: readonly string[] | null;
}

export interface LinkageOptions {
  threshold: number;
  gapOpen?: number;
  gapExtend?: number;
  /** Worker threads (default: one per core, or none, the calling thread, for a small set). */
  workers?: number;
}

export interface Linkage {
  /** Cluster root of every item: the smallest index in its cluster. */
  root: Int32Array;
  /** likely: chain pairs compared before the rows (kmer-order.ts), of which `likelyJoined` were skipped as joined. */
  stats: LinkageStats & { workers: number; likely: number; likelyJoined: number };
}

/** Likeliest partners per chain compared before the rows. */
const LIKELY_PER_CHAIN = 8;

/** Below this many alignment cells (an upper estimate) per worker the rows run on the calling thread (starting workers costs more). */
const CELLS_PER_WORKER = 400_000_000;

const shared = (bytes: number) => new SharedArrayBuffer(Math.max(bytes, 4));

/** The items' chains and a fresh union-find in (shareable) typed arrays; chains are numbered pockets first (item by item), then whole chains. */
export function linkageData(items: readonly LinkageItem[], o: LinkageOptions): LinkageData {
  const chains: Uint8Array[] = [];
  const pocketStart = new Int32Array(shared(4 * (items.length + 1)));
  const wholeStart = new Int32Array(shared(4 * (items.length + 1)));
  // Pocket chains first (items in order), then whole chains, so each kind is one range per item.
  items.forEach((it, i) => {
    pocketStart[i] = chains.length;
    for (const s of it.pocket) chains.push(encodeSequence(s));
  });
  pocketStart[items.length] = chains.length;
  items.forEach((it, i) => {
    wholeStart[i] = chains.length;
    for (const s of it.whole ?? []) chains.push(encodeSequence(s));
  });
  wholeStart[items.length] = chains.length;
  const chainStart = new Int32Array(shared(4 * (chains.length + 1)));
  for (let c = 0; c < chains.length; c++) chainStart[c + 1] = chainStart[c] + chains[c].length;
  const residues = new Uint8Array(shared(chainStart[chains.length]));
  chains.forEach((c, k) => residues.set(c, chainStart[k]));
  const chainItem = new Int32Array(shared(4 * chains.length));
  for (let i = 0; i < items.length; i++) {
    chainItem.fill(i, pocketStart[i], pocketStart[i + 1]);
    chainItem.fill(i, wholeStart[i], wholeStart[i + 1]);
  }
  const byLength = (first: number, end: number) => {
    const ids = Array.from({ length: end - first }, (_, k) => first + k).sort((x, y) => chains[x].length - chains[y].length || x - y);
    const out = new Int32Array(shared(4 * ids.length));
    out.set(ids);
    return out;
  };
  const parent = new Int32Array(shared(4 * items.length));
  for (let i = 0; i < items.length; i++) parent[i] = i;
  return {
    residues,
    chainStart,
    pocketStart,
    wholeStart,
    chainItem,
    pocketOrder: byLength(0, pocketStart[items.length]),
    wholeOrder: byLength(wholeStart[0], wholeStart[items.length]),
    parent,
    nextRow: new Int32Array(shared(4)),
    threshold: o.threshold,
    gapOpen: o.gapOpen ?? 11,
    gapExtend: o.gapExtend ?? 1,
  };
}

function runWorker(d: LinkageData): Promise<LinkageStats> {
  return new Promise((resolve, reject) => {
    const w = new Worker(new URL('./linkage-worker.mjs', import.meta.url), {
      workerData: { module: 'linkage-rows', call: 'linkRows', args: [d] },
    });
    let result: LinkageStats | null = null;
    w.once('message', (m: LinkageStats) => (result = m));
    w.once('error', reject);
    w.once('exit', (code) =>
      result ? resolve(result) : reject(new Error(`linkage worker stopped (exit code ${code}) before its rows were done`)),
    );
  });
}

/** Links every pair of `items` that reaches the threshold; returns each item's cluster root. */
export async function linkBySequence(items: readonly LinkageItem[], o: LinkageOptions): Promise<Linkage> {
  const d = linkageData(items, o);
  const likely = new KmerOrder(d).likelyPairs(LIKELY_PER_CHAIN);
  const first = linkCandidates(d, likely.queries, likely.targets).stats;
  const cells = d.residues.length ** 2 / 2; // every residue against every other, roughly
  const workers = o.workers ?? Math.max(1, Math.min(availableParallelism(), Math.floor(cells / CELLS_PER_WORKER)));
  const stats = emptyStats();
  if (workers === 1) addStats(stats, linkRows(d));
  else for (const s of await Promise.all(Array.from({ length: workers }, () => runWorker(d)))) addStats(stats, s);
  for (const k of ['alignments', 'cells', 'bounded', 'boundCells'] as const) stats[k] += first[k];
  return { root: clusterRoots(d), stats: { ...stats, workers, likely: first.kept, likelyJoined: first.skippedJoined } };
}
