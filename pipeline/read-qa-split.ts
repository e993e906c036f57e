// Reading the questions of one split of a dataset: every `<dir>/qa/<task>.<split>.jsonl`,
// files in sorted order. Only the fields the scorer needs are checked; a line that is not a
// question record is an error naming the file and line.
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { QuestionRecord } from '../qa/scoring/score-split.ts';

/** A dataset that cannot be read: the message names the file (and line) and the problem. */
export class DatasetReadError extends Error {}

export async function readQaSplit(datasetDir: string, split: string): Promise<QuestionRecord[]> {
  const qaDir = join(datasetDir, 'qa');
  let names: string[];
  try {
    names = await readdir(qaDir);
  } catch {
    throw new DatasetReadError(`${qaDir}: no such folder (is ${datasetDir} a dataset made by 'misi-gen generate'?)`);
  }
  const suffix = `.${split}.jsonl`;
  const files = names.filter((n) => n.endsWith(suffix)).sort();
  if (!files.length) throw new DatasetReadError(`${qaDir}: no <task>${suffix} files for the ${split} split`);
  const records: QuestionRecord[] = [];
  for (const name of files) {
    const text = await readFile(join(qaDir, name), 'utf8');
    text.split(/\r?\n/).forEach((line, i) => {
      if (line.trim() === '') return;
      const source = `qa/${name}:${i + 1}`;
      let value: unknown;
      try {
        value = JSON.parse(line);
      } catch {
        throw new DatasetReadError(`${join(qaDir, name)}:${i + 1}: not JSON`);
      }
      const r = value as Record<string, unknown>;
      const fields = ['id', 'task', 'answer'] as const;
      const bad = fields.find((f) => typeof r?.[f] !== 'string');
      if (bad) throw new DatasetReadError(`${join(qaDir, name)}:${i + 1}: no string '${bad}'`);
      const options = optionTexts(r.options);
      records.push({ id: r.id as string, task: r.task as string, answer: r.answer as string, options, source });
    });
  }
  return records;
}

/**
 * The options as letter -> text. `generate` writes them as a list of
 * `{letter, commands?, text?}`; a hand-made dataset may give `{A: "...", ...}`.
 */
function optionTexts(raw: unknown): Record<string, string> | undefined {
  if (Array.isArray(raw)) {
    const out: Record<string, string> = {};
    for (const o of raw as Array<Record<string, unknown>>) {
      const text = typeof o?.commands === 'string' ? o.commands : typeof o?.text === 'string' ? o.text : undefined;
      if (typeof o?.letter === 'string' && text !== undefined) out[o.letter] = text;
    }
    return Object.keys(out).length ? out : undefined;
  }
  return raw && typeof raw === 'object' ? (raw as Record<string, string>) : undefined;
}

