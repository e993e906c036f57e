// The final assembly of a dataset from its parts: qa/<task>.<split>.jsonl in id order,
// complexes.jsonl, rejects.jsonl, split.json, the tiny sets and manifest.json (with the digest
// of every file of the dataset). A function of the kept
// parts only (never of timing, workers, shards or interruptions), so an interrupted and
// resumed run, a single run and a merge of shards write the same bytes. Each file goes
// through a temporary name.
import { readFile } from 'node:fs/promises';
import { type Side, type SideCounts, VAL } from '../../qa/split-names.ts';
import { SPLITS, type Split, type TaskModule } from '../../qa/task.ts';
import { taskById } from '../../qa/task-registry.ts';
import type { RenderEnvironment } from '../../renders/render-environment.ts';
import { filesDigested, listDatasetFiles } from '../dataset/dataset-files.ts';
import { digestFiles, sha256File } from '../dataset/files.ts';
import { datasetPaths } from '../dataset/layout.ts';
import type { ManifestOptions } from '../dataset/manifest-type.ts';
import type { DatasetReject } from '../dataset/rejects.ts';
import { versions } from '../dataset/versions.ts';
import { writeTinySets } from '../split/write-tiny.ts';
import { AtomicLines } from './atomic-stream.ts';
import { readPart } from './complex-part.ts';
import { buildManifest } from './manifest.ts';
import { writeJsonFile, writeTextAtomically } from './write-text.ts';

/**
 * What the assembly needs besides the parts, decided before any question is drawn and kept
 * as `parts/assembly.json`: the same in every shard of a run, so `merge` assembles from it
 * without the input files.
 */
export interface AssemblyPlan {
  seed: number;
  /** The manifest's `options`. */
  options: ManifestOptions;
  tasks: string[];
  /** Every complex read, sorted by id, with its sorted source hashes and its side (`excluded`: no questions). */
  complexes: { id: string; split: Side; sources: string[] }[];
  ingestRejects: DatasetReject[];
  /** The content of split.json (decided where the split is). */
  splitFile: unknown;
  /** The browser build and font the images are drawn with (the manifest's versions). */
  environment: RenderEnvironment;
}

export async function writeAssemblyPlan(outDir: string, plan: AssemblyPlan): Promise<void> {
  await writeTextAtomically(datasetPaths(outDir).assemblyPlan, JSON.stringify(plan) + '\n');
}

export async function readAssemblyPlan(outDir: string): Promise<AssemblyPlan> {
  return JSON.parse(await readFile(datasetPaths(outDir).assemblyPlan, 'utf8')) as AssemblyPlan;
}

export interface AssembleSummary {
  questions: number;
  imageReferences: number;
  distinctImages: number;
  rejects: number;
  /** Stage (and `internal`) of every reject, for the summary and --strict. */
  rejectKinds: { stage?: unknown; internal?: unknown; id?: unknown }[];
  /** Questions per task and side. */
  counts?: Record<string, SideCounts>;
}

/** Complex ids in the order their question ids sort (`<task>-<complex>-<index>`). */
export function idOrder(ids: readonly string[]): string[] {
  return [...ids].sort((a, b) => (`${a}-` < `${b}-` ? -1 : `${a}-` > `${b}-` ? 1 : 0));
}

/** The manifest's `files`: the digest of every file of the dataset but split.json and the
 * images `images` holds (pipeline/dataset/dataset-files.ts), as they are now on disk. */
function fileDigests(outDir: string, images: ReadonlySet<string>): { path: string; sha256: string }[] {
  const rel = filesDigested(listDatasetFiles(outDir), images);
  const digests = digestFiles(rel.map((p) => datasetPaths(outDir).file(p)));
  return rel.map((path, i) => {
    const d = digests[i];
    if (!('sha256' in d)) throw new Error(`${path}: listed a moment ago, now ${'missing' in d ? 'gone' : `unreadable (${d.unreadable})`}`);
    return { path, sha256: d.sha256 };
  });
}

