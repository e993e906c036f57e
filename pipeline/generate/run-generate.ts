// `generate` as a library call: ingest (with H-bonds) -> split -> plan -> render -> write,
// streamed complex by complex (stream-complexes.ts) with the work of each kept under
// `parts/`, then the dataset assembled from the parts (assemble.ts). The split is decided
// from the sorted complex ids before any question is drawn; every question draws from its
// own generator. On a folder holding a partial run of the same options it resumes; with a
// shard it does only its slice and leaves the assembly to `merge`. The run's parts: its
// options, style and identity (run-options.ts), the render pool's lifetime (run-pool.ts),
// the stages below, and the closing log and summary (run-report.ts).

import { EXCLUDED } from '../../qa/split-names.ts';
import { NoBrowserError } from '../../renders/browser.ts';
import { findBrowser, NO_BROWSER_HELP } from '../../renders/find-browser.ts';
import { type RenderEnvironment, renderEnvironment } from '../../renders/render-environment.ts';
import type { Style } from '../../renders/style.ts';
import { KnownError } from '../../structures/known-error.ts';
import { datasetPaths, REJECTS_FILE, removeTemporaryFiles } from '../dataset/layout.ts';
import { type Versions, versions } from '../dataset/versions.ts';
import { checkOutForGenerate } from '../out-folder.ts';
import { complexes } from '../plural.ts';
import { progressReporter, runProgress } from '../progress.ts';
import { shortfall } from '../split/split-report.ts';
import { splitWarnings } from '../split-warnings.ts';
import { assemble, writeAssemblyPlan } from './assemble.ts';
import { partExists, readPart } from './complex-part.ts';
import { ComplexStore } from './complex-store.ts';
import type { Counts } from './counts.ts';
import { killPoint } from './crash-points.ts';
import { errorLog } from './errors-log.ts';
import { type GenerateOptions, type RunConfig, resolveGenerateOptions } from './generate-options.ts';
import { heapTrimmer } from './heap-trim.ts';
import { commonSize, type ImageSizes, imageSizes } from './image-sizes.ts';
import { type IngestedList, ingestStage, readIngested } from './ingest-stage.ts';
import { stopOnSignals } from './interrupt.ts';
import type { RenderTally } from './render-stage.ts';
import { claimFolder } from './run-identity.ts';
import { clusterEngineOfRun, identityOfRun, type RunOptions, runOptions, runStyle, runStyles, taskOptionsOfRun } from './run-options.ts';
import { type RunPool, startRunPool } from './run-pool.ts';
import { type RunFacts, runLog, summaryLines } from './run-report.ts';
import { formatShard, inShard } from './shard.ts';
import { type ComplexSplit, splitComplexes } from './split.ts';
import { streamComplexes } from './stream-complexes.ts';
import { writeJsonFile } from './write-text.ts';

/** The split by protein is short of its aim (and --allow-short was not given). */
export class SplitShortError extends KnownError {}

export type { GenerateOptions } from './generate-options.ts';

export interface GenerateSummary {
  complexes: number;
  questions: number;
  distinctImages: number;
  rendered: number;
  existing: number;
  rejects: number;
  /** Stage (and `internal`) of every reject: the summary and --strict read them. */
  rejectKinds: { stage?: unknown; internal?: unknown; id?: unknown }[];
  /** Complexes found done in the folder (a resumed run). */
  resumed: number;
  seconds: Record<string, number>;
}

/** Where a run is, for the line an interruption prints. */
interface RunPosition {
  at: () => string;
}

export async function generate(options: GenerateOptions): Promise<GenerateSummary> {
  // Defaults filled in and every value checked once, here; the stages read this whole.
  const o = resolveGenerateOptions(options);
  const position: RunPosition = { at: () => 'before any structure was read' };
  if (!o.onInterrupt) return generateRun(o, position);
  const stopWatching = stopOnSignals(o.out, () => position.at(), o.onInterrupt);
  try {
    return await generateRun(o, position);
  } finally {
    stopWatching();
  }
}

/** What every stage of one run reads: its options worked out, where it is, its log. */
interface Run {
  o: RunConfig;
  position: RunPosition;
  log: (line: string) => void;
  paths: ReturnType<typeof datasetPaths>;
  counts: Counts;
  sizes: ImageSizes;
  options: RunOptions;
  style: Style;
  /** The style of each task's scenes (its label layout and set). */
  styles: Record<string, Style>;
  browser: NonNullable<ReturnType<typeof findBrowser>>;
  seconds: Record<string, number>;
  lap: (name: string) => void;
}

/** Before anything starts: the folder is one generate may use, the options are worked out
 * and a browser is found (else NoBrowserError). */
