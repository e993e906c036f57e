// The questions of one qa file one at a time, in file order, holding one chunk of the file
// in memory (the audit reads datasets of any size this way; readQaFile reads a file whole).
// Each line is checked as read-dataset.ts checks it; a bad line throws, naming file and line.
import { closeSync, openSync, readSync } from 'node:fs';
import type { QaRecord } from './question-record.ts';
import { DatasetReadError, type QaFile, questionFromLine } from './read-dataset.ts';

const CHUNK = 1 << 20;

export function eachQuestion(file: QaFile, check: 'record', visit: (record: QaRecord, line: number) => void): number {
  let fd: number;
  try {
    fd = openSync(file.path, 'r');
  } catch (e) {
    throw new DatasetReadError(`${file.path}: cannot read it (${(e as NodeJS.ErrnoException).code ?? (e as Error).message})`);
  }
  const buffer = Buffer.alloc(CHUNK);
  let rest = '';
  let line = 0;
  let count = 0;
  const take = (text: string) => {
    line++;
    if (text.trim() === '') return;
    const read = questionFromLine(text, `${file.path}:${line}`, check);
    if (typeof read === 'string') throw new DatasetReadError(read);
    count++;
    visit(read, line);
  };
  try {
    const decoder = new TextDecoder();
    for (;;) {
      const n = readSync(fd, buffer, 0, CHUNK, null);
      if (n === 0) break;
      const lines = (rest + decoder.decode(buffer.subarray(0, n), { stream: true })).split('\n');
      rest = lines.pop()!;
      for (const l of lines) take(l);
    }
    if (rest) take(rest);
  } finally {
    closeSync(fd);
  }
  return count;
}
