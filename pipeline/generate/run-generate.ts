// `generate` as a library call: ingest (with H-bonds) -> split -> plan -> render -> write.
// The split is decided from the sorted complex ids before any question is drawn; every
// question draws from its own generator; records are written sorted by id at the end.
import { join } from 'node:path';
import { cpus, freemem, platform, release, totalmem } from 'node:os';
import { ingest } from '../../structures/ingest.ts';
import type { HBondOptions } from '../../structures/hbonds/find-hbonds.ts';
import type { Complex } from '../../structures/model.ts';
import { RenderPool } from '../../renders/render-pool.ts';
import { complexCamera } from '../../renders/scene-atoms.ts';
import { makeStyle } from '../../renders/style.ts';
import type { SceneSpec } from '../../renders/scene-spec.ts';
import { findBrowser } from '../../renders/find-browser.ts';
import { SPLITS, type PreparedComplex, type TaskModule } from '../../qa/task.ts';
import { writeJsonLines } from '../write-json-lines.ts';
import { progressReporter } from '../progress.ts';
import { formatCounts, parseCounts } from './counts.ts';
import { buildManifest, hashImages } from './manifest.ts';
import { planComplex, type PlannedQuestion, type PlanReject } from './plan.ts';
import { buildRecord, byId, type QaRecord } from './records.ts';
import { renderBatch, scenePaths, type RenderTally } from './render-stage.ts';
import { decideSplit } from './split.ts';
import { writeJsonFile } from './write-text.ts';

export interface GenerateOptions {
  structures: string[];
  ligand?: string;
  ligandsFile?: string;
  pocketRadius?: number;
  pocketHydrogens?: boolean;
  /** H-bond criteria (default: ChimeraX's, relaxed); the bonds are stored on each complex. */
  hbonds?: HBondOptions;
  out: string;
  tasks: readonly TaskModule[];
  seed: number;
  /** Keep only the first N complexes by sorted id (before the split). */
  limit?: number;
  perComplex?: string;
  testShare: number;
  /** Pages in the render pool; default one per core. */
  pages?: number;
  /** Progress and notes (stderr in the CLI). */
  log?: (line: string) => void;
  quiet?: boolean;
}

export interface GenerateSummary {
  complexes: number;
  questions: number;
  distinctImages: number;
  rendered: number;
  existing: number;
  rejects: number;
  seconds: Record<string, number>;
}

