// `generate` as a library call: ingest (with H-bonds) -> split -> plan -> render -> write,
// streamed complex by complex (stream-complexes.ts) with the work of each kept under
// `parts/`, then the dataset assembled from the parts (assemble.ts). The split is decided
// from the sorted complex ids before any question is drawn; every question draws from its
// own generator. On a folder holding a partial run of the same options it resumes; with a
// shard it does only its slice and leaves the assembly to `merge`.
import { cpus, freemem, platform, release, totalmem } from 'node:os';
import type { HBondOptions } from '../../structures/hbonds/find-hbonds.ts';
import { DEFAULT_ANTIALIAS, DEFAULT_STYLE, makeStyle, type AntialiasMethod } from '../../renders/style.ts';
import { warmUpJob } from '../../renders/warm-up.ts';
import type { LabelLayoutMode } from '../../renders/label-layout.ts';
import type { LabelSet } from '../../renders/style.ts';
import { labelLayouts, labelSets, taskStyles } from './label-options.ts';
import { sharedValue } from './per-task-values.ts';
import type { ResidueFraming } from '../../qa/tasks/residue-ligand.ts';
import { allTasks, defaultTaskOptions } from '../../qa/task-registry.ts';
import { NoBrowserError } from '../../renders/browser.ts';
import { findBrowser, NO_BROWSER_HELP } from '../../renders/find-browser.ts';
import { identityVersions, versions } from '../dataset/versions.ts';
import { DEFAULT_ANNOTATION_LAYOUT, datasetPaths, REJECTS_FILE, removeTemporaryFiles, type AnnotationLayout } from '../dataset/layout.ts';
import { DEFAULT_PNG_COMPRESSION, type PngCompression } from '../../renders/png-encode.ts';
import { renderEnvironment } from '../../renders/render-environment.ts';
import { DEFAULT_LABEL_LAYOUT, type TaskModule } from '../../qa/task.ts';
import { progressReporter, runProgress } from '../progress.ts';
import { assemble, writeAssemblyPlan } from './assemble.ts';
import { partExists, readPart } from './complex-part.ts';
import { errorLog } from './errors-log.ts';
import { rejectSummary } from '../reject-summary.ts';
import { splitWarnings } from '../split-warnings.ts';
import { ComplexStore } from './complex-store.ts';
import { CountingPool } from './counting-pool.ts';
import { heapTrimmer } from './heap-trim.ts';
import { formatCounts, parseCounts } from './counts.ts';
import { commonSize, imageSizes } from './image-sizes.ts';
import { killPoint } from './crash-points.ts';
import { ingestStage, readIngested } from './ingest-stage.ts';
import { claimFolder, type RunIdentity } from './run-identity.ts';
import { stopOnSignals, type Interruption } from './interrupt.ts';
import { checkOutForGenerate } from '../out-folder.ts';
import { formatShard, inShard, type Shard } from './shard.ts';
import { splitComplexes } from './split.ts';
import { byProtein, type ClusterEngine, type SplitBy } from '../split/group-complexes.ts';
import { DEFAULT_MAX_EXCLUDED, type Buffer } from '../split/split-by-protein.ts';
import { shortfall } from '../split/split-report.ts';

