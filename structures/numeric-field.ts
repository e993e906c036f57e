// Numbers read from a field of a structure file (PDB columns, an mmCIF item, a mol2 field),
// and the one wording every reader uses when a field is not one: "occupancy 'x.xx' is not a
// number (columns 55-60)". The diagnostic's file and line come from the caller; `where` says
// where on the line the field sits, in the file format's own terms.

export interface NumericField {
  /** What the field holds, in plain words: `occupancy`, `residue number`, `formal charge`. */
  name: string;
  /** Where it sits on the line: `columns 55-60`, `_atom_site.occupancy`, `field 7`. */
  where?: string;
  /** Only whole numbers (a sign allowed) are valid. */
  whole?: boolean;
}

/** The reason a field's text is not the number it should be: `occupancy 'x' is not a number (columns 55-60)`. */
export function notANumber(field: NumericField, text: string): string {
  return `${field.name} '${text}' is not a ${field.whole ? 'whole number' : 'number'}${field.where ? ` (${field.where})` : ''}`;
}

const WHOLE = /^[+-]?\d+$/;

/**
 * The number a field's text holds, or the reason it holds none (see notANumber). Text that
 * `Number` reads (`1.00`, `-3`, `1e2`) is a number; blank text, `nan`, `inf` and words are not.
 */
export function readNumber(text: string, field: NumericField): number | { message: string } {
  const t = text.trim();
  if (field.whole ? WHOLE.test(t) : t !== '' && /^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/.test(t)) return Number(t);
  return { message: notANumber(field, text.trim()) };
}

/** The number a field's text holds, or NaN (for coordinates, which checkCoordinates words). */
export function numberOrNaN(text: string | undefined): number {
  const v = text === undefined ? NaN : readNumber(text, { name: '' });
  return typeof v === 'number' ? v : NaN;
}

/**
 * Several fields of one line read in order: their numbers (an absent field gives its
 * `ifAbsent`), or the reason of the first that is not a number.
 */
export function readNumbers(
  fields: ReadonlyArray<readonly [text: string | undefined, field: NumericField, ifAbsent: number]>,
): number[] | { message: string } {
  const out: number[] = [];
  for (const [text, field, ifAbsent] of fields) {
    const v = text === undefined ? ifAbsent : readNumber(text, field);
    if (typeof v !== 'number') return v;
    out.push(v);
  }
  return out;
}
