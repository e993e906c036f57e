// Writes qa/<task>.tiny.jsonl for every task from its qa/<task>.test.jsonl: the lines of the
// tiny subset (tiny-set.ts), copied unchanged. Returns the number of questions per task.
import { readFile } from 'node:fs/promises';
import { TEST, TINY } from '../../qa/split-names.ts';
import { datasetPaths } from '../dataset/layout.ts';
import { writeTextAtomically } from '../generate/write-text.ts';
import { TINY_PER_TASK, tinySubset } from './tiny-set.ts';

export async function writeTinySets(
  outDir: string,
  tasks: readonly string[],
  seed: number,
  size = TINY_PER_TASK,
): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const task of tasks) {
    const path = datasetPaths(outDir).qa(task, TEST);
    const lines = (await readFile(path, 'utf8')).split('\n').filter((l) => l.trim() !== '');
    const items = lines.map((line, i) => {
      const id = (JSON.parse(line) as { id?: unknown }).id;
      if (typeof id !== 'string') throw new Error(`${path}:${i + 1}: no string 'id'`);
      return { id, line };
    });
    const chosen = tinySubset(items, seed, task, size);
    await writeTextAtomically(datasetPaths(outDir).qa(task, TINY), chosen.map((c) => c.line + '\n').join(''));
    counts[task] = chosen.length;
  }
  return counts;
}
