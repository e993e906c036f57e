// BLOSUM62 substitution scores (Henikoff & Henikoff 1992, in half-bit units) for the 20
// standard amino acids and X (any other residue), as distributed with alignment tools.
export const BLOSUM62_ALPHABET = 'ARNDCQEGHILKMFPSTWYVX';

// Row i, column j: score of aligning BLOSUM62_ALPHABET[i] with BLOSUM62_ALPHABET[j].
const ROWS = [
  ' 4 -1 -2 -2  0 -1 -1  0 -2 -1 -1 -1 -1 -2 -1  1  0 -3 -2  0  0', // A
  '-1  5  0 -2 -3  1  0 -2  0 -3 -2  2 -1 -3 -2 -1 -1 -3 -2 -3 -1', // R
  '-2  0  6  1 -3  0  0  0  1 -3 -3  0 -2 -3 -2  1  0 -4 -2 -3 -1', // N
  '-2 -2  1  6 -3  0  2 -1 -1 -3 -4 -1 -3 -3 -1  0 -1 -4 -3 -3 -1', // D
  ' 0 -3 -3 -3  9 -3 -4 -3 -3 -1 -1 -3 -1 -2 -3 -1 -1 -2 -2 -1 -2', // C
  '-1  1  0  0 -3  5  2 -2  0 -3 -2  1  0 -3 -1  0 -1 -2 -1 -2 -1', // Q
  '-1  0  0  2 -4  2  5 -2  0 -3 -3  1 -2 -3 -1  0 -1 -3 -2 -2 -1', // E
  ' 0 -2  0 -1 -3 -2 -2  6 -2 -4 -4 -2 -3 -3 -2  0 -2 -2 -3 -3 -1', // G
  '-2  0  1 -1 -3  0  0 -2  8 -3 -3 -1 -2 -1 -2 -1 -2 -2  2 -3 -1', // H
  '-1 -3 -3 -3 -1 -3 -3 -4 -3  4  2 -3  1  0 -3 -2 -1 -3 -1  3 -1', // I
  '-1 -2 -3 -4 -1 -2 -3 -4 -3  2  4 -2  2  0 -3 -2 -1 -2 -1  1 -1', // L
  '-1  2  0 -1 -3  1  1 -2 -1 -3 -2  5 -1 -3 -1  0 -1 -3 -2 -2 -1', // K
  '-1 -1 -2 -3 -1  0 -2 -3 -2  1  2 -1  5  0 -2 -1 -1 -1 -1  1 -1', // M
  '-2 -3 -3 -3 -2 -3 -3 -3 -1  0  0 -3  0  6 -4 -2 -2  1  3 -1 -1', // F
  '-1 -2 -2 -1 -3 -1 -1 -2 -2 -3 -3 -1 -2 -4  7 -1 -1 -4 -3 -2 -2', // P
  ' 1 -1  1  0 -1  0  0  0 -1 -2 -2  0 -1 -2 -1  4  1 -3 -2 -2  0', // S
  ' 0 -1  0 -1 -1 -1 -1 -2 -2 -1 -1 -1 -1 -2 -1  1  5 -2 -2  0  0', // T
  '-3 -3 -4 -4 -2 -2 -3 -2 -2 -3 -2 -3 -1  1 -4 -3 -2 11  2 -3 -2', // W
  '-2 -2 -2 -3 -2 -1 -2 -3  2 -1 -1 -2 -1  3 -3 -2 -2  2  7 -1 -1', // Y
  ' 0 -3 -3 -3 -1 -2 -2 -3 -3  3  1 -2  1 -1 -2 -2  0 -3 -1  4 -1', // V
  ' 0 -1 -1 -1 -2 -1 -1 -1 -1 -1 -1 -1 -1 -1 -2  0  0 -2 -1 -1 -1', // X
];

const SIZE = BLOSUM62_ALPHABET.length;
/** Scores as a flat SIZE x SIZE table, indexed by alphabet position. */
export const BLOSUM62 = new Int8Array(SIZE * SIZE);
ROWS.forEach((row, i) =>
  row
    .trim()
    .split(/\s+/)
    .forEach((v, j) => (BLOSUM62[i * SIZE + j] = Number(v))),
);

const INDEX = new Map([...BLOSUM62_ALPHABET].map((c, i) => [c, i]));
/** Alphabet position of a one-letter code; anything unknown counts as X. */
export const blosumIndex = (letter: string): number => INDEX.get(letter) ?? INDEX.get('X')!;
