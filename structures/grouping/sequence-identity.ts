// Sequence identity of two protein sequences (one-letter codes) from a pairwise alignment.
//
// Alignment: Smith-Waterman (local) with affine gaps (Gotoh), scored with BLOSUM62, a gap
// of length k costing gapOpen + (k - 1) * gapExtend (11 and 1 by default, BLAST's defaults
// for BLOSUM62). Local, because a pocket sequence is a handful of fragments and one pocket
// often covers only part of another; a global or end-gap-free alignment of two unrelated
// ~60-residue pockets, threading gaps at will, reached 30 % identity often enough to chain
// all of PDBbind into one single-linkage cluster, a local one stays short unless the two
// are related.
// Identity: identical aligned pairs / length of the shorter sequence, between 0 and 1. An X
// (non-standard or unknown residue) is never identical to anything, itself included.
import { BLOSUM62, BLOSUM62_ALPHABET, blosumIndex } from './blosum62.ts';

export interface AlignmentOptions {
  /** Cost of the first position of a gap (default 11). */
  gapOpen?: number;
  /** Cost of each further position (default 1). */
  gapExtend?: number;
}

export interface Alignment {
  score: number;
  /** Aligned pairs with the same residue (X excluded). */
  identities: number;
  /** Aligned residue pairs (columns without a gap). */
  alignedPairs: number;
  /** identities / length of the shorter sequence (0 when either is empty). */
  identity: number;
}

const SIZE = BLOSUM62_ALPHABET.length;
const X = blosumIndex('X');
const NEG = -1e9;
// Traceback bits: which of H's three sources won; whether E and F extended a gap.
const FROM_DIAG = 0,
  FROM_E = 1,
  FROM_F = 2,
  STOP = 3,
  E_EXTENDS = 4,
  F_EXTENDS = 8;

// Letters to alphabet positions, and buffers reused from call to call (pockets are short,
// and clustering aligns many thousands of pairs).
const CODE = new Int8Array(128).fill(X);
for (let c = 0; c < 128; c++) CODE[c] = blosumIndex(String.fromCharCode(c));
let buffers = {
  size: 0,
  trace: new Uint8Array(0),
  hPrev: new Int32Array(0),
  hCur: new Int32Array(0),
  fPrev: new Int32Array(0),
  fCur: new Int32Array(0),
};

function encode(text: string): Int8Array {
  const out = new Int8Array(text.length);
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    out[i] = c < 128 ? CODE[c] : X;
  }
  return out;
}

function reserve(n: number, m: number) {
  const cells = (n + 1) * (m + 1);
  if (buffers.size < cells || buffers.hPrev.length < m + 1) {
    const size = Math.max(cells, buffers.size * 2);
    const row = Math.max(m + 1, buffers.hPrev.length * 2);
    buffers = {
      size,
      trace: new Uint8Array(size),
      hPrev: new Int32Array(row),
      hCur: new Int32Array(row),
      fPrev: new Int32Array(row),
      fCur: new Int32Array(row),
    };
  }
  return buffers;
}

/** Aligns `a` with `b` (local, affine gaps, BLOSUM62) and counts identities in the best local alignment. */
export function alignSequences(a: string, b: string, options: AlignmentOptions = {}): Alignment {
  const open = options.gapOpen ?? 11;
  const extend = options.gapExtend ?? 1;
  const n = a.length;
  const m = b.length;
  if (n === 0 || m === 0) return { score: 0, identities: 0, alignedPairs: 0, identity: 0 };
  const ai = encode(a);
  const bi = encode(b);
  const w = m + 1;
  const buf = reserve(n, m);
  const trace = buf.trace;
  // Rolling rows: H (best score of a local alignment ending at a[i-1], b[j-1]; 0 = start
  // afresh), F (same, ending with a[i-1] against a gap); E (ending with b[j-1] against a
  // gap) runs along the row.
  let hPrev = buf.hPrev,
    hCur = buf.hCur,
    fPrev = buf.fPrev,
    fCur = buf.fCur;
  hPrev.fill(0, 0, w);
  fPrev.fill(NEG, 0, w);
  let best = 0,
    bestI = 0,
    bestJ = 0;
  for (let i = 1; i <= n; i++) {
    const sub = ai[i - 1] * SIZE;
    const row = i * w;
    hCur[0] = 0;
    fCur[0] = NEG;
    let e = NEG;
    for (let j = 1; j <= m; j++) {
      let bits = 0;
      const eOpen = hCur[j - 1] - open;
      const eExt = e - extend;
      if (eExt > eOpen) {
        e = eExt;
        bits |= E_EXTENDS;
      } else e = eOpen;
      const fOpen = hPrev[j] - open;
      const fExt = fPrev[j] - extend;
      let f: number;
      if (fExt > fOpen) {
        f = fExt;
        bits |= F_EXTENDS;
      } else f = fOpen;
      let h = hPrev[j - 1] + BLOSUM62[sub + bi[j - 1]];
      let from = FROM_DIAG;
      if (e > h) {
        h = e;
        from = FROM_E;
      }
      if (f > h) {
        h = f;
        from = FROM_F;
      }
      if (h <= 0) {
        h = 0;
        from = STOP;
      }
      hCur[j] = h;
      fCur[j] = f;
      trace[row + j] = bits | from;
      if (h > best) {
        best = h;
        bestI = i;
        bestJ = j;
      }
    }
    [hPrev, hCur] = [hCur, hPrev];
    [fPrev, fCur] = [fCur, fPrev];
  }

  let i = bestI,
    j = bestJ,
    state = FROM_DIAG,
    identities = 0,
    alignedPairs = 0;
  while (i > 0 && j > 0) {
    const t = trace[i * w + j];
    if (state === FROM_DIAG) {
      const from = t & 3;
      if (from === STOP) break;
      if (from === FROM_DIAG) {
        alignedPairs++;
        if (ai[i - 1] === bi[j - 1] && ai[i - 1] !== X) identities++;
        i--;
        j--;
      } else state = from;
    } else if (state === FROM_E) {
      state = t & E_EXTENDS ? FROM_E : FROM_DIAG;
      j--;
    } else {
      state = t & F_EXTENDS ? FROM_F : FROM_DIAG;
      i--;
    }
  }
  return { score: best, identities, alignedPairs, identity: identities / Math.min(n, m) };
}

/** identical aligned positions / length of the shorter sequence (see alignSequences). */
export function sequenceIdentity(a: string, b: string, options: AlignmentOptions = {}): number {
  return alignSequences(a, b, options).identity;
}
