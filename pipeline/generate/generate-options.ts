// The options of one run of `generate` (the library call, pipeline/generate/run-generate.ts;
// the command checks its flags into these, pipeline/commands/generate.ts).

import type { TaskModule } from '../../qa/task.ts';
import type { ResidueFraming } from '../../qa/tasks/residue-ligand.ts';
import type { LabelLayoutMode } from '../../renders/label-layout.ts';
import type { PngCompression } from '../../renders/png-encode.ts';
import type { AntialiasMethod, LabelSet } from '../../renders/style.ts';
import type { HBondOptions } from '../../structures/hbonds/find-hbonds.ts';
import type { AnnotationLayout } from '../dataset/layout.ts';
import type { ClusterEngine, SplitBy } from '../split/group-complexes.ts';
import type { BufferSide } from '../split/split-by-protein.ts';
import type { Interruption } from './interrupt.ts';
import type { Shard } from './shard.ts';

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
  buffer?: BufferSide;
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
   * else `clear`; renders/label-layout.ts). `avoid` is the layout before renderer 11. */
  labelLayout?: LabelLayoutMode;
  /** Label placement of single tasks by task id (over `labelLayout`). */
  labelLayouts?: Record<string, LabelLayoutMode>;
  /** Which labels every task's images draw (default: each task's own, TaskModule.labelSet, else all, the paper's). */
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
