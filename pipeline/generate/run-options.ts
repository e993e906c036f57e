// What a run of `generate` is, worked out from its resolved options (RunConfig,
// generate-options.ts) before anything starts: the task options (every known task's), the
// options record the run's identity and manifest carry (one recorder per option or group of
// options GENERATE_OPTIONS declares part of the identity), the style its scenes are drawn in, and the identity itself (what a
// resume or merge must match; its file: run-identity.ts). Pure: no browser, no files.

import { VAL } from '../../qa/split-names.ts';
import { DEFAULT_LABEL_LAYOUT, type TaskModule } from '../../qa/task.ts';
import { allTasks, defaultTaskOptions } from '../../qa/task-registry.ts';
import type { LabelLayoutMode } from '../../renders/label-layout.ts';
import { makeStyle, type Style } from '../../renders/style.ts';
import { identityVersions, type Versions } from '../dataset/versions.ts';
import { byProtein, type SplitBy } from '../split/group-complexes.ts';
import { MMSEQS_MISSING, MmseqsMissingError, mmseqsVersion } from '../split/mmseqs-clusters.ts';
import { formatCounts } from './counts.ts';
import type { GenerateOptions, RunConfig } from './generate-options.ts';
import { type ImageSizes, imageSizes } from './image-sizes.ts';
import { labelLayouts, labelSets, taskStyles } from './label-options.ts';
import { sharedValue } from './per-task-values.ts';
import type { RunIdentity } from './run-identity.ts';
import { formatShard } from './shard.ts';

/** The values of every known task's options (those of tasks not run too, so a run's
 * identity does not depend on which tasks carry them): defaults, then the run's. */
export function taskOptionsOfRun(o: Pick<GenerateOptions, 'tasks' | 'residueFraming' | 'taskOptions'>): Record<string, string> {
  return {
    ...defaultTaskOptions([...allTasks(), ...o.tasks]),
    ...(o.residueFraming ? { residueFraming: o.residueFraming } : {}),
    ...o.taskOptions,
  };
}

/** The mmseqs engine's version when the split by protein uses it (null: the exact engine,
 * or no split by protein); throws MmseqsMissingError when it is asked for and missing. */
export function clusterEngineOfRun(
  o: Pick<GenerateOptions, 'splitBy' | 'clusterEngine'>,
  version: () => string | null = mmseqsVersion,
): string | null {
  const protein = o.splitBy !== undefined && byProtein(o.splitBy);
  if (!protein || o.clusterEngine !== 'mmseqs') return null;
  const found = version();
  if (found === null) throw new MmseqsMissingError(MMSEQS_MISSING);
  return found;
}

/** What a recorder reads beside the options: the mmseqs version (null: none) and the image sizes. */
interface RecordContext {
  mmseqs: string | null;
  sizes: ImageSizes;
}

/** How the options an entry covers are recorded (fields in the order they are written). */
interface Recorder {
  covers: readonly (keyof GenerateOptions)[];
  record: (c: RunConfig, x: RecordContext) => object;
}

const isProtein = (c: RunConfig) => byProtein(c.splitBy);

/**
 * The options record of a run, entry by entry in its key order (a manifest's `options` and
 * the identity's dataset options): each entry covers options GENERATE_OPTIONS declares part
 * of the identity, and together they cover exactly those (test/pipeline/run-options.test.ts).
 */
