// Tab-separated text as pandas' `read_csv(sep='\t')` reads it (VLMEvalKit's reader): a field
// holding a tab, a line break or a double quote is put in double quotes, with its quotes
// doubled; every other field is written as it is.

export function tsvField(value: string): string {
  return /[\t\n\r"]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value;
}

export function tsvLine(values: string[]): string {
  return values.map(tsvField).join('\t') + '\n';
}

/** Rows of a TSV text (the first is the header), quoted fields undone. */
export function parseTsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let i = 0;
  while (i < text.length) {
    const c = text[i];
    if (c === '"' && field === '') {
      // A quoted field: up to the quote not followed by another quote.
      i++;
      while (i < text.length) {
        if (text[i] === '"' && text[i + 1] === '"') {
          field += '"';
          i += 2;
        } else if (text[i] === '"') {
          i++;
          break;
        } else field += text[i++];
      }
      continue;
    }
    if (c === '\t') {
      row.push(field);
      field = '';
    } else if (c === '\n') {
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
    } else if (c !== '\r') field += c;
    i++;
  }
  if (field !== '' || row.length) rows.push([...row, field]);
  return rows;
}
