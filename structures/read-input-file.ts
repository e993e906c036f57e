// Reading one input file as text, with the checks that turn unusable files into reasons:
// unreadable, empty, binary, a `.gz` that does not decompress. Also gives the sha256 for
// provenance and scene keys: of the file's text, so that `1abc.cif.gz` and the `1abc.cif` it
// holds give the same complex and the same images (a fetch record keeps the .gz's own sha256).
import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { gunzipSync } from 'node:zlib';

export type InputFile = { ok: true; text: string; sha256: string } | { ok: false; reason: string };

export async function readInputFile(path: string): Promise<InputFile> {
  let bytes: Buffer;
  try {
    bytes = await readFile(path);
  } catch (e) {
    const err = e as NodeJS.ErrnoException;
    const why =
      err.code === 'ENOENT'
        ? 'file does not exist'
        : err.code === 'EACCES'
          ? 'permission denied'
          : err.code === 'EISDIR'
            ? 'is a folder, not a file'
            : err.message;
    return { ok: false, reason: `cannot read file: ${why}` };
  }
  if (/\.gz$/i.test(path)) {
    try {
      bytes = gunzipSync(bytes);
    } catch (e) {
      return { ok: false, reason: `file does not decompress as gzip: ${(e as Error).message}` };
    }
  }
  if (bytes.length === 0 || bytes.toString('latin1').trim() === '') return { ok: false, reason: 'file is empty' };
  const head = bytes.subarray(0, 8192);
  if ((bytes[0] === 0xff && bytes[1] === 0xfe) || (bytes[0] === 0xfe && bytes[1] === 0xff))
    return { ok: false, reason: 'file is UTF-16 text; save it as ASCII or UTF-8' };
  if (head.includes(0)) return { ok: false, reason: 'file is binary (holds NUL bytes), not a text structure file' };
  let text = bytes.toString('utf8');
  if (text.includes('\uFFFD')) text = bytes.toString('latin1');
  // A UTF-8 byte-order mark (some Windows editors write one) is not part of the first record.
  if (text.startsWith('\uFEFF')) text = text.slice(1);
  else if (text.startsWith('\u00EF\u00BB\u00BF')) text = text.slice(3);
  return { ok: true, text, sha256: createHash('sha256').update(bytes).digest('hex') };
}
