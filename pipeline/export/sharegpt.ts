// sharegpt for LLaMA-Factory: <task>.<split>.json, a JSON list of {id, messages: [{role:
// "user", content}, {role: "assistant", content}], images: [paths]}, and dataset_info.json
// registering every file as `misi_<task>_<split>` (formatting sharegpt, OpenAI-style tags).
// Image paths are relative to the export folder, which is LLaMA-Factory's dataset_dir.
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { QaRecord } from '../dataset/question-record.ts';
import { writeJsonFile, writeTextAtomically } from '../generate/write-text.ts';
import { promptText } from './conversation.ts';
import type { ExportedRow } from './exported.ts';

export async function writeSharegpt(outDir: string, name: string, records: QaRecord[]): Promise<string> {
  const path = `${name}.json`;
  const values = records.map((r) => ({
    id: r.id,
    messages: [
      { role: 'user', content: promptText(r) },
      { role: 'assistant', content: r.answer },
    ],
    images: r.images,
  }));
  await writeTextAtomically(join(outDir, path), JSON.stringify(values, null, 1) + '\n');
  return path;
}

export const sharegptDatasetName = (task: string, split: string) => `misi_${task}_${split}`;

/** The dataset_info.json entries for the written files. */
export async function writeDatasetInfo(outDir: string, files: { path: string; task: string; split: string }[]): Promise<void> {
  const info: Record<string, unknown> = {};
  for (const f of files) {
    info[sharegptDatasetName(f.task, f.split)] = {
      file_name: f.path,
      formatting: 'sharegpt',
      columns: { messages: 'messages', images: 'images' },
      tags: { role_tag: 'role', content_tag: 'content', user_tag: 'user', assistant_tag: 'assistant' },
    };
  }
  await writeJsonFile(join(outDir, 'dataset_info.json'), info);
}

export async function readSharegpt(outDir: string, path: string): Promise<ExportedRow[]> {
  const values = JSON.parse(await readFile(join(outDir, path), 'utf8')) as any[];
  return values.map((v) => ({
    id: v.id,
    images: v.images,
    prompt: v.messages?.find((m: any) => m.role === 'user')?.content ?? '',
    answer: v.messages?.find((m: any) => m.role === 'assistant')?.content ?? '',
  }));
}
