// The items of chosen mmCIF categories (`_entry.id`, `_refine.ls_d_res_high`, the rows of
// `_pdbx_audit_revision_history`...), in both the key-value and the `loop_` form, values
// possibly on the next line or in `;` text fields. Categories not asked for are skipped line
// by line without tokenising (the `_atom_site` loop has its own reader in read-mmcif.ts).

/** Splits one CIF data line into tokens: bare words, 'quoted' and "quoted" strings. */
export function tokenizeCifLine(line: string): string[] {
  const out: string[] = [];
  let i = 0;
  while (i < line.length) {
    const c = line[i];
    if (c === ' ' || c === '\t') { i++; continue; }
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

const categoryOf = (tag: string) => tag.slice(1, tag.indexOf('.') < 0 ? tag.length : tag.indexOf('.'));
const itemOf = (tag: string) => tag.slice(tag.indexOf('.') + 1);

/**
 * The rows of each wanted category (lower-case names without `_`) in the first data block;
 * a key-value category is one row. Values are as written (`?` and `.` included).
 */
export function readCifCategories(text: string, wanted: readonly string[]): Map<string, CifRow[]> {
  const want = new Set(wanted.map((w) => w.toLowerCase()));
  const out = new Map<string, CifRow[]>();
  const lines = text.split(/\r?\n/);
  let blocks = 0;
  let i = 0;
  // Values from line i on (text fields included), until a line that starts a new item, loop or block.
  const values = (limit: number): string[] => {
    const vals: string[] = [];
    while (i < lines.length && vals.length < limit) {
      const l = lines[i];
      if (l.startsWith(';')) {
        const parts = [l.slice(1)];
        for (i++; i < lines.length && !lines[i].startsWith(';'); i++) parts.push(lines[i]);
        i++;
        vals.push(parts.join('\n').trim());
        continue;
      }
      const t = l.trim();
      if (t.startsWith('_') || t === 'loop_' || t.startsWith('data_') || (t.startsWith('#') && limit === Infinity)) break;
      vals.push(...tokenizeCifLine(l));
      i++;
    }
    return vals;
  };
  while (i < lines.length) {
    const t = lines[i].trim();
    if (t.startsWith('data_')) {
      if (++blocks > 1) break;
      i++;
    } else if (t === 'loop_') {
      i++;
      const tags: string[] = [];
      while (i < lines.length && lines[i].trim().startsWith('_')) tags.push(lines[i++].trim().split(/\s/)[0]);
      const category = tags.length ? categoryOf(tags[0]).toLowerCase() : '';
      if (!want.has(category)) {
        // Skip the loop's values, minding text fields.
        while (i < lines.length) {
          const l = lines[i];
          if (l.startsWith(';')) { for (i++; i < lines.length && !lines[i].startsWith(';'); i++); i++; continue; }
          const s = l.trim();
          if (s.startsWith('_') || s === 'loop_' || s.startsWith('data_') || s.startsWith('#')) break;
          i++;
        }
        continue;
      }
      const vals = values(Infinity);
      const rows = out.get(category) ?? [];
      for (let k = 0; k + tags.length <= vals.length; k += tags.length) {
        const row: CifRow = {};
        tags.forEach((tag, n) => (row[itemOf(tag)] = vals[k + n]));
        rows.push(row);
      }
      out.set(category, rows);
    } else if (t.startsWith('_')) {
      const tag = t.split(/\s/)[0];
      const category = categoryOf(tag).toLowerCase();
      const rest = tokenizeCifLine(lines[i].trim().slice(tag.length));
      i++;
      if (!want.has(category)) {
        if (rest.length === 0) values(1);
        continue;
      }
      const value = rest.length ? rest[0] : values(1)[0];
      const rows = out.get(category) ?? [{}];
      rows[0][itemOf(tag)] = value ?? '?';
      out.set(category, rows);
    } else {
      i++;
    }
  }
  return out;
}

/** A value that says something (not `?`, `.` or missing). */
export const cifValue = (v: string | undefined): string | undefined => (v === undefined || v === '?' || v === '.' || v === '' ? undefined : v);
