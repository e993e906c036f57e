// Tab-separated text as pandas' `read_csv(sep='\t')` reads it (VLMEvalKit's reader): a field
// holding a tab, a line break or a double quote is put in double quotes, with its quotes
// doubled; every other field is written as it is. The reader takes the text in chunks, so a
// file of several GB (images inlined) is never one string.

export function tsvField(value: string): string {
  return /[\t\n\r"]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value;
}

export function tsvLine(values: string[]): string {
  return values.map(tsvField).join('\t') + '\n';
}

const SEPARATOR = /[\t\n\r]/g;

/** Rows of TSV text fed in chunks (the first row is the header), quoted fields undone. */
export class TsvReader {
  private row: string[] = [];
  private field = '';
  private started = false;
  private quoted = false;
  /** In a quoted field, the last chunk ended on a quote (closing, or the first of a pair). */
  private quoteAtEnd = false;

  constructor(private readonly onRow: (row: string[]) => void) {}

  private endField(): void {
    this.row.push(this.field);
    this.field = '';
    this.started = false;
  }

  push(chunk: string): void {
    let i = 0;
    if (this.quoteAtEnd) {
      this.quoteAtEnd = false;
      if (chunk[0] === '"') {
        this.field += '"';
        i = 1;
      } else this.quoted = false;
    }
    while (i < chunk.length) {
      if (this.quoted) {
        const q = chunk.indexOf('"', i);
        if (q < 0) {
          this.field += chunk.slice(i);
          return;
        }
        this.field += chunk.slice(i, q);
        if (q + 1 >= chunk.length) {
          this.quoteAtEnd = true;
          return;
        }
        if (chunk[q + 1] === '"') {
          this.field += '"';
          i = q + 2;
        } else {
          this.quoted = false;
          i = q + 1;
        }
        continue;
      }
      if (!this.started && chunk[i] === '"') {
        this.quoted = true;
        this.started = true;
        i++;
        continue;
      }
      SEPARATOR.lastIndex = i;
      const m = SEPARATOR.exec(chunk);
      if (!m) {
        this.field += chunk.slice(i);
        this.started = true;
        return;
      }
      this.field += chunk.slice(i, m.index);
      const c = m[0];
      i = m.index + 1;
      if (c === '\t') this.endField();
      else if (c === '\n') {
        this.endField();
        this.onRow(this.row);
        this.row = [];
      }
    }
  }

  end(): void {
    if (this.field !== '' || this.row.length) {
      this.endField();
      this.onRow(this.row);
    }
    this.row = [];
  }
}

export function parseTsv(text: string): string[][] {
  const rows: string[][] = [];
  const r = new TsvReader((row) => rows.push(row));
  r.push(text);
  r.end();
  return rows;
}
