// What a run of `generate` is, worked out from its options before anything starts: the
// task options (every known task's), the image sizes, the options record the run's identity
// and manifest carry, the style its scenes are drawn in, and the identity itself (what a
// resume or merge must match; its file: run-identity.ts). Pure: no browser, no files.

import { VAL } from '../../qa/split-names.ts';
import { DEFAULT_LABEL_LAYOUT, type TaskModule } from '../../qa/task.ts';
import { allTasks, defaultTaskOptions } from '../../qa/task-registry.ts';
import type { LabelLayoutMode } from '../../renders/label-layout.ts';
import { DEFAULT_PNG_COMPRESSION } from '../../renders/png-encode.ts';
import { DEFAULT_ANTIALIAS, DEFAULT_STYLE, makeStyle, type Style } from '../../renders/style.ts';
import { DEFAULT_ANNOTATION_LAYOUT } from '../dataset/layout.ts';
import { identityVersions, type Versions } from '../dataset/versions.ts';
import { byProtein } from '../split/group-complexes.ts';
import { MMSEQS_MISSING, MmseqsMissingError, mmseqsVersion } from '../split/mmseqs-clusters.ts';
import { DEFAULT_MAX_EXCLUDED } from '../split/split-by-protein.ts';
import { type Counts, formatCounts } from './counts.ts';
import type { GenerateOptions } from './generate-options.ts';
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

/** The options record of a run (part of its identity and its manifest), in its key order. */
export function runOptions(
  o: GenerateOptions,
  counts: Counts,
  mmseqs: string | null,
  sizes: ImageSizes = imageSizes(o.tasks, { all: o.size, perTask: o.sizes }),
) {
  const protein = o.splitBy !== undefined && byProtein(o.splitBy);
  // `size` is recorded when every task has the same one (else null).
  const sizeSet = new Set(Object.values(sizes));
  // Label layout and set per task; `labelLayout` is recorded when every task has the same one (else null).
  const layouts = labelLayouts(o.tasks, { all: o.labelLayout, perTask: o.labelLayouts });
  return {
    tasks: o.tasks.map((t) => t.id),
    perComplex: formatCounts(counts),
    testShare: o.testShare,
    ...(o.splitBy && o.splitBy !== 'complex'
      ? {
          splitBy: o.splitBy,
          ...(protein
            ? {
                clusterThreshold: o.clusterThreshold ?? null,
                maxExcluded: o.maxExcluded ?? DEFAULT_MAX_EXCLUDED,
                ...(o.buffer === VAL ? { buffer: VAL } : {}),
              }
            : {}),
          ...(o.splitBy === 'time' ? { splitDate: o.splitDate ?? null } : {}),
        }
      : {}),
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
    labels: labelSets(o.tasks, { all: o.labels, perTask: o.labelSets }),
    ...taskOptionsOfRun(o),
    antialias: o.antialias ?? DEFAULT_ANTIALIAS,
    annotations: o.annotations ?? DEFAULT_ANNOTATION_LAYOUT,
    pngCompression: o.pngCompression ?? DEFAULT_PNG_COMPRESSION,
  };
}

export type RunOptions = ReturnType<typeof runOptions>;

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

/** The run's identity: what a resume or a merge must match (claimFolder, run-identity.ts). */
export function identityOfRun(
  o: Pick<GenerateOptions, 'seed' | 'structures' | 'ligandsFile' | 'shard'>,
  options: RunOptions,
  v: Versions,
): RunIdentity {
  return {
    dataset: { seed: o.seed, ...identityVersions(v), ...options },
    inputs: { structures: o.structures, ligands: o.ligandsFile ?? null, shard: o.shard ? formatShard(o.shard) : null },
  };
}