function prepareRun(o: RunConfig, position: RunPosition): Run {
  // A folder holding an ingest output is not replaced unasked.
  checkOutForGenerate(o.out);
  // The mmseqs engine (and its version) is part of the run's identity; none means exact.
  const mmseqs = clusterEngineOfRun(o);
  const sizes = imageSizes(o.tasks, { all: o.size, perTask: o.sizes });
  const options = runOptions(o, mmseqs, sizes);
  const browser = findBrowser();
  if (!browser) throw new NoBrowserError(NO_BROWSER_HELP);
  const seconds: Record<string, number> = {};
  let t0 = Date.now();
  return {
    o,
    position,
    log: o.log ?? ((line: string) => process.stderr.write(line + '\n')),
    paths: datasetPaths(o.out),
    counts: o.perComplex,
    sizes,
    options,
    style: runStyle(options),
    styles: runStyles(o.tasks, options),
    browser,
    seconds,
    lap: (name) => {
      seconds[name] = (Date.now() - t0) / 1000;
      t0 = Date.now();
    },
  };
}

/** Claims the folder for the run's identity (a folder holding another run is refused): true
 * when it resumes a run of the same options. */
async function claimRun(run: Run, v: Versions): Promise<boolean> {
  const resuming = await claimFolder(run.o.out, identityOfRun(run.o, run.options, v));
  if (resuming) await removeTemporaryFiles(run.o.out);
  return resuming;
}

/** Ingest and H-bonds, one input at a time, each kept under parts/ingest/. */
async function ingestInputs(run: Run, onError: ReturnType<typeof errorLog>): Promise<IngestedList> {
  const { o, position } = run;
  const progress = o.quiet ? null : progressReporter('generate: ingest');
  position.at = () => 'while reading the structures';
  // The run's options whole: the stage reads its own (ligand, pocket, H-bonds, limit, threads).
  const read = await ingestStage(o.structures, o.out, { ...o, onError }, (done, total) => {
    position.at = () => `while reading the structures (${done} of ${total} read)`;
    progress?.update(done, total);
  });
  position.at = () => 'after reading the structures, before the first complex was done';
  progress?.done();
  return read;
}

/** The split (from every complex, whatever the shard), refused when short of its aim unless
 * allowed, and the assembly plan written. */
async function splitRun(run: Run, read: IngestedList, environment: RenderEnvironment): Promise<ComplexSplit> {
  const { o } = run;
  const split = await splitComplexes(
    { ids: read.ids, load: (id) => readIngested(o.out, id) },
    // The split's own names for the run's split options (pipeline/generate/split.ts).
    {
      by: o.splitBy,
      seed: o.seed,
      testShare: o.testShare,
      threshold: o.clusterThreshold,
      engine: o.clusterEngine,
      maxExcluded: o.maxExcluded,
      buffer: o.buffer,
      splitDate: o.splitDate,
      indexYears: o.indexYears,
    },
  );
  const short = shortfall(split.file);
  if (short && !o.allowShort) throw new SplitShortError(`the split by protein: ${short}`);
  if (short) run.log(`generate: accepted (--allow-short): ${short}`);
  await writeAssemblyPlan(o.out, {
    seed: o.seed,
    options: run.options,
    tasks: o.tasks.map((t) => t.id),
    complexes: read.ids.map((id) => ({ id, split: split.side.get(id) ?? EXCLUDED, sources: read.sources.get(id)! })),
    ingestRejects: read.rejects,
    splitFile: split.file,
    environment,
  });
  return split;
}

/** This run's complexes (its shard's), those already done in the folder, and the rest. */
function complexesToDo(o: RunConfig, ids: readonly string[]) {
  const mine = ids.filter((id) => inShard(id, o.shard));
  const todo = mine.filter((id) => !partExists(o.out, id));
  return { mine, todo, resumed: mine.length - todo.length };
}

/** Plan -> render -> write per complex, with progress; closes the pool at the end. */
async function streamRun(
  run: Run,
  rp: RunPool,
  work: ReturnType<typeof complexesToDo>,
  split: ComplexSplit,
  store: ComplexStore,
  onError: ReturnType<typeof errorLog>,
  v: Versions,
): Promise<RenderTally> {
  const { o, position } = run;
  const { mine, todo } = work;
  const trimHeap = heapTrimmer();
  const progress = o.quiet ? null : runProgress('generate', 'complexes');
  const killAfterImage = killPoint('MISI_GEN_KILL_AFTER_IMAGES');
  let images = 0;
  let done = work.resumed;
  position.at = () => `after ${done} of ${complexes(mine.length)}`;
  rp.onImage = () => {
    images++;
    trimHeap();
    progress?.update(done, mine.length, images);
    killAfterImage();
  };
  try {
    progress?.update(done, mine.length, images);
    // Not waiting for the warm-up: the first complexes are planned and laid out while the
    // browsers finish starting (their jobs queue behind the warm-up's).
    return await streamComplexes({
      // Three complexes per page in flight: with two, a complex's planning and the others'
      // records and hashes sometimes left the queue empty (both pages idle ~1-2 s in a
      // 12-complex run, docs/history/rendering.md).
      outDir: o.out,
      seed: o.seed,
      ids: todo,
      store,
      pool: rp.pool,
      inFlight: rp.pool.size * 3,
      plan: {
        seed: o.seed,
        split,
        tasks: o.tasks,
        counts: run.counts,
        sizes: run.sizes,
        style: run.style,
        styles: run.styles,
        taskOptions: taskOptionsOfRun(o),
      },
      onComplexDone: () => progress?.update(++done, mine.length, images),
      onError,
      versions: v,
      files: { annotations: run.options.annotations, pngCompression: run.options.pngCompression },
    });
  } finally {
    await rp.close();
    progress?.done();
  }
}

