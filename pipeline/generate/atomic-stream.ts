// A file written line by line under a temporary name and renamed when complete, so a
// reader never sees half of it. Writes wait when the stream's buffer is full.

import { once } from 'node:events';
import { createWriteStream, type WriteStream } from 'node:fs';
import { mkdir, rename } from 'node:fs/promises';
import { dirname } from 'node:path';
import { temporaryPath } from '../dataset/layout.ts';

export class AtomicLines {
  private constructor(
    private readonly path: string,
    private readonly tmp: string,
    private readonly stream: WriteStream,
  ) {}

  static async open(path: string): Promise<AtomicLines> {
    await mkdir(dirname(path), { recursive: true });
    const tmp = temporaryPath(path);
    const stream = createWriteStream(tmp);
    await once(stream, 'open');
    return new AtomicLines(path, tmp, stream);
  }

  async write(text: string): Promise<void> {
    if (!this.stream.write(text)) await once(this.stream, 'drain');
  }

  /** Bytes handed to the stream and not yet written to the file. */
  get buffered(): number {
    return this.stream.writableLength;
  }

  /** Flushes, closes and renames to the final name. */
  async close(): Promise<void> {
    this.stream.end();
    await once(this.stream, 'close');
    await rename(this.tmp, this.path);
  }
}
