// qwen: the Qwen2.5-VL fine-tuning data (qwen-vl-finetune) as JSONL, <task>.<split>.jsonl:
// one {id, image: [paths], conversations: [{from: "human", value}, {from: "gpt", value}]}
// per line, one `<image>` per image in order; register the file with the export folder as
// its data_path (the image root).
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { QaRecord } from '../dataset/question-record.ts';
import { writeTextAtomically } from '../generate/write-text.ts';
import type { ExportedRow } from './exported.ts';
import { llavaRecord, llavaRows } from './llava.ts';

export async function writeQwen(outDir: string, name: string, records: QaRecord[]): Promise<string> {
  const path = `${name}.jsonl`;
  await writeTextAtomically(join(outDir, path), records.map((r) => JSON.stringify(llavaRecord(r)) + '\n').join(''));
  return path;
}

export async function readQwen(outDir: string, path: string): Promise<ExportedRow[]> {
  const lines = (await readFile(join(outDir, path), 'utf8')).split('\n').filter((l) => l.trim() !== '');
  return llavaRows(lines.map((l) => JSON.parse(l)));
}