export async function generate(o: GenerateOptions): Promise<GenerateSummary> {
  const log = o.log ?? ((line: string) => process.stderr.write(line + '\n'));
  const counts = parseCounts(o.perComplex, o.tasks);
  const seconds: Record<string, number> = {};
  const started = new Date();
  let t0 = Date.now();
  const lap = (name: string) => { seconds[name] = (Date.now() - t0) / 1000; t0 = Date.now(); };

  // Ingest and H-bonds.
  const ingestProgress = o.quiet ? null : progressReporter('generate: ingest');
  const read = await ingest(o.structures, {
    ligand: o.ligand, ligandsFile: o.ligandsFile, pocketRadius: o.pocketRadius, pocketHydrogens: o.pocketHydrogens,
    hbonds: o.hbonds ?? {}, onProgress: ingestProgress?.update,
  });
  ingestProgress?.done();
  const rejects: unknown[] = read.rejects.map((r) => ({ ...r }));
  let complexes: Complex[] = read.complexes;
  if (o.limit !== undefined) complexes = complexes.slice(0, o.limit);
  const prepared = new Map<string, PreparedComplex>();
  for (const complex of complexes) {
    prepared.set(complex.id, { complex, camera: complexCamera(complex) });
  }
  lap('ingest');

  // Split, then plan.
  const split = decideSplit([...prepared.keys()], o.seed, o.testShare);
  const style = makeStyle();
  const complexById = (id: string) => {
    const c = prepared.get(id);
    if (!c) throw new Error(`unknown complex ${id}`);
    return c;
  };
  const questions: PlannedQuestion[] = [];
  const replacements: Record<string, number> = Object.fromEntries(o.tasks.map((t) => [t.id, 0]));
  for (const id of [...prepared.keys()].sort()) {
    const p = planComplex(prepared.get(id)!, { seed: o.seed, split, tasks: o.tasks, counts, style, complexById });
    questions.push(...p.questions);
    for (const r of p.rejects) rejects.push(r satisfies PlanReject);
    for (const [k, v] of Object.entries(p.replacements)) replacements[k] += v;
  }
  lap('plan');

  // Render every distinct scene once, in batches by the complex a scene draws (so a
  // partner's option scenes share the page load of that complex's own scenes).
  const allImages = new Set(questions.flatMap((q) => q.plan.images.map((s) => scenePaths(s).image)));
  const byComplex = new Map<string, SceneSpec[]>();
  for (const q of questions) {
    for (const s of q.plan.images) {
      const list = byComplex.get(s.complex.id);
      if (list) list.push(s);
      else byComplex.set(s.complex.id, [s]);
    }
  }
  const perComplex = [...byComplex.keys()].sort().map((id) => byComplex.get(id)!);
  const tally: RenderTally = { rendered: 0, existing: 0, failed: new Map() };
  const claimed = new Set<string>();
  const pool = new RenderPool({ pages: o.pages });
  const renderProgress = o.quiet ? null : progressReporter('generate: images');
  let done = 0;
  try {
    let next = 0;
    await Promise.all(Array.from({ length: pool.size * 2 }, async () => {
      while (next < perComplex.length) {
        const batch = perComplex[next++];
        await renderBatch(pool, o.out, batch, claimed, tally, (n) => {
          done += n;
          renderProgress?.update(done, allImages.size);
        });
      }
    }));
  } finally {
    await pool.close();
    renderProgress?.done();
  }
  lap('render');

  // Records, sorted by id, per task and split; questions with a failed image are rejects.
  const records = new Map<string, QaRecord[]>();
  for (const t of o.tasks) for (const s of SPLITS) records.set(`${t.id}.${s}`, []);
  let imageReferences = 0;
  for (const q of questions) {
    const record = buildRecord(q, o.seed);
    const failed = record.images.find((p) => tally.failed.has(p));
    if (failed) {
      rejects.push({ stage: 'render', id: q.id, task: q.task.id, complex: q.complex, split: q.split, index: q.index, reason: `image ${failed}: ${tally.failed.get(failed)}` });
      continue;
    }
    imageReferences += record.images.length;
    records.get(`${q.task.id}.${q.split}`)!.push(record);
  }
  const countsOut: Record<string, { train: number; test: number }> = {};
  const usedImages: string[] = [];
  for (const t of o.tasks) {
    countsOut[t.id] = { train: 0, test: 0 };
    for (const s of SPLITS) {
      const list = records.get(`${t.id}.${s}`)!.sort(byId);
      countsOut[t.id][s] = list.length;
      for (const r of list) usedImages.push(...r.images);
      await writeJsonLines(join(o.out, 'qa', `${t.id}.${s}.jsonl`), list);
    }
  }
  const complexList = [...prepared.values()].map((p) => p.complex);
  await writeJsonLines(join(o.out, 'complexes.jsonl'), complexList);
  await writeJsonLines(join(o.out, 'rejects.jsonl'), rejects);
  await writeJsonFile(join(o.out, 'split.json'), {
    by: 'complex', seed: o.seed, testShare: o.testShare,
    complexes: [...split.side.entries()].map(([id, side]) => ({ id, side })),
  });
  const questionCount = [...records.values()].reduce((n, l) => n + l.length, 0);
  const images = await hashImages(o.out, usedImages);
  const manifest = buildManifest({
    seed: o.seed,
    options: {
      tasks: o.tasks.map((t) => t.id),
      perComplex: formatCounts(counts),
      testShare: o.testShare,
      limit: o.limit ?? null,
      ligand: o.ligand ?? null,
      pocketRadius: o.pocketRadius ?? null,
      pocketHydrogens: o.pocketHydrogens ?? null,
      hbonds: o.hbonds ?? {},
    },
    tasks: o.tasks,
    complexes: complexList.map((c) => ({ id: c.id, split: split.side.get(c.id)!, sources: c.sources.map((s) => s.sha256).sort() })),
    counts: countsOut,
    replacements,
    questions: questionCount,
    imageReferences,
    rejects: rejects.length,
    images,
  });
  await writeJsonFile(join(o.out, 'manifest.json'), manifest);
  lap('write');
  const total = Object.values(seconds).reduce((a, b) => a + b, 0);
  const cpu = cpus();
  await writeJsonFile(join(o.out, 'run.json'), {
    started: started.toISOString(),
    finished: new Date().toISOString(),
    seconds: { ...seconds, total },
    images: { distinct: images.length, rendered: tally.rendered, existing: tally.existing, failed: tally.failed.size, renderedPerSecond: seconds.render > 0 ? tally.rendered / seconds.render : null },
    pages: pool.size,
    machine: { platform: platform(), release: release(), cpus: cpu.length, cpuModel: cpu[0]?.model ?? '', memoryBytes: totalmem(), freeMemoryBytes: freemem(), node: process.version, browser: findBrowser() },
  });
  log(`generate: ${prepared.size} complexes (${split.ids.train.length} train, ${split.ids.test.length} test), ${questionCount} questions, ${images.length} distinct images (${tally.rendered} drawn, ${tally.existing} already there), ${rejects.length} rejects, ${total.toFixed(1)} s -> ${o.out}`);
  return { complexes: prepared.size, questions: questionCount, distinctImages: images.length, rendered: tally.rendered, existing: tally.existing, rejects: rejects.length, seconds };
}
