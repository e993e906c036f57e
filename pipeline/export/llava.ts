// llava: <task>.<split>.json, a JSON list of {id, image: [paths], conversations: [{from:
// "human", value}, {from: "gpt", value}]}, one `<image>` placeholder per image in order;
// image paths relative to the export folder (LLaVA's image_folder).
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { QaRecord } from '../dataset/question-record.ts';
import { writeTextAtomically } from '../generate/write-text.ts';
import { promptText } from './conversation.ts';
import type { ExportedRow } from './exported.ts';

export const llavaRecord = (r: QaRecord) => ({
  id: r.id,
  image: r.images,
  conversations: [
    { from: 'human', value: promptText(r) },
    { from: 'gpt', value: r.answer },
  ],
});

export async function writeLlava(outDir: string, name: string, records: QaRecord[]): Promise<string> {
  const path = `${name}.json`;
  await writeTextAtomically(join(outDir, path), JSON.stringify(records.map(llavaRecord), null, 1) + '\n');
  return path;
}

/** Rows of a written file; also used for the qwen JSONL, which has the same record shape. */
export function llavaRows(values: any[]): ExportedRow[] {
  return values.map((v) => {
    const human = v.conversations?.find((c: any) => c.from === 'human');
    const gpt = v.conversations?.find((c: any) => c.from === 'gpt');
    return { id: v.id, images: Array.isArray(v.image) ? v.image : [v.image], prompt: human?.value ?? '', answer: gpt?.value ?? '' };
  });
}

export async function readLlava(outDir: string, path: string): Promise<ExportedRow[]> {
  return llavaRows(JSON.parse(await readFile(join(outDir, path), 'utf8')));
}