/** Writes the dataset files of `outDir` from its parts; `onFile` after each file is in place.
 * `modules`: the run's tasks when a library caller brought its own (default: the registry's). */
export async function assemble(
  outDir: string,
  onFile: () => void = () => {},
  modules: readonly TaskModule[] = [],
): Promise<AssembleSummary> {
  const plan = await readAssemblyPlan(outDir);
  const paths = datasetPaths(outDir);
  const tasks = plan.tasks.map((id) => {
    const t = modules.find((m) => m.id === id) ?? taskById(id);
    if (!t) throw new Error(`${paths.assemblyPlan}: unknown task '${id}'`);
    return t;
  });
  const ids = plan.complexes.map((c) => c.id);
  const a = { outDir, ...plan, tasks, ids };
  // complexes.jsonl, copied line by line from the kept ingest outcomes.
  const complexes = await AtomicLines.open(paths.complexes);
  for (const id of a.ids) {
    const outcome = JSON.parse(await readFile(paths.ingested(id), 'utf8'));
    await complexes.write(JSON.stringify(outcome.complex) + '\n');
  }
  await complexes.close();
  onFile();

  // qa/ files: every part once, its records to their task and split file.
  const files = new Map<string, AtomicLines>();
  const counts: Record<string, SideCounts> = {};
  const replacements: Record<string, number> = {};
  // Val (`--buffer val`) has files and counts only in a run that has val complexes.
  const splits: Split[] = plan.complexes.some((c) => c.split === VAL) ? [...SPLITS, VAL] : [...SPLITS];
  for (const t of a.tasks) {
    counts[t.id] = splits.includes(VAL) ? { train: 0, test: 0, val: 0 } : { train: 0, test: 0 };
    replacements[t.id] = 0;
    for (const s of splits) files.set(`${t.id}.${s}`, await AtomicLines.open(paths.qa(t.id, s)));
  }
  // The versions the manifest records; every part must have been made under them.
  const runVersions = versions(plan.environment, a.tasks);
  const rejects: DatasetReject[] = [...a.ingestRejects];
  const images = new Map<string, string>();
  let questions = 0;
  let imageReferences = 0;
  for (const id of idOrder(a.ids)) {
    const part = await readPart(a.outDir, id, runVersions);
    for (const r of part.records) {
      const file = files.get(`${r.task}.${r.split}`);
      if (!file) throw new Error(`${id}: a record of task ${r.task} that this run does not have`);
      await file.write(JSON.stringify(r) + '\n');
      counts[r.task][r.split] = (counts[r.task][r.split] ?? 0) + 1;
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

  const rejectFile = await AtomicLines.open(paths.rejects);
  for (const r of rejects) await rejectFile.write(JSON.stringify(r) + '\n');
  await rejectFile.close();
  onFile();
  await writeJsonFile(paths.split, a.splitFile);
  onFile();
  // The tiny evaluation sets (issue 8), from the test files just written (before the
  // manifest, which records their digests).
  await writeTinySets(outDir, plan.tasks, plan.seed);
  const imageList = [...images.keys()].sort().map((path) => ({ path, sha256: images.get(path)! }));
  const manifest = buildManifest({
    seed: a.seed,
    versions: runVersions,
    options: a.options,
    complexes: plan.complexes,
    splitSha256: await sha256File(paths.split),
    counts,
    replacements,
    questions,
    imageReferences,
    rejects: rejects.length,
    images: imageList,
    files: fileDigests(outDir, new Set(images.keys())),
  });
  await writeJsonFile(paths.manifest, manifest);
  onFile();
  const rejectKinds = rejects.map((r) => ({ stage: r.stage, internal: r.internal, id: r.id }));
  return { questions, imageReferences, distinctImages: images.size, rejects: rejects.length, rejectKinds, counts };
}
