// Glyph advances of the bundled label font (renders/assets/DejaVuSans.ttf), read from the
// file's own tables (head: units per em; hhea + hmtx: advance widths; cmap format 4:
// characters -> glyphs), so label widths are known in Node before anything is drawn. The
// page draws each character at the x offsets given here (no kerning, no ligatures), so the
// text it draws is exactly as wide as the layout assumed.
import { readFileSync } from 'node:fs';

interface FontMetrics {
  unitsPerEm: number;
  /** Advance of each glyph, font units. */
  advances: Uint16Array;
  /** Character code (Basic Multilingual Plane) -> glyph index. */
  glyphOf: (code: number) => number;
}

let metrics: FontMetrics | null = null;

function readMetrics(): FontMetrics {
  const file = new URL('./assets/DejaVuSans.ttf', import.meta.url);
  const b = readFileSync(file);
  const tables = new Map<string, number>();
  const count = b.readUInt16BE(4);
  for (let i = 0; i < count; i++) tables.set(b.toString('latin1', 12 + 16 * i, 16 + 16 * i), b.readUInt32BE(20 + 16 * i));
  const at = (tag: string) => {
    const o = tables.get(tag);
    if (o === undefined) throw new Error(`${file.pathname}: no '${tag}' table`);
    return o;
  };
  const unitsPerEm = b.readUInt16BE(at('head') + 18);
  const numberOfHMetrics = b.readUInt16BE(at('hhea') + 34);
  const numGlyphs = b.readUInt16BE(at('maxp') + 4);
  const hmtx = at('hmtx');
  const advances = new Uint16Array(numGlyphs);
  for (let g = 0; g < numGlyphs; g++) advances[g] = b.readUInt16BE(hmtx + 4 * Math.min(g, numberOfHMetrics - 1));
  // cmap: the Unicode BMP subtable (platform 3 encoding 1, or platform 0), format 4.
  const cmap = at('cmap');
  let sub = -1;
  for (let i = 0; i < b.readUInt16BE(cmap + 2); i++) {
    const platform = b.readUInt16BE(cmap + 4 + 8 * i),
      encoding = b.readUInt16BE(cmap + 6 + 8 * i);
    const o = cmap + b.readUInt32BE(cmap + 8 + 8 * i);
    if (b.readUInt16BE(o) === 4 && ((platform === 3 && encoding === 1) || platform === 0)) {
      sub = o;
      break;
    }
  }
  if (sub < 0) throw new Error(`${file.pathname}: no format-4 Unicode cmap`);
  const segX2 = b.readUInt16BE(sub + 6);
  const ends = sub + 14,
    starts = ends + segX2 + 2,
    deltas = starts + segX2,
    ranges = deltas + segX2;
  const glyphOf = (code: number) => {
    for (let s = 0; s < segX2; s += 2) {
      if (b.readUInt16BE(ends + s) < code) continue;
      const start = b.readUInt16BE(starts + s);
      if (start > code) return 0;
      const delta = b.readInt16BE(deltas + s),
        range = b.readUInt16BE(ranges + s);
      if (range === 0) return (code + delta) & 0xffff;
      const g = b.readUInt16BE(ranges + s + range + 2 * (code - start));
      return g === 0 ? 0 : (g + delta) & 0xffff;
    }
    return 0;
  };
  return { unitsPerEm, advances, glyphOf };
}

export interface TextMetrics {
  /** Left edge of each character from the text's start, CSS pixels. */
  offsets: number[];
  /** Advance width of the whole text, CSS pixels. */
  width: number;
}

/** Where each character of `text` starts and how wide it is at `fontSize` CSS pixels. */
export function measureLabel(text: string, fontSize: number): TextMetrics {
  metrics ??= readMetrics();
  const m = metrics;
  const offsets: number[] = [];
  let units = 0;
  for (const ch of text) {
    offsets.push((units * fontSize) / m.unitsPerEm);
    units += m.advances[m.glyphOf(ch.codePointAt(0)!)] ?? 0;
  }
  return { offsets, width: (units * fontSize) / m.unitsPerEm };
}
