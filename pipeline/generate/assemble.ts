// The final assembly of a dataset from its parts: qa/<task>.<split>.jsonl in id order,
// complexes.jsonl, rejects.jsonl, split.json and manifest.json. A function of the kept
// parts only (never of timing, workers, shards or interruptions), so an interrupted and
// resumed run, a single run and a merge of shards write the same bytes. Each file goes
// through a temporary name.
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { SPLITS, type TaskModule } from '../../qa/task.ts';
import { AtomicLines } from './atomic-stream.ts';
import { readPart } from './complex-part.ts';
import { ingestedPath } from './ingest-stage.ts';
import { buildManifest } from './manifest.ts';
import type { SplitAssignment } from './split.ts';
import { writeJsonFile } from './write-text.ts';

export interface AssembleInputs {
  outDir: string;
  seed: number;
  tasks: readonly TaskModule[];
  /** The manifest's `options`. */
  options: Record<string, unknown>;
  /** Every complex read, sorted by id, with its source hashes. */
  ids: readonly string[];
  sources: ReadonlyMap<string, string[]>;
  ingestRejects: readonly unknown[];
  split: SplitAssignment;
  /** The content of split.json (decided where the split is). */
  splitFile: unknown;
  /** Called after each file is in place (the crash test's kill points). */
  onFile?: () => void;
}

export interface AssembleSummary {
  questions: number;
  imageReferences: number;
  distinctImages: number;
  rejects: number;
}

/** Complex ids in the order their question ids sort (`<task>-<complex>-<index>`). */
export function idOrder(ids: readonly string[]): string[] {
  return [...ids].sort((a, b) => (`${a}-` < `${b}-` ? -1 : `${a}-` > `${b}-` ? 1 : 0));
}

export async function assemble(a: AssembleInputs): Promise<AssembleSummary> {
  const onFile = a.onFile ?? (() => {});
  // complexes.jsonl, copied line by line from the kept ingest outcomes.
  const complexes = await AtomicLines.open(join(a.outDir, 'complexes.jsonl'));
  for (const id of a.ids) {
    const outcome = JSON.parse(await readFile(ingestedPath(a.outDir, id), 'utf8'));
    await complexes.write(JSON.stringify(outcome.complex) + '\n');
  }
  await complexes.close();
  onFile();

  // qa/ files: every part once, its records to their task and split file.
  const files = new Map<string, AtomicLines>();
  const counts: Record<string, { train: number; test: number }> = {};
  const replacements: Record<string, number> = {};
  for (const t of a.tasks) {
    counts[t.id] = { train: 0, test: 0 };
    replacements[t.id] = 0;
    for (const s of SPLITS) files.set(`${t.id}.${s}`, await AtomicLines.open(join(a.outDir, 'qa', `${t.id}.${s}.jsonl`)));
  }
  const rejects: unknown[] = [...a.ingestRejects];
  const images = new Map<string, string>();
  let questions = 0;
  let imageReferences = 0;
  for (const id of idOrder(a.ids)) {
    const part = await readPart(a.outDir, id);
    for (const r of part.records) {
      const file = files.get(`${r.task}.${r.split}`);
      if (!file) throw new Error(`${id}: a record of task ${r.task} that this run does not have`);
      await file.write(JSON.stringify(r) + '\n');
      counts[r.task][r.split]++;
      questions++;
      imageReferences += r.images.length;
    }
    for (const [k, v] of Object.entries(part.replacements)) replacements[k] = (replacements[k] ?? 0) + v;
    rejects.push(...part.rejects);
    for (const [path, sha] of part.images) images.set(path, sha);
  }
  for (const f of files.values()) {
    await f.close();
    onFile();
  }

  const rejectFile = await AtomicLines.open(join(a.outDir, 'rejects.jsonl'));
  for (const r of rejects) await rejectFile.write(JSON.stringify(r) + '\n');
  await rejectFile.close();
  onFile();
  await writeJsonFile(join(a.outDir, 'split.json'), a.splitFile);
  onFile();
  const manifest = buildManifest({
    seed: a.seed,
    options: a.options,
    tasks: a.tasks,
    complexes: a.ids.map((id) => ({ id, split: a.split.side.get(id)!, sources: a.sources.get(id)! })),
    counts,
    replacements,
    questions,
    imageReferences,
    rejects: rejects.length,
    images: [...images.keys()].sort().map((path) => ({ path, sha256: images.get(path)! })),
  });
  await writeJsonFile(join(a.outDir, 'manifest.json'), manifest);
  onFile();
  return { questions, imageReferences, distinctImages: images.size, rejects: rejects.length };
}