/** The split by protein is short of its aim (and --allow-short was not given). */
export class SplitShortError extends Error {}
import { MMSEQS_MISSING, MmseqsMissingError, mmseqsVersion } from '../split/mmseqs-clusters.ts';
import { streamComplexes } from './stream-complexes.ts';
import { writeJsonFile } from './write-text.ts';
import { complexes, count } from '../plural.ts';

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
  /** What a held-out group is (default: each complex); see pipeline/split/. */
  splitBy?: SplitBy;
  /** Identity threshold (fraction) of the split by protein. */
  clusterThreshold?: number;
  /** Cluster engine of the split by protein (default exact). */
  clusterEngine?: ClusterEngine;
  /** Split by protein: share that may be excluded (default 0.2), and whether a test side short of its aim is accepted. */
  maxExcluded?: number;
  /** Split by protein: `val` makes the excluded complexes a validation split (default none). */
  buffer?: Buffer;
  allowShort?: boolean;
  /** Time split: the date test starts at, and release years from a PDBbind index. */
  splitDate?: string;
  indexYears?: ReadonlyMap<string, string>;
  /** Pages in the render pool; default one per core. */
  pages?: number;
  /** Worker threads reading the inputs (default 1: this thread); outputs do not depend on it. */
  readThreads?: number;
  /** How outlines are smoothed (default DEFAULT_ANTIALIAS); part of the run's identity. */
  antialias?: AntialiasMethod;
  /** Annotation files: compact (default), full (one JSON record per image, as before) or none; part of the run's identity. */
  annotations?: AnnotationLayout;
  /** PNG encoder setting (default fast; renders/png-encode.ts); part of the run's identity. */
  pngCompression?: PngCompression;
  /** Do only this slice of the complexes (and no assembly: `merge` joins the shards). */
  shard?: Shard;
  /** Image width and height of every task's images, pixels (default: each task's own,
   * TaskModule.defaultImageSize). */
  size?: number;
  /** Image width and height of single tasks by task id, pixels (over `size`). */
  sizes?: Record<string, number>;
  /** Label font size, CSS pixels (default 12; does not scale with the image). */
  labelFontSize?: number;
  /** Label placement of every task's images (default: each task's own, TaskModule.labelLayout,
   * else `clear`; renders/label-layout.ts). `avoid` is the layout before issue #42. */
  labelLayout?: LabelLayoutMode;
  /** Label placement of single tasks by task id (over `labelLayout`). */
  labelLayouts?: Record<string, LabelLayoutMode>;
  /** Which labels every task's images draw (default all, the paper's). */
  labels?: LabelSet;
  /** Which labels single tasks' images draw, by task id (over `labels`). */
  labelSets?: Record<string, LabelSet>;
  /** Values of the tasks' own options by key (TaskModule.options), e.g. { residueFraming: 'complex' };
   * each unset one takes its default. All are part of the run's identity. */
  taskOptions?: Record<string, string>;
  /** Camera of residue-ligand questions: the same as taskOptions.residueFraming (kept for callers of 0.1). */
  residueFraming?: ResidueFraming;
  /** Progress and notes (stderr in the CLI). */
  log?: (line: string) => void;
  /** Given: SIGINT and SIGTERM stop the run tidily (browsers killed, temporary files
   * removed; interrupt.ts), then this is called with how far it got (and should exit). */
  onInterrupt?: (i: Interruption) => void;
  quiet?: boolean;
}

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

export async function generate(o: GenerateOptions): Promise<GenerateSummary> {
  const position: RunPosition = { at: () => 'before any structure was read' };
  if (!o.onInterrupt) return generateRun(o, position);
  const stopWatching = stopOnSignals(o.out, () => position.at(), o.onInterrupt);
  try {
    return await generateRun(o, position);
  } finally {
    stopWatching();
  }
}

