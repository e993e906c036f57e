// Which chains are likely related, by the 3-mers they share: an order of work only. The exact
// engine and the split compare these first (a link found early lets later pairs be skipped
// as joined; a neighbour found early ends a search for one), and then, where a result must
// be complete, everything else. So this ordering changes how much is computed, never a link,
// a neighbour or an identity.
//
// A chain's score against another is the number of distinct 3-mers they share over the
// distinct 3-mers of the one with fewer (related chains at 30 % identity share runs of three
// identical residues; unrelated ones share about what chance gives). X is a letter here.
import { hasWholeChains, type LinkageData } from './linkage-rows.ts';

const K = 3;
const ALPHABET = 21;
const WORDS = ALPHABET ** K;

interface Index {
  /** Chains indexed (a range of d's chains), and each one's distinct 3-mers. */
  first: number;
  end: number;
  distinct: Int32Array;
  /** For every 3-mer, the chains holding it: chains[start[w] .. start[w + 1]). */
  start: Int32Array;
  chains: Int32Array;
}

export class KmerOrder {
  private readonly pocket: Index;
  private readonly whole: Index;
  private readonly counts: Int32Array;
  private readonly seen = new Uint8Array(WORDS);
  /** Per complex: its best chain score in complexScores (0 between calls). */
  private readonly best: Float64Array;

  constructor(private readonly d: LinkageData) {
    this.pocket = this.index(0, d.wholeStart[0]);
    this.whole = this.index(d.wholeStart[0], d.chainItem.length);
    this.counts = new Int32Array(d.chainItem.length);
    this.best = new Float64Array(d.parent.length);
  }

  /** The distinct 3-mers of chain c, each passed once to f. */
  private words(c: number, f: (w: number) => void): void {
    const { residues, chainStart } = this.d;
    const found: number[] = [];
    for (let p = chainStart[c]; p + K <= chainStart[c + 1]; p++) {
      const w = (residues[p] * ALPHABET + residues[p + 1]) * ALPHABET + residues[p + 2];
      if (this.seen[w]) continue;
      this.seen[w] = 1;
      found.push(w);
      f(w);
    }
    for (const w of found) this.seen[w] = 0;
  }

  private index(first: number, end: number): Index {
    const distinct = new Int32Array(end - first);
    const start = new Int32Array(WORDS + 1);
    for (let c = first; c < end; c++)
      this.words(c, (w) => {
        start[w + 1]++;
        distinct[c - first]++;
      });
    for (let w = 0; w < WORDS; w++) start[w + 1] += start[w];
    const fill = start.slice(0, WORDS);
    const chains = new Int32Array(start[WORDS]);
    for (let c = first; c < end; c++) this.words(c, (w) => (chains[fill[w]++] = c));
    return { first, end, distinct, start, chains };
  }

  /** Scores of chain x (of the index's kind) against every chain of the index, into this.counts; the chains touched. */
  private score(x: number, ix: Index): number[] {
    const touched: number[] = [];
    const counts = this.counts;
    this.words(x, (w) => {
      for (let p = ix.start[w]; p < ix.start[w + 1]; p++) {
        const y = ix.chains[p];
        if (counts[y]++ === 0) touched.push(y);
      }
    });
    return touched;
  }

  private fraction(x: number, y: number, ix: Index): number {
    const dx = ix.distinct[x - ix.first],
      dy = ix.distinct[y - ix.first];
    return this.counts[y] / Math.max(1, Math.min(dx, dy));
  }

  /**
   * For every chain of a complex compared on it, its `perChain` likeliest partners of other
   * complexes (whole chains against whole chains; the pockets of complexes without whole
   * chains against every pocket), as (query, target) chain pairs, best first per chain.
   */
  likelyPairs(perChain: number): { queries: Int32Array; targets: Int32Array } {
    const d = this.d;
    const queries: number[] = [],
      targets: number[] = [];
    const take = (x: number, ix: Index) => {
      const item = d.chainItem[x];
      const touched = this.score(x, ix);
      // The best perChain (highest score, then lowest chain), kept sorted.
      const top: [number, number][] = [];
      for (const y of touched) {
        if (d.chainItem[y] === item) continue;
        const f = this.fraction(x, y, ix);
        if (top.length === perChain && (f < top[perChain - 1][0] || (f === top[perChain - 1][0] && y > top[perChain - 1][1]))) continue;
        let at = top.length;
        while (at > 0 && (top[at - 1][0] < f || (top[at - 1][0] === f && top[at - 1][1] > y))) at--;
        top.splice(at, 0, [f, y]);
        if (top.length > perChain) top.pop();
      }
      for (const [, y] of top) {
        queries.push(x);
        targets.push(y);
      }
      this.clear(touched, x, ix);
    };
    for (let x = this.whole.first; x < this.whole.end; x++) take(x, this.whole);
    for (let i = 0; i < d.parent.length; i++) {
      if (hasWholeChains(d, i)) continue;
      for (let x = d.pocketStart[i]; x < d.pocketStart[i + 1]; x++) take(x, this.pocket);
    }
    return { queries: Int32Array.from(queries), targets: Int32Array.from(targets) };
  }

  private clear(touched: number[], x: number, ix: Index): void {
    for (const y of touched) this.counts[y] = 0;
    // The query itself may be in the index.
    if (x >= ix.first && x < ix.end) this.counts[x] = 0;
  }

  /**
   * How likely complex i is related to each of `others`: out[k] is the best score of a chain
   * pair of the kind they are compared on (whole chains when both have them, else pockets).
   */
  complexScores(i: number, others: readonly number[]): Float64Array {
    const d = this.d;
    const out = new Float64Array(others.length);
    const iWhole = hasWholeChains(d, i);
    for (const whole of iWhole ? [false, true] : [false]) {
      const ix = whole ? this.whole : this.pocket;
      const from = whole ? d.wholeStart : d.pocketStart;
      const best = this.best;
      const items: number[] = [];
      for (let x = from[i]; x < from[i + 1]; x++) {
        const touched = this.score(x, ix);
        for (const y of touched) {
          const j = d.chainItem[y];
          const f = this.fraction(x, y, ix);
          if (best[j] === 0) items.push(j);
          if (f > best[j]) best[j] = f;
        }
        this.clear(touched, x, ix);
      }
      others.forEach((j, k) => {
        if ((iWhole && hasWholeChains(d, j)) === whole) out[k] = best[j];
      });
      for (const j of items) best[j] = 0;
    }
    return out;
  }
}

/**
 * The positions of the `count` highest scores (scores in 0..1), best first, ties by position:
 * those in the top bins of a histogram, then sorted (no sort of the whole list).
 */
export function likeliest(scores: Float64Array, count: number): number[] {
  const BINS = 256;
  const bin = (f: number) => Math.min(BINS - 1, Math.floor(f * BINS));
  const histogram = new Int32Array(BINS);
  for (const f of scores) histogram[bin(f)]++;
  let lowest = BINS - 1;
  for (let taken = histogram[lowest]; lowest > 0 && taken < count; ) taken += histogram[--lowest];
  const keys: number[] = [];
  scores.forEach((f, k) => {
    if (bin(f) >= lowest) keys.push(Math.floor((1 - f) * 2 ** 30) * 2 ** 22 + k);
  });
  return Array.from(Float64Array.from(keys).sort().subarray(0, count), (key) => key % 2 ** 22);
}
