// Hybrid-36: how PDB writers fit numbers past a fixed-width field's decimal range (atom
// serials beyond 99,999 in 5 columns, residue numbers beyond 9,999 in 4). Decimal first;
// then base 36 with an upper-case letter first (`A0000` = 100,000), then with a lower-case
// letter first, each width counting on from where the last ended (Grosse-Kunstleve's
// scheme, as cctbx, PyMOL and OpenMM write it).

/**
 * The number a fixed-width field holds (already trimmed of blanks), decimal or hybrid-36 of
 * `width` characters; null when it is neither (e.g. `*****`, mixed case, a sign inside).
 */
export function decodeHybrid36(text: string, width: number): number | null {
  if (text === '') return null;
  if (/^-?\d+$/.test(text)) return Number(text);
  if (text.length !== width) return null;
  const upper = /^[A-Z][0-9A-Z]*$/.test(text);
  const lower = !upper && /^[a-z][0-9a-z]*$/.test(text);
  if (!upper && !lower) return null;
  const start = 10 * 36 ** (width - 1);
  const value = parseInt(text, 36) - start + 10 ** width;
  return lower ? value + 26 * 36 ** (width - 1) : value;
}