async function generateRun(o: GenerateOptions, position: RunPosition): Promise<GenerateSummary> {
  // Before anything starts: a folder holding an ingest output is not replaced unasked.
  checkOutForGenerate(o.out);
  const log = o.log ?? ((line: string) => process.stderr.write(line + '\n'));
  const paths = datasetPaths(o.out);
  const counts = parseCounts(o.perComplex, o.tasks);
  const seconds: Record<string, number> = {};
  const started = new Date();
  let t0 = Date.now();
  const lap = (name: string) => { seconds[name] = (Date.now() - t0) / 1000; t0 = Date.now(); };

  // The run's identity: a folder holding a run with other options is refused. The mmseqs
  // engine (and its version) is recorded; no entry means the exact engine.
  const protein = o.splitBy !== undefined && byProtein(o.splitBy);
  const mmseqs = protein && o.clusterEngine === 'mmseqs' ? mmseqsVersion() : null;
  if (protein && o.clusterEngine === 'mmseqs' && mmseqs === null) throw new MmseqsMissingError(MMSEQS_MISSING);
  // Every known task's options (those of tasks not run too, so a run's identity does not
  // depend on which tasks carry them).
  const taskOptions: Record<string, string> = {
    ...defaultTaskOptions([...allTasks(), ...o.tasks]),
    ...(o.residueFraming ? { residueFraming: o.residueFraming } : {}),
    ...o.taskOptions,
  };
  // Image size per task; `size` is recorded when every task has the same one (else null).
  const sizes = imageSizes(o.tasks, { all: o.size, perTask: o.sizes });
  const sizeSet = new Set(Object.values(sizes));
  // Label layout and set per task; `labelLayout` is recorded when every task has the same one (else null).
  const layouts = labelLayouts(o.tasks, { all: o.labelLayout, perTask: o.labelLayouts });
  const labelSetsOfTasks = labelSets(o.tasks, { all: o.labels, perTask: o.labelSets });
  const options = {
    tasks: o.tasks.map((t) => t.id),
    perComplex: formatCounts(counts),
    testShare: o.testShare,
    ...(o.splitBy && o.splitBy !== 'complex' ? { splitBy: o.splitBy, ...(protein ? { clusterThreshold: o.clusterThreshold ?? null, maxExcluded: o.maxExcluded ?? DEFAULT_MAX_EXCLUDED, ...(o.buffer === 'val' ? { buffer: 'val' } : {}) } : {}), ...(o.splitBy === 'time' ? { splitDate: o.splitDate ?? null } : {}) } : {}),
    ...(mmseqs !== null ? { clusterEngine: { name: 'mmseqs', version: mmseqs } } : {}),
    limit: o.limit ?? null,
    ligand: o.ligand ?? null,
    pocketRadius: o.pocketRadius ?? null,
    pocketHydrogens: o.pocketHydrogens ?? null,
    hbonds: o.hbonds ?? {},
    size: sizeSet.size === 1 ? [...sizeSet][0] : null,
    imageSizes: sizes,
    labelFontSize: o.labelFontSize ?? DEFAULT_STYLE.labels.fontSize,
    labelLayout: sharedValue(layouts),
    labelLayouts: layouts,
    labels: labelSetsOfTasks,
    ...taskOptions,
    antialias: o.antialias ?? DEFAULT_ANTIALIAS,
    annotations: o.annotations ?? DEFAULT_ANNOTATION_LAYOUT,
    pngCompression: o.pngCompression ?? DEFAULT_PNG_COMPRESSION,
  };
  const browser = findBrowser();
  if (!browser) throw new NoBrowserError(NO_BROWSER_HELP);
  const styleOf = (layout: LabelLayoutMode) => makeStyle({ antialias: options.antialias, labels: { layout, fontSize: options.labelFontSize } });
  const styles = taskStyles(o.tasks, layouts, labelSetsOfTasks, styleOf);
  const style = styles[o.tasks[0]?.id] ?? styleOf(DEFAULT_LABEL_LAYOUT);

  // The pages start (browser, shaders) while the rest is prepared and the input ingested on
  // the other core; whatever stops the run before the pool's own `finally` closes it first.
  const trimHeap = heapTrimmer();
  let images = 0;
  let complexesDone = 0;
  let onImage = () => undefined as void;
  // The pool launches the browser found here, whose build the identity and manifest record.
  const pool = new CountingPool({ pages: o.pages, executablePath: browser.path }, () => onImage());
  const warming = pool.warmUp(warmUpJob(style, commonSize(sizes)));
  const abandon = async (e: unknown): Promise<never> => {
    await warming; // it never rejects
    await pool.close();
    throw e;
  };
  // The browser build and font decide pixels too: part of the identity, and of the manifest.
  const environment = await renderEnvironment(browser.path).catch(abandon);
  const v = versions(environment, o.tasks);
  const identity: RunIdentity = {
    dataset: { seed: o.seed, ...identityVersions(v), ...options },
    inputs: { structures: o.structures, ligands: o.ligandsFile ?? null, shard: o.shard ? formatShard(o.shard) : null },
  };
  const resuming = await claimFolder(o.out, identity).catch(abandon);
  if (resuming) await removeTemporaryFiles(o.out).catch(abandon);
  const onError = errorLog(o.out);

  // Ingest and H-bonds, one input at a time, each kept under parts/ingest/.
  const ingestProgress = o.quiet ? null : progressReporter('generate: ingest');
  position.at = () => 'while reading the structures';
  const read = await ingestStage(o.structures, o.out, {
    ligand: o.ligand, ligandsFile: o.ligandsFile, pocketRadius: o.pocketRadius, pocketHydrogens: o.pocketHydrogens,
    hbonds: o.hbonds ?? {}, limit: o.limit, readThreads: o.readThreads, onError,
  }, (done, total) => {
    position.at = () => `while reading the structures (${done} of ${total} read)`;
    ingestProgress?.update(done, total);
  }).catch(abandon);
  position.at = () => 'after reading the structures, before the first complex was done';
  ingestProgress?.done();
  lap('ingest');

  // Split (from every complex, whatever the shard), then plan -> render -> write per complex.
  const split = await splitComplexes({ ids: read.ids, load: (id) => readIngested(o.out, id) }, {
    by: o.splitBy ?? 'complex', seed: o.seed, testShare: o.testShare, threshold: o.clusterThreshold, engine: o.clusterEngine,
    maxExcluded: o.maxExcluded, buffer: o.buffer, splitDate: o.splitDate, indexYears: o.indexYears,
  }).catch(abandon);
  const short = shortfall(split.file);
  if (short && !o.allowShort) await abandon(new SplitShortError(`the split by protein: ${short}`));
  if (short) log(`generate: accepted (--allow-short): ${short}`);
  const splitFile = split.file;
  await writeAssemblyPlan(o.out, {
    seed: o.seed, options, tasks: o.tasks.map((t) => t.id),
    complexes: read.ids.map((id) => ({ id, split: split.side.get(id) ?? 'excluded', sources: read.sources.get(id)! })),
    ingestRejects: read.rejects, splitFile, environment,
  }).catch(abandon);
  const store = new ComplexStore(o.out, new Set(read.ids));
  const mine = read.ids.filter((id) => inShard(id, o.shard));
  const todo = mine.filter((id) => !partExists(o.out, id));
  const resumed = mine.length - todo.length;
  if (resuming) log(`generate: resuming the run in ${o.out}: ${resumed} of ${complexes(mine.length)} already done${resumed < mine.length ? `, starting at ${todo[0]}` : ''}`);
  position.at = () => `after ${complexesDone} of ${complexes(mine.length)}`;
  const progress = o.quiet ? null : runProgress('generate', 'complexes');
  const killAfterImage = killPoint('MISI_GEN_KILL_AFTER_IMAGES');
  complexesDone = resumed;
  onImage = () => {
    images++;
    trimHeap();
    progress?.update(complexesDone, mine.length, images);
    killAfterImage();
  };
  let tally;
  try {
    progress?.update(complexesDone, mine.length, images);
    // Not waiting for the warm-up: the first complexes are planned and laid out while the
    // browsers finish starting (their jobs queue behind the warm-up's).
    tally = await streamComplexes({
      // Three complexes per page in flight: with two, a complex's planning and the others'
      // records and hashes sometimes left the queue empty (both pages idle ~1-2 s in a
      // 12-complex run, docs/history/rendering.md).
      outDir: o.out, seed: o.seed, ids: todo, store, pool, inFlight: pool.size * 3,
      plan: { seed: o.seed, split, tasks: o.tasks, counts, sizes, style, styles, taskOptions },
      onComplexDone: () => progress?.update(++complexesDone, mine.length, images),
      onError,
      versions: v,
      files: { annotations: options.annotations, pngCompression: options.pngCompression },
    });
  } finally {
    await warming; // it never rejects
    await pool.close();
    progress?.done();
  }
  lap('render');

  // The dataset from the parts (a shard leaves that to `merge`).
  let summary: { questions: number; imageReferences: number; distinctImages: number; rejects: number; rejectKinds: GenerateSummary['rejectKinds']; counts?: Record<string, { train: number; test: number }> } = { questions: 0, imageReferences: 0, distinctImages: 0, rejects: 0, rejectKinds: [] };
  position.at = () => `while writing the dataset files (all ${complexes(mine.length)} done)`;
  if (!o.shard) {
    summary = await assemble(o.out, killPoint('MISI_GEN_KILL_AFTER_FILES'), o.tasks);
  } else {
    // A shard's own rejects: the inputs it read and its complexes' parts.
    const kinds: GenerateSummary['rejectKinds'] = read.rejects.map((r) => ({ stage: r.stage, internal: r.internal, id: r.id }));
    for (const id of mine) for (const r of (await readPart(o.out, id, v)).rejects as { stage?: unknown; internal?: unknown; id?: unknown }[]) kinds.push({ stage: r.stage, internal: r.internal, id: r.id });
    summary = { ...summary, rejects: kinds.length, rejectKinds: kinds };
    await writeJsonFile(paths.shardDone, { shard: formatShard(o.shard), complexes: mine.length, done: true });
  }
  lap('write');
  const total = Object.values(seconds).reduce((a, b) => a + b, 0);
  const cpu = cpus();
  await writeJsonFile(paths.runLog, {
    started: started.toISOString(),
    finished: new Date().toISOString(),
    seconds: { ...seconds, total },
    shard: o.shard ? formatShard(o.shard) : null,
    complexes: { total: read.ids.length, mine: mine.length, resumed, done: todo.length },
    images: { distinct: summary.distinctImages, rendered: tally.rendered, existing: tally.existing, failed: tally.failed.size, renderedPerSecond: seconds.render > 0 ? tally.rendered / seconds.render : null },
    pages: pool.size,
    browserLaunches: pool.launches,
    retries: pool.retries,
    complexReads: store.reads,
    machine: { platform: platform(), release: release(), cpus: cpu.length, cpuModel: cpu[0]?.model ?? '', memoryBytes: totalmem(), freeMemoryBytes: freemem(), node: process.version, browser },
  });
  const sides = `${split.ids.train.length} train, ${split.ids.test.length} test${split.ids.val?.length ? `, ${split.ids.val.length} val` : ''}${split.excluded.length ? `, ${split.excluded.length} excluded` : ''}`;
  if (o.shard) {
    log(`generate: shard ${formatShard(o.shard)}: ${mine.length} of ${complexes(read.ids.length)} (${sides}), ${count(tally.rendered, 'image')} drawn, ${tally.existing} already there, ${total.toFixed(1)} s -> ${o.out} (join the shards with misi-gen merge)`);
    if (summary.rejects) log(`generate: ${rejectSummary(summary.rejectKinds, `${paths.parts} (${REJECTS_FILE} after merge)`)}`);
  } else {
    // "already there": images of the dataset this run did not draw (an earlier run in this folder drew them).
    log(`generate: ${complexes(read.ids.length)} (${sides}), ${count(summary.questions, 'question')}, ${count(summary.imageReferences, 'image reference')}, ${count(summary.distinctImages, 'distinct image')} (${tally.rendered} drawn, ${Math.max(0, summary.distinctImages - tally.rendered)} already there), ${count(summary.rejects, 'reject')}, ${total.toFixed(1)} s -> ${o.out}`);
    if (summary.rejects) log(`generate: ${rejectSummary(summary.rejectKinds, paths.rejects)}`);
  }
  const changed = read.changes.summary(o.shard ? paths.ingestDir : paths.complexes);
  if (changed) log(`generate: ${changed}`);
  for (const w of splitWarnings({ train: split.ids.train.length, test: split.ids.test.length }, o.testShare, summary.counts)) log(`generate: warning: ${w}`);
  if (onError.count()) log(`generate: ${onError.count()} unexpected exception${onError.count() === 1 ? '' : 's'} (bugs) turned into rejects; details in ${paths.errorsLog}`);
  return { complexes: read.ids.length, questions: summary.questions, distinctImages: summary.distinctImages, rendered: tally.rendered, existing: tally.existing, rejects: summary.rejects, rejectKinds: summary.rejectKinds, resumed, seconds };
}