export const RECORDERS = [
  { covers: ['tasks'], record: (c) => ({ tasks: c.tasks.map((t) => t.id) }) },
  { covers: ['perComplex'], record: (c) => ({ perComplex: formatCounts(c.perComplex) }) },
  { covers: ['testShare'], record: (c) => ({ testShare: c.testShare }) },
  {
    covers: ['splitBy', 'clusterThreshold', 'maxExcluded', 'buffer', 'splitDate'],
    // Nothing for the split by complex; the protein split's and time split's own options with theirs.
    record: (c): { splitBy?: SplitBy; clusterThreshold?: number; maxExcluded?: number; buffer?: typeof VAL; splitDate?: string | null } =>
      c.splitBy === 'complex'
        ? {}
        : {
            splitBy: c.splitBy,
            ...(isProtein(c)
              ? { clusterThreshold: c.clusterThreshold, maxExcluded: c.maxExcluded, ...(c.buffer === VAL ? { buffer: VAL } : {}) }
              : {}),
            ...(c.splitBy === 'time' ? { splitDate: c.splitDate ?? null } : {}),
          },
  },
  {
    covers: ['clusterEngine'],
    record: (_c, x): { clusterEngine?: { name: 'mmseqs'; version: string } } =>
      x.mmseqs !== null ? { clusterEngine: { name: 'mmseqs', version: x.mmseqs } } : {},
  },
  { covers: ['limit'], record: (c) => ({ limit: c.limit ?? null }) },
  { covers: ['ligand'], record: (c) => ({ ligand: c.ligand ?? null }) },
  { covers: ['pocketRadius'], record: (c) => ({ pocketRadius: c.pocketRadius }) },
  { covers: ['pocketHydrogens'], record: (c) => ({ pocketHydrogens: c.pocketHydrogens }) },
  { covers: ['hbonds'], record: (c) => ({ hbonds: c.hbonds }) },
  {
    covers: ['size', 'sizes'],
    // `size` is recorded when every task has the same one (else null).
    record: (_c, x) => ({ size: sharedValue(x.sizes), imageSizes: x.sizes }),
  },
  { covers: ['labelFontSize'], record: (c) => ({ labelFontSize: c.labelFontSize }) },
  {
    covers: ['labelLayout', 'labelLayouts'],
    // Per task; `labelLayout` is recorded when every task has the same one (else null).
    record: (c) => {
      const layouts = labelLayouts(c.tasks, { all: c.labelLayout, perTask: c.labelLayouts });
      return { labelLayout: sharedValue(layouts), labelLayouts: layouts };
    },
  },
  { covers: ['labels', 'labelSets'], record: (c) => ({ labels: labelSets(c.tasks, { all: c.labels, perTask: c.labelSets }) }) },
  { covers: ['taskOptions', 'residueFraming'], record: (c) => taskOptionsOfRun(c) },
  { covers: ['antialias'], record: (c) => ({ antialias: c.antialias }) },
  { covers: ['annotations'], record: (c) => ({ annotations: c.annotations }) },
  { covers: ['pngCompression'], record: (c) => ({ pngCompression: c.pngCompression }) },
  // Only when asked for: a run made with the separate flags records none (paper-construction.ts).
  { covers: ['construction'], record: (c): { construction?: 'paper' } => (c.construction ? { construction: c.construction } : {}) },
] as const satisfies readonly Recorder[];

type Recorded = ReturnType<(typeof RECORDERS)[number]['record']>;
type Intersection<U> = (U extends unknown ? (u: U) => void : never) extends (i: infer I) => void ? I : never;

/** The options record of a run (part of its identity and its manifest), in its key order. */
export type RunOptions = Intersection<Recorded>;

/** The options record of a run, from its resolved options (RECORDERS, in order). */
export function runOptions(
  c: RunConfig,
  mmseqs: string | null,
  sizes: ImageSizes = imageSizes(c.tasks, { all: c.size, perTask: c.sizes }),
): RunOptions {
  const out = {};
  for (const r of RECORDERS) Object.assign(out, (r.record as Recorder['record'])(c, { mmseqs, sizes }));
  return out as RunOptions;
}

/** The style a run's scenes are drawn in with `layout` (default: the one layout of every task, else DEFAULT_LABEL_LAYOUT). */
export function runStyle(
  options: Pick<RunOptions, 'antialias' | 'labelLayout' | 'labelFontSize'>,
  layout: LabelLayoutMode = options.labelLayout ?? DEFAULT_LABEL_LAYOUT,
): Style {
  return makeStyle({ antialias: options.antialias, labels: { layout, fontSize: options.labelFontSize } });
}

/** The style of each task's scenes: the run's, with the task's label layout and set (label-options.ts). */
export function runStyles(
  tasks: readonly TaskModule[],
  options: Pick<RunOptions, 'antialias' | 'labelLayout' | 'labelLayouts' | 'labels' | 'labelFontSize'>,
): Record<string, Style> {
  return taskStyles(tasks, options.labelLayouts, options.labels, (layout) => runStyle(options, layout));
}

/** How the options declared inputs of the run are recorded in its identity (in this order). */
export const INPUT_RECORDERS = [
  { covers: ['structures'], record: (c) => ({ structures: c.structures }) },
  { covers: ['ligandsFile'], record: (c) => ({ ligands: c.ligandsFile ?? null }) },
  { covers: ['shard'], record: (c) => ({ shard: c.shard ? formatShard(c.shard) : null }) },
] as const satisfies readonly Recorder[];

/** The run's identity: what a resume or a merge must match (claimFolder, run-identity.ts):
 * its seed, versions and options record, and its inputs. */
export function identityOfRun(c: RunConfig, options: RunOptions, v: Versions): RunIdentity {
  const inputs = {};
  for (const r of INPUT_RECORDERS) Object.assign(inputs, (r.record as Recorder['record'])(c, { mmseqs: null, sizes: {} }));
  return { dataset: { seed: c.seed, ...identityVersions(v), ...options }, inputs: inputs as RunIdentity['inputs'] };
}