/** The dataset from the parts; a shard leaves that to `merge` and gathers its own rejects. */
async function finishRun(
  run: Run,
  read: IngestedList,
  mine: readonly string[],
  v: Versions,
): Promise<RunFacts['summary'] & { counts?: Record<string, { train: number; test: number }> }> {
  const { o } = run;
  run.position.at = () => `while writing the dataset files (all ${complexes(mine.length)} done)`;
  if (!o.shard) return assemble(o.out, killPoint('MISI_GEN_KILL_AFTER_FILES'), o.tasks);
  // A shard's own rejects: the inputs it read and its complexes' parts.
  const kinds: GenerateSummary['rejectKinds'] = read.rejects.map((r) => ({ stage: r.stage, internal: r.internal, id: r.id }));
  for (const id of mine)
    for (const r of (await readPart(o.out, id, v)).rejects as { stage?: unknown; internal?: unknown; id?: unknown }[])
      kinds.push({ stage: r.stage, internal: r.internal, id: r.id });
  await writeJsonFile(run.paths.shardDone, { shard: formatShard(o.shard), complexes: mine.length, done: true });
  return { questions: 0, imageReferences: 0, distinctImages: 0, rejects: kinds.length, rejectKinds: kinds };
}

async function generateRun(o: RunConfig, position: RunPosition): Promise<GenerateSummary> {
  const run = prepareRun(o, position);
  const started = new Date();
  // The pages start while the rest is prepared; whatever stops the run first closes them.
  const rp = startRunPool(run.browser.path, o.pages, run.style, commonSize(run.sizes));
  // The browser build and font decide pixels too: part of the identity, and of the manifest.
  const environment = await renderEnvironment(run.browser.path).catch(rp.abandon);
  const v = versions(environment, o.tasks);
  const resuming = await claimRun(run, v).catch(rp.abandon);
  const onError = errorLog(o.out);
  const read = await ingestInputs(run, onError).catch(rp.abandon);
  run.lap('ingest');
  const split = await splitRun(run, read, environment).catch(rp.abandon);
  const store = new ComplexStore(o.out, new Set(read.ids));
  const work = complexesToDo(o, read.ids);
  if (resuming)
    run.log(
      `generate: resuming the run in ${o.out}: ${work.resumed} of ${complexes(work.mine.length)} already done${work.resumed < work.mine.length ? `, starting at ${work.todo[0]}` : ''}`,
    );
  const tally = await streamRun(run, rp, work, split, store, onError, v);
  run.lap('render');
  const summary = await finishRun(run, read, work.mine, v);
  run.lap('write');
  const facts: RunFacts = {
    shard: o.shard,
    out: o.out,
    seconds: run.seconds,
    summary,
    tally,
    ids: { total: read.ids.length, mine: work.mine.length, resumed: work.resumed, done: work.todo.length },
    sides: { train: split.ids.train.length, test: split.ids.test.length, val: split.ids.val?.length ?? 0, excluded: split.excluded.length },
    rejectsAt: o.shard ? `${run.paths.parts} (${REJECTS_FILE} after merge)` : run.paths.rejects,
  };
  await writeJsonFile(run.paths.runLog, runLog(facts, started, new Date(), rp.pool, store.reads, run.browser));
  for (const line of summaryLines(facts)) run.log(line);
  closingNotes(run, read, split, summary, onError);
  return {
    complexes: read.ids.length,
    questions: summary.questions,
    distinctImages: summary.distinctImages,
    rendered: tally.rendered,
    existing: tally.existing,
    rejects: summary.rejects,
    rejectKinds: summary.rejectKinds,
    resumed: work.resumed,
    seconds: run.seconds,
  };
}

/** The notes after the summary: changed inputs, split warnings, bugs turned into rejects. */
function closingNotes(
  run: Run,
  read: IngestedList,
  split: ComplexSplit,
  summary: { counts?: Record<string, { train: number; test: number }> },
  onError: ReturnType<typeof errorLog>,
): void {
  const changed = read.changes.summary(run.o.shard ? run.paths.ingestDir : run.paths.complexes);
  if (changed) run.log(`generate: ${changed}`);
  for (const w of splitWarnings({ train: split.ids.train.length, test: split.ids.test.length }, run.o.testShare, summary.counts))
    run.log(`generate: warning: ${w}`);
  if (onError.count())
    run.log(
      `generate: ${onError.count()} unexpected exception${onError.count() === 1 ? '' : 's'} (bugs) turned into rejects; details in ${run.paths.errorsLog}`,
    );
}
