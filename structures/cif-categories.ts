// The items of chosen mmCIF categories (`_entry.id`, `_refine.ls_d_res_high`, the rows of
// `_pdbx_audit_revision_history`, the `_atom_site` loop...), in both the key-value and the
// `loop_` form, values possibly on the next line or in `;` text fields, each row with the line
// it starts on (as Mol*'s CIF tokenizer keeps token positions), so readers can name the line
// of a bad value. Categories not asked for are skipped line by line without tokenising.

/** Splits one CIF data line into tokens: bare words, 'quoted' and "quoted" strings. */
export function tokenizeCifLine(line: string): string[] {
  const out: string[] = [];
  let i = 0;
  while (i < line.length) {
    const c = line[i];
    if (c === ' ' || c === '\t') {
      i++;
      continue;
    }
    if (c === '#') break;
    if (c === "'" || c === '"') {
      let j = i + 1;
      // A quote closes only when followed by white space or the end of the line.
      while (j < line.length && !(line[j] === c && (j + 1 === line.length || /\s/.test(line[j + 1])))) j++;
      out.push(line.slice(i + 1, j));
      i = j + 1;
      continue;
    }
    let j = i;
    while (j < line.length && line[j] !== ' ' && line[j] !== '\t') j++;
    out.push(line.slice(i, j));
    i = j;
  }
  return out;
}

export type CifRow = Record<string, string>;

/** One row of a category: its values in the order of `items`, and the 1-based line it starts on. */
export interface CifCategoryRow {
  values: string[];
  line: number;
}

/** One category as written in the first data block: a `loop_`, or key-value items (one row). */
export interface CifCategory {
  /** Lower-case, without the leading `_`: `atom_site`. */
  name: string;
  /** Item names as written, after the `.`: `Cartn_x`. */
  items: string[];
  loop: boolean;
  /** 1-based line of the first tag; for a loop, of its `loop_`. */
  line: number;
  rows: CifCategoryRow[];
  /** A last loop row cut short (the file truncated): where, and what, in plain words. */
  problems: Array<{ line: number; message: string }>;
}

const categoryOf = (tag: string) => tag.slice(1, tag.indexOf('.') < 0 ? tag.length : tag.indexOf('.'));
const itemOf = (tag: string) => tag.slice(tag.indexOf('.') + 1);
const startsItem = (t: string) => t.startsWith('_') || t === 'loop_' || t.startsWith('data_');

/**
 * The wanted categories (lower-case names without `_`) of the first data block, in file
 * order; a category written twice appears twice. Values are as written (`?` and `.` included).
 */
export function readCifBlock(text: string, wanted: readonly string[]): CifCategory[] {
  const want = new Set(wanted.map((w) => w.toLowerCase()));
  const out: CifCategory[] = [];
  const lines = text.split(/\r?\n/);
  // Without a line end after it, the last line may be a row cut short (a truncated file).
  const unended = /\n$/.test(text) ? -1 : lines.length - 1;
  let blocks = 0;
  let i = 0;
  /** The `;` text field that starts on line i; i moves past its closing `;`. */
  const textField = (): string => {
    const parts = [lines[i].slice(1)];
    for (i++; i < lines.length && !lines[i].startsWith(';'); i++) parts.push(lines[i]);
    i++;
    return parts.join('\n').trim();
  };
  let keyValue: CifCategory | undefined;
  while (i < lines.length) {
    const t = lines[i].trim();
    if (t.startsWith('data_')) {
      if (++blocks > 1) break;
      i++;
    } else if (t === 'loop_') {
      keyValue = undefined;
      const loopLine = ++i;
      const tags: string[] = [];
      while (i < lines.length && lines[i].trim().startsWith('_')) tags.push(lines[i++].trim().split(/\s/)[0]);
      const name = tags.length ? categoryOf(tags[0]).toLowerCase() : '';
      if (!want.has(name)) {
        // Skip the loop's values, minding text fields.
        while (i < lines.length) {
          if (lines[i].startsWith(';')) {
            textField();
            continue;
          }
          const s = lines[i].trim();
          if (startsItem(s) || s.startsWith('#')) break;
          i++;
        }
        continue;
      }
      out.push(readLoopRows({ name, items: tags.map(itemOf), loop: true, line: loopLine, rows: [], problems: [] }));
    } else if (t.startsWith('_')) {
      const tag = t.split(/\s/)[0];
      const name = categoryOf(tag).toLowerCase();
      const tagLine = i + 1;
      let value: string | undefined = tokenizeCifLine(lines[i].trim().slice(tag.length))[0];
      i++;
      // Else the value is on a following line: a text field or a data line (comments skipped).
      while (value === undefined && i < lines.length) {
        if (lines[i].startsWith(';')) {
          value = textField();
          break;
        }
        if (startsItem(lines[i].trim())) break;
        value = tokenizeCifLine(lines[i++])[0];
      }
      if (!want.has(name)) continue;
      if (keyValue?.name !== name) {
        keyValue = { name, items: [], loop: false, line: tagLine, rows: [{ values: [], line: tagLine }], problems: [] };
        out.push(keyValue);
      }
      keyValue.items.push(itemOf(tag));
      keyValue.rows[0].values.push(value ?? '?');
    } else {
      i++;
    }
  }
  return out;

  /** The values of a loop from line i on, as rows of as many values as it has items. */
  function readLoopRows(cat: CifCategory): CifCategory {
    const n = cat.items.length;
    let pending: string[] = [];
    let pendingLine = 0;
    while (i < lines.length) {
      if (pending.length === 0) pendingLine = i + 1;
      if (lines[i].startsWith(';')) {
        pending.push(textField());
      } else {
        const s = lines[i].trim();
        if (s === '') {
          i++;
          continue;
        }
        if (startsItem(s) || s.startsWith('#')) break;
        if (i === unended) {
          cat.problems.push({ line: i + 1, message: `the last _${cat.name} row is cut mid-line (no line end): file truncated?` });
          i++;
          break;
        }
        pending.push(...tokenizeCifLine(lines[i++]));
      }
      while (pending.length >= n) {
        cat.rows.push({ values: pending.slice(0, n), line: pendingLine });
        pending = pending.slice(n);
      }
    }
    if (pending.length > 0)
      cat.problems.push({
        line: pendingLine,
        message: `the last _${cat.name} row is incomplete (${pending.length} of ${n} values): file truncated?`,
      });
    return cat;
  }
}

/** The first `loop_` of a category in the first data block (`atom_site`), or undefined. */
export function readCifLoop(text: string, name: string): CifCategory | undefined {
  return readCifBlock(text, [name]).find((c) => c.loop);
}

/**
 * The rows of each wanted category (lower-case names without `_`) in the first data block,
 * as objects by item name; a key-value category is one row. Values are as written.
 */
export function readCifCategories(text: string, wanted: readonly string[]): Map<string, CifRow[]> {
  const out = new Map<string, CifRow[]>();
  for (const cat of readCifBlock(text, wanted)) {
    const rows = out.get(cat.name) ?? [];
    if (cat.loop) {
      for (const r of cat.rows) rows.push(Object.fromEntries(cat.items.map((item, k) => [item, r.values[k]])));
    } else {
      if (rows.length === 0) rows.push({});
      cat.items.forEach((item, k) => (rows[0][item] = cat.rows[0].values[k]));
    }
    out.set(cat.name, rows);
  }
  return out;
}

/** A value that says something (not `?`, `.` or missing). */
export const cifValue = (v: string | undefined): string | undefined =>
  v === undefined || v === '?' || v === '.' || v === '' ? undefined : v;
