// The sequence identity of sequence-identity.ts, computed in one forward pass: no traceback
// matrix, rolling typed rows, sequences encoded once. Same alignment (Smith-Waterman,
// BLOSUM62, affine gaps), same choices, same identity, so clusters built on it are the
// clusters of alignSequences; test/structures/grouping/fast-clusters.test.ts checks them equal.
//
// Why one pass gives the traceback's count: alignSequences keeps, per cell, which source
// won H (diagonal, E, F or stop, preferring them in that order on ties) and whether E and F
// extended or opened, then walks back from the first cell (row by row) with the best
// score. Every decision the walk reads was made in the forward pass, so the number of
// identical pairs on the walked path can be carried forward instead: idH of a cell is the
// count of the path ending in H there (diagonal: idH of (i-1, j-1) plus this pair; from E or
// F: their count; a stop: 0), idE and idF likewise (extending: the count of the cell they
// extend; opening: idH of the cell they open from). The identity is idH of the best cell.
import { BLOSUM62, BLOSUM62_ALPHABET, blosumIndex } from './blosum62.ts';

const SIZE = BLOSUM62_ALPHABET.length;
const X = blosumIndex('X');
const NEG = -1_000_000_000;

const CODE = new Uint8Array(128).fill(X);
for (let c = 0; c < 128; c++) CODE[c] = blosumIndex(String.fromCharCode(c));
/** 1 where two alphabet positions are the same residue and not X. */
const SAME = new Int32Array(SIZE * SIZE);
for (let k = 0; k < SIZE; k++) if (k !== X) SAME[k * SIZE + k] = 1;
const SCORE = Int32Array.from(BLOSUM62);

/** A sequence as alphabet positions (anything unknown is X), for identityCount. */
export function encodeSequence(text: string): Uint8Array {
  const out = new Uint8Array(text.length);
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    out[i] = c < 128 ? CODE[c] : X;
  }
  return out;
}

let rows = { h: new Int32Array(0), f: new Int32Array(0), idH: new Int32Array(0), idF: new Int32Array(0) };

/** Result of the last identityCount (score of the best local alignment). */
export const lastAlignment = { score: 0 };

/**
 * Identical aligned pairs (X excluded) in the best local alignment of `a` (rows) with `b`
 * (columns), as alignSequences walks it; gap of length k costs open + (k - 1) * extend.
 */
export function identityCount(a: Uint8Array, b: Uint8Array, open = 11, extend = 1): number {
  const n = a.length,
    m = b.length;
  if (n === 0 || m === 0) {
    lastAlignment.score = 0;
    return 0;
  }
  if (rows.h.length < m + 1) {
    const size = Math.max(m + 1, rows.h.length * 2);
    rows = { h: new Int32Array(size), f: new Int32Array(size), idH: new Int32Array(size), idF: new Int32Array(size) };
  }
  const { h: hRow, f: fRow, idH: idHRow, idF: idFRow } = rows;
  hRow.fill(0, 0, m + 1);
  fRow.fill(NEG, 0, m + 1);
  idHRow.fill(0, 0, m + 1);
  idFRow.fill(0, 0, m + 1);
  let best = 0,
    bestId = 0;
  for (let i = 0; i < n; i++) {
    const sub = a[i] * SIZE;
    let hDiag = 0,
      idDiag = 0; // row i-1, column j-1 (column 0 is the zero border)
    let hLeft = 0,
      idLeft = 0; // row i, column j-1
    let e = NEG,
      idE = 0;
    for (let j = 1; j <= m; j++) {
      const eOpen = hLeft - open,
        eExt = e - extend;
      if (eExt > eOpen) e = eExt;
      else {
        e = eOpen;
        idE = idLeft;
      }
      const hUp = hRow[j];
      const fOpen = hUp - open,
        fExt = fRow[j] - extend;
      let f: number, idF: number;
      if (fExt > fOpen) {
        f = fExt;
        idF = idFRow[j];
      } else {
        f = fOpen;
        idF = idHRow[j];
      }
      const pair = sub + b[j - 1];
      let h = hDiag + SCORE[pair],
        idh = idDiag + SAME[pair];
      if (e > h) {
        h = e;
        idh = idE;
      }
      if (f > h) {
        h = f;
        idh = idF;
      }
      if (h <= 0) {
        h = 0;
        idh = 0;
      }
      hDiag = hUp;
      idDiag = idHRow[j];
      hRow[j] = h;
      idHRow[j] = idh;
      fRow[j] = f;
      idFRow[j] = idF;
      hLeft = h;
      idLeft = idh;
      if (h > best) {
        best = h;
        bestId = idh;
      }
    }
  }
  lastAlignment.score = best;
  return bestId;
}

/** identityCount over the length of the shorter sequence: sequenceIdentity's value. */
export function fastIdentity(a: Uint8Array, b: Uint8Array, open = 11, extend = 1): number {
  const shorter = Math.min(a.length, b.length);
  return shorter === 0 ? 0 : identityCount(a, b, open, extend) / shorter;
}
