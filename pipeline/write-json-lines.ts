// Writing a JSON-lines file safely and in constant memory: one record per line, each line
// handed to the file as it is made (waiting while the stream's buffer is full), under a
// temporary name renamed when complete. Nothing here joins a whole file into one string.
import { AtomicLines } from './generate/atomic-stream.ts';

export interface JsonLinesStats {
  records: number;
  /** Bytes written (UTF-8). */
  bytes: number;
  /** Most bytes ever waiting in the stream's buffer, the line being written included. */
  largestBuffered: number;
}

/** A JSON-lines file open for writing; `close` renames it to its final name. */
export class JsonLinesWriter {
  private readonly stats: JsonLinesStats = { records: 0, bytes: 0, largestBuffered: 0 };
  private constructor(private readonly file: AtomicLines) {}

  static async open(path: string): Promise<JsonLinesWriter> {
    return new JsonLinesWriter(await AtomicLines.open(path));
  }

  async write(record: unknown): Promise<void> {
    const line = JSON.stringify(record) + '\n';
    const size = Buffer.byteLength(line);
    this.stats.records++;
    this.stats.bytes += size;
    const pending = this.file.buffered + size;
    if (pending > this.stats.largestBuffered) this.stats.largestBuffered = pending;
    await this.file.write(line);
  }

  async close(): Promise<JsonLinesStats> {
    await this.file.close();
    return { ...this.stats };
  }
}

/** Writes `records` (a list, or any sync or async iterable of them) to `path`. */
export async function writeJsonLines(path: string, records: Iterable<unknown> | AsyncIterable<unknown>): Promise<JsonLinesStats> {
  const out = await JsonLinesWriter.open(path);
  for await (const r of records) await out.write(r);
  return out.close();
}
